import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import type { ContactImportStatus } from "~/db/schema";
import type { RowStatus } from "./row-classification";

const pill = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

const IMPORT_TONES: Record<ContactImportStatus, string> = {
  uploaded: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  mapped: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  importing: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  done: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export function ImportStatusBadge({ status }: { status: ContactImportStatus }) {
  const { t } = useTranslation("imports");
  return <span className={cn(pill, IMPORT_TONES[status])}>{t(`status.${status}`)}</span>;
}

const ROW_TONES: Record<RowStatus, string> = {
  valid: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  invalid: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  exists: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  duplicate: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
};

export function RowStatusBadge({ status }: { status: RowStatus }) {
  const { t } = useTranslation("imports");
  return (
    <span className={cn(pill, ROW_TONES[status])} data-row-status={status}>
      {t(`preview.rowStatus.${status}`)}
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
