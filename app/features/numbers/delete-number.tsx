import { useTranslation } from "~/i18n/react";
import { CancelAction, ConfirmForm, type ConfirmFetcher } from "~/components/ui/confirm-action";
import { Notice } from "~/components/ui/panel";

export const deleteNumberPath = (id: string) => `/numbers-managment/${encodeURIComponent(id)}/delete`;

export interface DeletableNumber {
  id: string;
  label: string;
  knowledgeBases: Array<{ name: string }>;
  campaigns: Array<{ name: string }>;
}

/**
 * What deleting a number means, and the button that does it: its knowledge
 * bases go with it; while campaigns use it, it cannot go and the campaigns
 * are named. Shared by the confirmation page (no JavaScript) and the dialog.
 */
export function DeleteNumberForm({
  number,
  display,
  fetcher,
  onCancel,
  submitting,
}: {
  number: DeletableNumber;
  display: string;
  fetcher?: Pick<ConfirmFetcher, "Form" | "state">;
  onCancel?: () => void;
  submitting?: boolean;
}) {
  const { t } = useTranslation("numbers");
  const kbNames = number.knowledgeBases.map((kb) => kb.name);
  // Quotation marks differ by language („…“ in German).
  const quoted = (names: string[]) => names.map((name) => t("delete.quoted", { name })).join(", ");
  const summary = (
    <p className="rounded-md bg-slate-50 px-3 py-2 text-sm font-medium dark:bg-slate-800" data-testid="delete-number-summary">
      {number.label ? `${display} · ${number.label}` : display}
    </p>
  );

  if (number.campaigns.length > 0) {
    return (
      <div className="space-y-4">
        {summary}
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {t("delete.inUse", { count: number.campaigns.length, campaigns: quoted(number.campaigns.map((c) => c.name)) })}
        </div>
        <div className="flex flex-wrap gap-2">
          <CancelAction href="/numbers-managment" onCancel={onCancel} />
        </div>
      </div>
    );
  }

  return (
    <ConfirmForm
      action={deleteNumberPath(number.id)}
      confirmLabel={t("delete.submit")}
      busyLabel={t("delete.submitting")}
      cancelHref="/numbers-managment"
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={submitting}
    >
      <p>{t("delete.question")}</p>
      {summary}
      {kbNames.length > 0 ? (
        <Notice tone="warning">{t("delete.knowledgeBasesGo", { count: kbNames.length, names: quoted(kbNames) })}</Notice>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("delete.noKnowledgeBases")}</p>
      )}
    </ConfirmForm>
  );
}
