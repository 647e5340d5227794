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
import { DEFAULT_LIST_PARAMS, listHref } from "~/features/contacts/list-params";
import { createContactList } from "~/features/contacts/lists.server";
import { contactPaths, returnPath } from "~/features/contacts/paths";
import { ListNameSchema } from "~/features/contacts/schemas";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["contacts", "phone"] };

/**
 * /contacts/lists/new: creating a list. The form sits beside the contacts
 * table and posts here; this page shows it again when the name was refused
 * and JavaScript is off (with JavaScript the refusal shows beside the table).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireActionAccess(request, "create", "contacts");
  const t = await getTranslator(request, "contacts");
  return {
    title: t("createList.title"),
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")),
    constraint: getZodConstraint(ListNameSchema),
  };
}

export const meta = titleFromLoader;

/** Coming from the contact form (no list yet), the user goes back to it with the new list chosen; otherwise to the new, empty list. */
function afterCreate(returnTo: string, listId: string) {
  return returnTo.split(/[?#]/)[0] === contactPaths.create() ? contactPaths.create(listId) : listHref(DEFAULT_LIST_PARAMS, { list: listId });
}

export async function action({ request }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "create", "contacts");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: ListNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await orFailed("Adding a contact list", () => createContactList(tenant.id, submission.value.name));
  if (created === FAILED) return data({ result: submission.reply({ formErrors: ["failures.listCreateFailed"] }) }, { status: 500 });
  if (!created.ok) return data({ result: submission.reply({ fieldErrors: { name: [created.error] } }) }, { status: 400 });
  return redirectWithToast(afterCreate(returnPath(formData.get("returnTo")), created.id), {
    type: "success",
    key: "contacts:toast.listCreated",
    values: { name: submission.value.name },
  });
}

export default function NewListPage() {
  const { t } = useTranslation("contacts");
  const { returnTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("createList.title")} back={<BackToContacts returnTo={returnTo} />} />
      <Panel>
        <ListNameForm
          formId="create-list"
          label={t("lists.newLabel")}
          lastResult={actionData?.result}
          returnTo={returnTo}
          submitLabel={t("lists.create")}
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
