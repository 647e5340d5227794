import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { dealPaths } from "./paths";

/** "Do you really want to delete this deal?": its own page without JavaScript, a dialog on the list with it. */
export function DeleteDealForm({
  dealId,
  returnTo,
  summary,
  fetcher,
  onCancel,
  submitting,
}: {
  dealId: string;
  returnTo: string;
  summary: ReactNode;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("deals");
  return (
    // On its own page the form posts to that page's URL (keeping its returnTo); in a dialog, to the page's path.
    <ConfirmForm
      action={fetcher ? dealPaths.remove(dealId) : undefined}
      hidden={{ returnTo }}
      confirmLabel={t("delete.submit")}
      busyLabel={t("delete.submitting")}
      cancelHref={returnTo}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={submitting}
    >
      <p>{t("delete.question")}</p>
      <DeleteSummary>{summary}</DeleteSummary>
    </ConfirmForm>
  );
}
