import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmDialog } from "~/components/ui/confirm-action";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { shownPhone } from "~/features/phone/display";
import { DeleteContactForm } from "./delete-contact-form";
import type { ContactListItem, ContactsListViewData } from "./list-params";
import { contactPaths, displayName, withReturnTo } from "./paths";

/**
 * The actions of one contact in the list: edit (its page), opt out or back
 * in (a form post to the edit page's action, which redirects back to this
 * exact view), delete (its confirmation page, or the same form in a dialog
 * with JavaScript). Actions the user's role may not take are left out; the
 * routes refuse them regardless.
 */
export function ContactRowActions({ row, data }: { row: ContactListItem; data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const [deleting, setDeleting] = useState(false);
  const close = useCallback(() => setDeleting(false), []);
  const name = displayName(row);
  const actions: RowAction[] = [];
  if (data.canUpdate) {
    const edit = contactPaths.edit(row.id);
    actions.push({ label: t("rowActions.edit"), to: withReturnTo(edit, data.returnTo) });
    actions.push({
      label: row.optedOutAt ? t("rowActions.optIn") : t("rowActions.optOut"),
      to: edit,
      post: { intent: "opt-out", optedOut: row.optedOutAt ? "0" : "1", returnTo: data.returnTo },
    });
  }
  if (data.canDelete) {
    actions.push({
      label: t("rowActions.delete"),
      to: withReturnTo(contactPaths.remove(row.id), data.returnTo),
      onSelect: () => setDeleting(true),
      tone: "danger",
    });
  }
  return (
    <>
      <RowActionsMenu label={t("rowActions.menu", { name })} actions={actions} />
      {data.canDelete ? (
        <ConfirmDialog
          open={deleting}
          onClose={close}
          title={t("delete.title")}
          content={({ fetcher, close: cancel }) => (
            <DeleteContactForm
              contactId={row.id}
              returnTo={data.returnTo}
              summary={`${name} · ${shownPhone(data.phones, row.phone)}`}
              fetcher={fetcher}
              onCancel={cancel}
            />
          )}
        />
      ) : null}
    </>
  );
}
