import type { FetcherWithComponents } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ConfirmForm } from "~/components/ui/confirm-action";
import { Notice } from "~/components/ui/panel";
import { contactPaths } from "./paths";

export type AnyFetcher = Pick<FetcherWithComponents<unknown>, "Form" | "state">;

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
  fetcher?: AnyFetcher;
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
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200" data-testid="delete-summary">
        {summary}
      </p>
      <Notice tone="warning">{t("delete.warning")}</Notice>
    </ConfirmForm>
  );
}
