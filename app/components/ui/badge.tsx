import type { ReactNode } from "react";
import { cn } from "./cn";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger" | "accent";

/**
 * Colours with at least 4.5:1 text contrast in both themes; the word carries the meaning, the colour only helps.
 * The classes are in tailwind.css (.badge, .badge-<tone>), as a list repeats a badge on every row; they are
 * written out whole here because Tailwind keeps only the classes it finds in the source.
 */
const TONES: Record<BadgeTone, string> = {
  neutral: "badge badge-neutral",
  info: "badge badge-info",
  success: "badge badge-success",
  warning: "badge badge-warning",
  danger: "badge badge-danger",
  accent: "badge badge-accent",
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
    <span {...rest} className={className ? cn(TONES[tone], className) : TONES[tone]}>
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
