import type { ReactNode } from "react";
import { EmptyState } from "~/components/ui/empty-state";
import { Panel } from "~/components/ui/panel";

/**
 * The frame of a /call-management tab, the same as the recordings list's: a
 * summary bar (what is shown, and the tab's secondary actions), the table or
 * what the tab says when it has nothing, and a footer (paging) when there is one.
 */
export function CallTabPanel({ summary, actions, empty, footer, children }: { summary: ReactNode; actions?: ReactNode; empty?: string; footer?: ReactNode; children?: ReactNode }) {
  return (
    <Panel className="p-0">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
        <div className="min-w-0 space-y-1">{summary}</div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      {empty ? (
        <EmptyState data-testid="empty-state" title={empty} className="border-0" />
      ) : (
        <div className="max-sm:p-3">{children}</div>
      )}
      {footer ? <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">{footer}</div> : null}
    </Panel>
  );
}
