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
import { ContactForm } from "~/features/contacts/contact-forms";
import { createContact } from "~/features/contacts/contacts.server";
import { listContactLists } from "~/features/contacts/lists.server";
import { returnPath } from "~/features/contacts/paths";
import { contactFormSchema } from "~/features/contacts/schemas";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["contacts", "phone"] };

/** /contacts/new[?list=<id>]: adding one contact. Only users who may create contacts see the page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "create", "contacts");
  const t = await getTranslator(request, "contacts");
  const url = new URL(request.url);
  const lists = await listContactLists(tenant.id);
  const requestedList = url.searchParams.get("list");
  return {
    title: t("create.title"),
    lists,
    // A list from the link (the list the user was looking at) is preselected, if it is the tenant's.
    listId: lists.some((list) => list.id === requestedList) ? requestedList : lists.length === 1 ? lists[0]!.id : undefined,
    returnTo: returnPath(url.searchParams.get("returnTo")),
    phoneCountry: tenant.country,
    constraint: getZodConstraint(contactFormSchema(tenant.country)),
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const { tenant, user } = await requireActionAccess(request, "create", "contacts");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: contactFormSchema(tenant.country) });
  if (submission.status !== "success") return data({ result: submission.reply(), existingContactId: null }, { status: 400 });
  const saved = await orFailed("Adding a contact", () => createContact(tenant.id, submission.value, tenant.country, user.id));
  // The database failed (docs/product/errors.md#operation-failures): the form stays filled, nothing was saved.
  if (saved === FAILED) return data({ result: submission.reply({ formErrors: ["failures.createFailed"] }), existingContactId: null }, { status: 500 });
  if (!saved.ok) {
    // Creating never meets a missing contact; a list or phone problem belongs to its field.
    const refusal = "fieldErrors" in saved ? saved : { fieldErrors: {}, existingContactId: null };
    return data({ result: submission.reply({ fieldErrors: refusal.fieldErrors }), existingContactId: refusal.existingContactId }, { status: 400 });
  }
  return redirectWithToast(returnPath(formData.get("returnTo")), { type: "success", key: "contacts:toast.created" });
}

export default function NewContactPage() {
  const { t } = useTranslation("contacts");
  const { lists, listId, returnTo, phoneCountry, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("create.title")} back={<BackToContacts returnTo={returnTo} />} />
      <Panel>
        <ContactForm
          formId="contact-create"
          lists={lists}
          defaultValue={{ listId: listId ?? undefined }}
          lastResult={actionData?.result}
          returnTo={returnTo}
          submitLabel={t("create.submit")}
          submitting={submitting}
          phoneCountry={phoneCountry}
          constraint={constraint}
          existingContactId={actionData?.existingContactId}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
