import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackToContacts } from "~/features/contacts/back-link";
import { ListNameForm } from "~/features/contacts/list-forms";
import { findContactList, renameContactList } from "~/features/contacts/lists.server";
import { returnPath } from "~/features/contacts/paths";
import { ListNameSchema } from "~/features/contacts/schemas";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["contacts", "phone"] };

/** /contacts/lists/:listId/edit: renaming a list, with the same rules as creating one. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "contacts");
  const list = await findContactList(tenant.id, params.listId ?? "");
  if (!list) notFound();
  const t = await getTranslator(request, "contacts");
  return {
    title: t("renameList.title", { name: list.name }),
    list: { id: list.id, name: list.name },
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")),
    constraint: getZodConstraint(ListNameSchema),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "contacts");
  const listId = params.listId ?? "";
  const formData = await readFormData(request);
  if (!(await findContactList(tenant.id, listId))) notFound();
  const submission = parseWithZod(formData, { schema: ListNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const renamed = await renameContactList(tenant.id, listId, submission.value.name);
  if (!renamed.ok) {
    if (renamed.error === "notFound") notFound();
    return data({ result: submission.reply({ fieldErrors: { name: [renamed.error] } }) }, { status: 400 });
  }
  return redirectWithToast(returnPath(formData.get("returnTo")), {
    type: "success",
    key: "contacts:toast.listRenamed",
    values: { name: submission.value.name },
  });
}

export default function RenameListPage() {
  const { t } = useTranslation("contacts");
  const { list, returnTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("renameList.heading")} back={<BackToContacts returnTo={returnTo} />} />
      <Panel>
        <ListNameForm
          formId={`rename-list-${list.id}`}
          label={t("renameList.label")}
          defaultName={list.name}
          lastResult={actionData?.result}
          returnTo={returnTo}
          submitLabel={t("renameList.submit")}
          submitting={submitting}
          constraint={constraint}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
