import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger" | "accent";

/** Colours with at least 4.5:1 text contrast in both themes; the word carries the meaning, the colour only helps. */
const TONES: Record<BadgeTone, string> = {
  neutral: "bg-slate-100 text-slate-800 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700",
  info: "bg-sky-50 text-sky-900 ring-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-900",
  success: "bg-emerald-50 text-emerald-900 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-900",
  warning: "bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-900",
  danger: "bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-900",
  accent: "bg-violet-50 text-violet-900 ring-violet-200 dark:bg-violet-950 dark:text-violet-100 dark:ring-violet-900",
};

export function Badge({
  tone = "neutral",
  children,
  className,
  ...rest
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <span
      {...rest}
      className={cn("inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", TONES[tone], className)}
    >
      {children}
    </span>
  );
}

/**
 * A status word with the tone its meaning has. `tones` maps each status of a
 * state machine to a tone, so a screen declares its colours once.
 */
export function StatusBadge<Status extends string>({
  status,
  tones,
  label,
  className,
  "data-testid": testId,
}: {
  status: Status;
  tones: Record<Status, BadgeTone>;
  label: string;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <Badge tone={tones[status]} className={className} data-testid={testId}>
      <span aria-hidden="true" className="mr-1 h-1.5 w-1.5 rounded-full bg-current opacity-70" />
      {label}
    </Badge>
  );
}
