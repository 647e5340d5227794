import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import type { CampaignStatus } from "~/db/schema";

/** Colours with enough contrast on white for WCAG AA; the word carries the meaning, the colour only helps. */
const TONES: Record<CampaignStatus, string> = {
  draft: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
  scheduled: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100",
  running: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  paused: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  completed: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100",
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation("campaigns");
  return (
    <span data-testid="campaign-status" className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", TONES[status])}>
      {t(`status.${status}`)}
    </span>
  );
}
