import { lazy, Suspense, useCallback, useState, type ReactNode } from "react";
import { ListLink } from "~/components/ui/list-link";
import { useTranslation } from "~/i18n/react";
import { ConfirmAction, ConfirmDialog } from "~/components/ui/confirm-action";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { formatDateTime } from "~/i18n/format";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { RecordingListItem, RecordingsListViewData } from "./list-params";
import { DeleteRecordingForm } from "../delete-recording-form";
import { deleteAction, feedbackAction, withReturnTo } from "../recording-paths";

// The feedback form (and the form library it uses) loads when a dialog first opens, not with the list.
const FeedbackDialog = lazy(() => import("../feedback/feedback-dialog").then((module) => ({ default: module.FeedbackDialog })));

/**
 * The actions of one recording in the list. Each is a page of its own
 * (the call, its feedback form, the delete confirmation), so it works
 * without JavaScript and returnTo brings the user back to the exact list
 * view; with scripts they sit in one menu, and feedback and delete open the
 * same forms in a dialog instead of leaving the list.
 *
 * The actions the user's role may not take are left out; their routes refuse them with 403 regardless.
 */
export function RecordingRowActions({ row, data }: { row: RecordingListItem; data: RecordingsListViewData }) {
  const { t, i18n } = useTranslation("recordings");
  const [dialog, setDialog] = useState<"feedback" | "delete" | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const { returnTo } = data;
  const date = formatDateTime(row.createdAt, i18n.language, data.timeZone);
  const name = row.userName ?? (row.direction === "outbound" ? row.to : row.from) ?? date;
  const summary = t("rowActions.summary", { date, from: row.from ?? t("notGiven"), to: row.to ?? t("notGiven") });
  const actions: RowAction[] = [{ label: t("rowActions.open"), to: withReturnTo(`/recordings/${encodeURIComponent(row.id)}`, returnTo) }];
  if (data.canUpdate)
    actions.push({ label: t("rowActions.feedback"), to: withReturnTo(feedbackAction(row.id), returnTo), onSelect: () => setDialog("feedback") });
  if (data.canDelete)
    actions.push({ label: t("rowActions.delete"), to: withReturnTo(deleteAction(row.id), returnTo), onSelect: () => setDialog("delete"), tone: "danger" });
  return (
    <>
      <RowActionsMenu label={t("rowActions.menu", { name })} actions={actions} />
      {dialog === "feedback" ? (
        <Suspense fallback={null}>
          <FeedbackDialog callId={row.id} returnTo={returnTo} href={withReturnTo(feedbackAction(row.id), returnTo)} onClose={close} />
        </Suspense>
      ) : null}
      <DeleteDialog open={dialog === "delete"} callId={row.id} returnTo={returnTo} summary={summary} onClose={close} />
    </>
  );
}

function DeleteDialog({
  open,
  callId,
  returnTo,
  summary,
  onClose,
}: {
  open: boolean;
  callId: string;
  returnTo: string;
  summary: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation("recording");
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t("delete.title")}
      content={({ fetcher, close }) => <DeleteRecordingForm callId={callId} returnTo={returnTo} summaryLine={summary} fetcher={fetcher} onCancel={close} />}
    />
  );
}

/** Opens the feedback form: a link to its page without JavaScript, a dialog with it. */
export function FeedbackAction({ callId, returnTo, label, className }: { callId: string; returnTo: string; label: string; className?: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const href = withReturnTo(feedbackAction(callId), returnTo);
  if (!hydrated) {
    return (
      <ListLink to={href} className={className}>
        {label}
      </ListLink>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FeedbackDialog callId={callId} returnTo={returnTo} href={href} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Opens the delete confirmation: a link to its page without JavaScript, a dialog with it. */
export function DeleteAction({
  callId,
  returnTo,
  label,
  summary,
  className,
}: {
  callId: string;
  returnTo: string;
  label: string;
  summary?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("recording");
  return (
    <ConfirmAction
      href={withReturnTo(deleteAction(callId), returnTo)}
      title={t("delete.title")}
      className={className}
      content={({ fetcher, close }) => <DeleteRecordingForm callId={callId} returnTo={returnTo} summaryLine={summary} fetcher={fetcher} onCancel={close} />}
    >
      {label}
    </ConfirmAction>
  );
}
