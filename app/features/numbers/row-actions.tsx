import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmDialog } from "~/components/ui/confirm-action";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { deleteNumberPath, DeleteNumberForm, type DeletableNumber } from "./delete-number";
import { editLabelHref } from "./list-url";

/**
 * The actions of one number. Each is a page or a view of its own (the label
 * in edit mode, the number's knowledge bases, the delete confirmation), so
 * they work without JavaScript; with it they sit in one menu and Delete opens
 * the confirmation in a dialog instead of leaving the list. The actions the
 * user's role may not take are left out; the server refuses them regardless.
 */
export function NumberRowActions({
  number,
  display,
  canUpdate,
  canDelete,
  knowledgeBasesHref,
}: {
  number: DeletableNumber;
  display: string;
  canUpdate: boolean;
  canDelete: boolean;
  /** The number's knowledge bases, when the user may open them. */
  knowledgeBasesHref: string | null;
}) {
  const { t } = useTranslation("numbers");
  const [deleting, setDeleting] = useState(false);
  const close = useCallback(() => setDeleting(false), []);
  const actions: RowAction[] = [];
  if (canUpdate) actions.push({ label: t("rename.open"), to: editLabelHref(number.id) });
  if (knowledgeBasesHref) actions.push({ label: t("list.openKnowledgeBases"), to: knowledgeBasesHref });
  if (canDelete) actions.push({ label: t("delete.open"), to: deleteNumberPath(number.id), onSelect: () => setDeleting(true), tone: "danger" });
  return (
    <>
      <RowActionsMenu label={t("list.rowActions", { number: display })} actions={actions} />
      <ConfirmDialog
        open={deleting}
        onClose={close}
        title={t("delete.title")}
        content={({ fetcher, close: cancel }) => {
          const campaigns = refusedCampaigns(fetcher.data);
          return <DeleteNumberForm number={campaigns ? { ...number, campaigns } : number} display={display} fetcher={fetcher} onCancel={cancel} />;
        }}
      />
    </>
  );
}

/** A campaign that started using the number after the page loaded: the delete action names it, and the dialog shows it. */
function refusedCampaigns(data: unknown): Array<{ name: string }> | null {
  const campaigns = (data as { campaigns?: unknown } | undefined)?.campaigns;
  return Array.isArray(campaigns) ? campaigns.map((name) => ({ name: String(name) })) : null;
}
