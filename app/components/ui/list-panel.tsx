import type { ReactNode } from "react";
import { Panel } from "./panel";

/**
 * The frame of every list: a summary bar (what is shown, and the list's
 * secondary actions such as export or the column chooser), the table, and a
 * footer for paging when there is more than one page. `updating` is said to
 * screen readers while the next page or filter loads.
 */
export function ListPanel({
  summary,
  actions,
  footer,
  updating,
  children,
}: {
  summary: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  /** The sentence a screen reader hears while the list reloads; empty when it does not. */
  updating?: string;
  children: ReactNode;
}) {
  return (
    <Panel className="p-0 sm:p-0">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
        <div className="min-w-0 space-y-1">{summary}</div>
        {actions ? <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {updating !== undefined ? (
        <p aria-live="polite" className="sr-only">
          {updating}
        </p>
      ) : null}
      <div className="max-sm:p-3">{children}</div>
      {footer ? <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">{footer}</div> : null}
    </Panel>
  );
}
