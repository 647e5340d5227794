import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackToContacts } from "~/features/contacts/back-link";
import { DeleteContactForm } from "~/features/contacts/delete-contact-form";
import { deleteContact, getContact } from "~/features/contacts/contacts.server";
import { CONTACTS_PATH } from "~/features/contacts/list-params";
import { contactPaths, displayName, returnPath } from "~/features/contacts/paths";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { backToConfirmation, FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["contacts", "phone"] };

/**
 * Deleting a contact: GET shows a confirmation page (so it works without
 * JavaScript), POST deletes. With scripts, the list shows the same form in a dialog.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "contacts");
  const contact = await getContact(tenant.id, params.contactId ?? "");
  if (!contact) notFound();
  const t = await getTranslator(request, "contacts");
  return {
    title: t("delete.title"),
    contact: {
      id: contact.id,
      name: displayName({ firstName: contact.first_name, lastName: contact.last_name }),
      phone: formatPhoneForDisplay(contact.phone),
      company: contact.company,
    },
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")),
  };
}

export const meta = titleFromLoader;

/** Coming back to one of the contact's own pages would be a 404 now. */
function afterDelete(returnTo: string, contactId: string) {
  const pathname = returnTo.split(/[?#]/)[0]!;
  return pathname === contactPaths.edit(contactId) || pathname === contactPaths.remove(contactId) ? CONTACTS_PATH : returnTo;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "contacts");
  const contactId = params.contactId ?? "";
  const formData = await readFormData(request);
  const contact = await getContact(tenant.id, contactId);
  if (!contact) notFound();
  const deleted = await orFailed("Deleting a contact", () => deleteContact(tenant.id, contactId));
  // Back to the confirmation, which says so (docs/product/errors.md#operation-failures); the contact is still there.
  if (deleted === FAILED)
    return redirectWithToast(backToConfirmation(request, returnPath(formData.get("returnTo"))), { type: "error", key: "contacts:failures.deleteFailed" });
  if (!deleted) notFound();
  const name = displayName({ firstName: contact.first_name, lastName: contact.last_name });
  return redirectWithToast(afterDelete(returnPath(formData.get("returnTo")), contactId), { type: "success", key: "contacts:toast.deleted", values: { name } });
}

export default function DeleteContactPage() {
  const { t } = useTranslation("contacts");
  const { contact, returnTo } = useLoaderData<typeof loader>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("delete.title")} back={<BackToContacts returnTo={returnTo} />} />
      <Panel>
        <DeleteContactForm
          contactId={contact.id}
          returnTo={returnTo}
          submitting={submitting}
          summary={[contact.name, contact.phone, contact.company].filter(Boolean).join(" · ")}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
