import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { Notice } from "~/components/ui/panel";
import { contactPaths } from "./paths";

/** "Do you really want to delete …?": its own page without JavaScript, a dialog on the list with it. */
export function DeleteContactForm({
  contactId,
  returnTo,
  summary,
  fetcher,
  onCancel,
  submitting,
}: {
  contactId: string;
  returnTo: string;
  summary: ReactNode;
  fetcher?: FormFetcher;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("contacts");
  return (
    // On its own page the form posts to that page's URL (keeping its returnTo); in a dialog, to the page's path.
    <ConfirmForm
      action={fetcher ? contactPaths.remove(contactId) : undefined}
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
      <Notice tone="warning">{t("delete.warning")}</Notice>
    </ConfirmForm>
  );
}
