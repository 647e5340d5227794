import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { Panel } from "~/components/ui/panel";
import type { FirstStepView } from "./first-step-definitions";

function StepMarker({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        "mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2",
        done ? "border-emerald-600 bg-emerald-600 text-white dark:border-emerald-500 dark:bg-emerald-500" : "border-slate-300 dark:border-slate-600",
      )}
    >
      {done ? (
        <svg viewBox="0 0 24 24" width={14} height={14} fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
          <path d="m5 12 5 5 9-10" />
        </svg>
      ) : null}
    </span>
  );
}

/** The first-steps checklist of a new organisation, ticked from what the organisation already holds. */
export function FirstSteps({ steps }: { steps: readonly FirstStepView[] }) {
  const { t } = useTranslation();
  const open = steps.filter((step) => !step.done).length;
  return (
    <Panel
      title={t("overview.firstSteps.title")}
      actions={<span className="text-sm text-slate-600 dark:text-slate-300">{t("overview.firstSteps.open", { count: open })}</span>}
    >
      <ol className="space-y-4" data-testid="first-steps">
        {steps.map((step) => (
          <li key={step.key} className="flex gap-3" data-testid="first-step" data-step={step.key} data-done={step.done}>
            <StepMarker done={step.done} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className={cn(step.done && "text-slate-500 dark:text-slate-400")}>{t(`overview.firstSteps.steps.${step.key}.title`)}</span>
                {step.done ? <Badge tone="success">{t("overview.firstSteps.done")}</Badge> : null}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-300">{t(`overview.firstSteps.steps.${step.key}.description`)}</p>
              {step.links.length > 0 ? (
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {step.links.map((link) => (
                    <Link key={link.key} to={link.href} className="font-medium text-primary-dark underline dark:text-primary">
                      {t(`overview.firstSteps.links.${link.key}`)}
                    </Link>
                  ))}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
