import { useTranslation } from "~/i18n/react";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import type { ContactImportStatus } from "~/db/schema";
import type { RowStatus } from "./row-classification";

const IMPORT_TONES: Record<ContactImportStatus, BadgeTone> = {
  uploaded: "neutral",
  mapped: "info",
  importing: "warning",
  done: "success",
  failed: "danger",
};

export function ImportStatusBadge({ status }: { status: ContactImportStatus }) {
  const { t } = useTranslation("imports");
  return <StatusBadge status={status} tones={IMPORT_TONES} label={t(`status.${status}`)} />;
}

const ROW_TONES: Record<RowStatus, BadgeTone> = {
  valid: "success",
  invalid: "danger",
  exists: "neutral",
  duplicate: "warning",
};

export function RowStatusBadge({ status, title }: { status: RowStatus; title?: string }) {
  const { t } = useTranslation("imports");
  return (
    <span title={title} data-row-status={status}>
      <StatusBadge status={status} tones={ROW_TONES} label={t(`preview.rowStatus.${status}`)} />
    </span>
  );
}

const STEPS = ["upload", "mapping", "preview", "import"] as const;
export type ImportStep = (typeof STEPS)[number];

/** Where the user is in the four steps; the current one is marked for screen readers too. */
export function ImportSteps({ current }: { current: ImportStep }) {
  const { t } = useTranslation("imports");
  const currentIndex = STEPS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")}>
      <ol className="flex flex-wrap gap-2 text-sm">
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={step === current ? "step" : undefined}
            className={cn(
              "flex items-center gap-2 rounded-full border px-3 py-1",
              step === current
                ? "border-transparent bg-primary-button font-semibold text-primary-button-text"
                : index < currentIndex
                  ? "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200"
                  : "border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400",
            )}
          >
            <span aria-hidden="true">{index + 1}.</span> {t(`steps.${step}`)}
            {step === current ? <span className="sr-only"> {t("steps.current")}</span> : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}
