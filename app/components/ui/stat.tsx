import type { ReactNode } from "react";
import { ListLink } from "./list-link";
import { cn } from "./cn";

/**
 * A KPI card: a label, a figure and an optional note. Long labels (German
 * compounds) wrap and hyphenate instead of overflowing the card; the figure
 * never wraps. With `to`, the whole card is a link to the list behind the figure.
 */
export function Stat({
  label,
  value,
  note,
  to,
  className,
  ...data
}: {
  label: ReactNode;
  value: ReactNode;
  note?: ReactNode;
  to?: string;
  className?: string;
  /** data-* attributes of the card (a test id, what the figure is). */
  [attribute: `data-${string}`]: string | undefined;
}) {
  const body = (
    <>
      <span className="block hyphens-auto break-words text-sm font-medium text-slate-600 dark:text-slate-300">{label}</span>
      <span className="mt-1 block whitespace-nowrap text-2xl font-semibold tabular-nums tracking-tight">{value}</span>
      {note ? <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">{note}</span> : null}
    </>
  );
  const shell = cn(
    "block min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900",
    to && "transition hover:border-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary",
    className,
  );
  return to ? (
    <ListLink to={to} className={shell} {...data}>
      {body}
    </ListLink>
  ) : (
    <div className={shell} {...data}>
      {body}
    </div>
  );
}
