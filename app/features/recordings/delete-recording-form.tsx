import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { deleteAction } from "./recording-paths";

/**
 * The delete form, shared by its own page (which works without JavaScript)
 * and the dialog that opens it in place once scripts run; a dialog passes its
 * fetcher. A success redirects to `returnTo` either way.
 */

export function DeleteRecordingForm({
  callId,
  returnTo,
  summaryLine,
  fetcher,
  onCancel,
  submitting,
}: {
  callId: string;
  returnTo: string;
  summaryLine?: ReactNode;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("recording");
  return (
    <ConfirmForm
      action={deleteAction(callId)}
      hidden={{ returnTo }}
      confirmLabel={t("delete.submit")}
      busyLabel={t("delete.submitting")}
      cancelHref={returnTo}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={submitting}
    >
      <p>{t("delete.question")}</p>
      {summaryLine ? <DeleteSummary>{summaryLine}</DeleteSummary> : null}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("delete.warning")}</p>
    </ConfirmForm>
  );
}
