import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { BackToContacts } from "~/features/contacts/back-link";
import { ContactForm } from "~/features/contacts/contact-forms";
import { DeleteContactForm } from "~/features/contacts/delete-contact-form";
import { getContact, setContactOptedOut, updateContact } from "~/features/contacts/contacts.server";
import { listContactLists } from "~/features/contacts/lists.server";
import { contactPaths, displayName, returnPath, withReturnTo } from "~/features/contacts/paths";
import { contactFormSchema, OptOutSchema } from "~/features/contacts/schemas";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { formatDateTime } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { badRequest, notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["contacts", "phone"] };

/**
 * /contacts/:contactId/edit: changing a contact. The same action takes the
 * list's quick opt-out button (intent "opt-out"), which is an update too.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant, user } = await requireActionAccess(request, "update", "contacts");
  const contact = await getContact(tenant.id, params.contactId ?? "");
  if (!contact) notFound();
  const t = await getTranslator(request, "contacts");
  const name = displayName({ firstName: contact.first_name, lastName: contact.last_name });
  return {
    title: t("edit.title", { name }),
    contact: {
      id: contact.id,
      name,
      optedOutAt: contact.opted_out_at,
      createdAt: contact.created_at,
      values: {
        firstName: contact.first_name,
        lastName: contact.last_name,
        title: contact.title,
        company: contact.company,
        phone: formatPhoneForDisplay(contact.phone),
        email: contact.email,
        listId: contact.list_id,
        optedOut: contact.opted_out_at !== null,
      },
    },
    lists: await listContactLists(tenant.id),
    timeZone: tenant.timeZone,
    phoneCountry: tenant.country,
    constraint: getZodConstraint(contactFormSchema(tenant.country)),
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")),
    canDelete: can(user.permissions, "contacts", "delete"),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant, user } = await requireActionAccess(request, "update", "contacts");
  const contactId = params.contactId ?? "";
  const formData = await readFormData(request);
  const returnTo = returnPath(formData.get("returnTo"));
  // Another tenant's contact is a missing one, whatever the form says.
  const contact = await getContact(tenant.id, contactId);
  if (!contact) notFound();

  if (formData.get("intent") === "opt-out") {
    const parsed = OptOutSchema.safeParse({ optedOut: formData.get("optedOut") });
    if (!parsed.success) badRequest();
    const optedOut = parsed.data.optedOut === "1";
    if (!(await setContactOptedOut(tenant.id, contactId, optedOut, { source: "contacts-list", actorUserId: user.id }))) notFound();
    const name = displayName({ firstName: contact.first_name, lastName: contact.last_name });
    return redirectWithToast(returnTo, { type: "success", key: optedOut ? "contacts:toast.optedOut" : "contacts:toast.optedIn", values: { name } });
  }

  const submission = parseWithZod(formData, { schema: contactFormSchema(tenant.country) });
  if (submission.status !== "success") return data({ result: submission.reply(), existingContactId: null }, { status: 400 });
  const saved = await orFailed("Updating a contact", () => updateContact(tenant.id, contactId, submission.value, tenant.country, user.id));
  if (saved === FAILED) return data({ result: submission.reply({ formErrors: ["failures.updateFailed"] }), existingContactId: null }, { status: 500 });
  if (!saved.ok) {
    if ("notFound" in saved) notFound();
    return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }), existingContactId: saved.existingContactId }, { status: 400 });
  }
  return redirectWithToast(returnTo, { type: "success", key: "contacts:toast.updated" });
}

export default function EditContactPage() {
  const { t, i18n } = useTranslation("contacts");
  const { contact, lists, timeZone, phoneCountry, constraint, returnTo, canDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending({ intent: "save" });
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("edit.heading")}
        description={t("edit.added", { date: formatDateTime(contact.createdAt, i18n.language, timeZone) })}
        back={<BackToContacts returnTo={returnTo} />}
        actions={
          canDelete ? (
            <ConfirmAction
              href={withReturnTo(contactPaths.remove(contact.id), returnTo)}
              title={t("delete.title")}
              className={buttonClass("ghost", "text-red-700 dark:text-red-400", "sm")}
              content={({ fetcher, close }) => (
                <DeleteContactForm
                  contactId={contact.id}
                  returnTo={returnTo}
                  summary={[contact.name, contact.values.phone, contact.values.company].filter(Boolean).join(" · ")}
                  fetcher={fetcher}
                  onCancel={close}
                />
              )}
            >
              {t("edit.delete")}
            </ConfirmAction>
          ) : null
        }
      />
      <Panel>
        <ContactForm
          formId={`contact-${contact.id}`}
          lists={lists}
          defaultValue={contact.values}
          lastResult={actionData?.result}
          returnTo={returnTo}
          submitLabel={t("edit.submit")}
          submitting={submitting}
          optedOutNote={contact.optedOutAt ? t("edit.optedOutSince", { date: formatDateTime(contact.optedOutAt, i18n.language, timeZone) }) : null}
          phoneCountry={phoneCountry}
          existingContactId={actionData?.existingContactId}
          constraint={constraint}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
