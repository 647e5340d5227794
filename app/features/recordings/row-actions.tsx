import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmAction, useCloseAfterSubmit } from "~/components/ui/confirm-action";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { action as feedbackRouteAction, loader as feedbackRouteLoader } from "~/routes/_dashboard.recordings.$id.feedback";
import { deleteAction, DeleteRecordingForm, feedbackAction, FeedbackForm, withReturnTo } from "./recording-forms";

const linkClass = "underline";
const dangerClass = "text-red-700 underline dark:text-red-400";

/**
 * The actions of one recording in the list. Each one is a page of its own
 * (confirmation, feedback form) so it works without JavaScript; returnTo
 * brings the user back to the exact list view. Once scripts run, feedback and
 * delete open the same forms in a dialog instead of leaving the page.
 *
 * `canUpdate`/`canDelete` hide actions the user's role may not take; the
 * routes refuse them with 403 regardless.
 */
export function RecordingRowActions({
  callId,
  returnTo,
  labels,
  summary,
  canUpdate = true,
  canDelete = true,
}: {
  callId: string;
  returnTo: string;
  labels: { open: string; feedback: string; delete: string };
  /** A line that tells the user which recording the delete dialog is about. */
  summary?: ReactNode;
  canUpdate?: boolean;
  canDelete?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2 text-sm">
      <Link to={withReturnTo(`/recordings/${encodeURIComponent(callId)}`, returnTo)} className={linkClass}>
        {labels.open}
      </Link>
      {canUpdate ? <FeedbackAction callId={callId} returnTo={returnTo} label={labels.feedback} className={linkClass} /> : null}
      {canDelete ? <DeleteAction callId={callId} returnTo={returnTo} label={labels.delete} summary={summary} className={dangerClass} /> : null}
    </div>
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
      <Link to={href} className={className}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-haspopup="dialog" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open ? <FeedbackDialog callId={callId} returnTo={returnTo} href={href} onClose={close} /> : null}
    </>
  );
}

function FeedbackDialog({ callId, returnTo, href, onClose }: { callId: string; returnTo: string; href: string; onClose: () => void }) {
  const { t } = useTranslation("recording");
  const current = useFetcher<typeof feedbackRouteLoader>();
  const submitter = useFetcher<typeof feedbackRouteAction>();
  const { load } = current;
  // The dialog shows the feedback as it is now, read from the form page's own loader.
  useEffect(() => {
    load(href);
  }, [load, href]);
  useCloseAfterSubmit(submitter, onClose);
  const lastResult = submitter.data && "result" in submitter.data ? submitter.data.result : undefined;
  return (
    <Dialog open onClose={onClose} title={t("feedback.title")} closeLabel={t("common:dialog.close")}>
      {current.data ? (
        <div className="space-y-4">
          {current.data.summaryLine ? <p className="text-sm text-slate-600 dark:text-slate-300">{current.data.summaryLine}</p> : null}
          <FeedbackForm
            callId={callId}
            returnTo={returnTo}
            defaultValue={current.data.feedback}
            lastResult={lastResult}
            fetcher={submitter}
            onCancel={onClose}
          />
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t("dialog.loading")}
        </p>
      )}
    </Dialog>
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
