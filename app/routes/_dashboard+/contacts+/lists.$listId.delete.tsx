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
import { DeleteListForm } from "~/features/contacts/list-forms";
import { listHref, parseListParams } from "~/features/contacts/list-params";
import { campaignsUsingList, countListContacts, deleteContactList, findContactList } from "~/features/contacts/lists.server";
import { returnPath } from "~/features/contacts/paths";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { formatNumber } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { backToConfirmation, FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["contacts", "phone"] };

/**
 * Deleting a list and its contacts: GET shows the confirmation (how many
 * contacts go with it, or which campaigns keep it), POST deletes. A list a
 * campaign calls is refused with the campaigns' names.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "contacts");
  const list = await findContactList(tenant.id, params.listId ?? "");
  if (!list) notFound();
  const t = await getTranslator(request, "contacts");
  return {
    title: t("deleteList.title"),
    list: { id: list.id, name: list.name, contactCount: await countListContacts(tenant.id, list.id) },
    campaigns: await campaignsUsingList(tenant.id, list.id),
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")),
  };
}

export const meta = titleFromLoader;

/** The list view the user came from, without the filter on the list that is gone. */
function afterDelete(returnTo: string, listId: string) {
  const url = new URL(returnTo, "http://localhost");
  if (url.pathname !== "/contacts") return returnTo;
  const params = parseListParams(url.searchParams);
  return listHref(params.list === listId ? { ...params, list: null, page: 1 } : params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "contacts");
  const listId = params.listId ?? "";
  const formData = await readFormData(request);
  const deleted = await orFailed("Deleting a contact list", () => deleteContactList(tenant.id, listId));
  // One transaction: neither the list nor any of its contacts is gone.
  if (deleted === FAILED)
    return redirectWithToast(backToConfirmation(request, returnPath(formData.get("returnTo"))), { type: "error", key: "contacts:failures.listDeleteFailed" });
  if (!deleted.ok) {
    if (deleted.reason === "notFound") notFound();
    return data({ campaigns: deleted.campaigns }, { status: 409 });
  }
  const language = await getLanguage(request);
  return redirectWithToast(afterDelete(returnPath(formData.get("returnTo")), listId), {
    type: "success",
    key: "contacts:toast.listDeleted",
    values: { name: deleted.name, count: deleted.deletedContacts, formatted: formatNumber(deleted.deletedContacts, language) },
  });
}

export default function DeleteListPage() {
  const { t } = useTranslation("contacts");
  const { list, campaigns, returnTo } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("deleteList.title")} back={<BackToContacts returnTo={returnTo} />} />
      <Panel>
        <DeleteListForm list={list} campaigns={refusal?.campaigns ?? campaigns} returnTo={returnTo} submitting={submitting} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
