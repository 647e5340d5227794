import type { ReactNode } from "react";
import { EmptyState } from "~/components/ui/empty-state";
import { ListPanel } from "~/components/ui/list-panel";

/** The frame of a /call-management tab: the kit's list frame, or what the tab says when it has nothing. */
export function CallTabPanel({
  summary,
  actions,
  empty,
  footer,
  children,
}: {
  summary: ReactNode;
  actions?: ReactNode;
  empty?: string;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <ListPanel summary={summary} actions={actions} footer={footer}>
      {empty ? <EmptyState data-testid="empty-state" title={empty} className="border-0" /> : children}
    </ListPanel>
  );
}
