import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmDialog } from "~/components/ui/confirm-action";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { isAllowed } from "../campaign-rules";
import type { CampaignListItem } from "../campaigns.server";
import type { CampaignsListPermissions } from "./list-permissions";
import { deleteHref, DeleteCampaignDialogContent } from "./delete-campaign";

/**
 * The actions of one campaign in the list: open it, edit it (its page),
 * delete it (its confirmation page, or the same form in a dialog with
 * JavaScript). Starting, pausing and resuming stay on the campaign's page,
 * next to the pre-launch check they depend on. Actions the user's role or
 * the campaign's status rule out are left out; the routes refuse them regardless.
 */
export function CampaignRowActions({ row, permissions }: { row: CampaignListItem; permissions: CampaignsListPermissions }) {
  const { t } = useTranslation("campaigns");
  const [deleting, setDeleting] = useState(false);
  const close = useCallback(() => setDeleting(false), []);
  const page = `/campaigns/${encodeURIComponent(row.id)}`;
  const actions: RowAction[] = [{ label: t("list.rowActions.open"), to: page }];
  if (permissions.canUpdate && isAllowed("edit", row.status)) actions.push({ label: t("actions.edit"), to: `${page}/edit` });
  const canDelete = permissions.canDelete && isAllowed("delete", row.status);
  if (canDelete) actions.push({ label: t("actions.delete"), to: deleteHref(row.id), onSelect: () => setDeleting(true), tone: "danger" });
  return (
    <>
      <RowActionsMenu label={t("list.rowActions.menu", { name: row.name })} actions={actions} />
      {canDelete ? (
        <ConfirmDialog
          open={deleting}
          onClose={close}
          title={t("delete.title")}
          content={({ fetcher, close: cancel }) => <DeleteCampaignDialogContent campaign={row} fetcher={fetcher} close={cancel} />}
        />
      ) : null}
    </>
  );
}
