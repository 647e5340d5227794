import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { useCloseAfterSubmit } from "~/components/ui/confirm-action";
import { Dialog } from "~/components/ui/dialog";
import { FeedbackForm } from "./feedback-form";
import type { FeedbackActionData, FeedbackPageData } from "./feedback-page";

/** The feedback form in a dialog over the list, loaded on first use (see row-actions.tsx). */
export function FeedbackDialog({ callId, returnTo, href, onClose }: { callId: string; returnTo: string; href: string; onClose: () => void }) {
  const { t } = useTranslation("recording");
  const current = useFetcher<FeedbackPageData>();
  const submitter = useFetcher<FeedbackActionData>();
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
            constraint={current.data.constraint}
            moments={current.data.moments}
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
