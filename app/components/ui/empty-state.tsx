import type { ReactNode } from "react";
import { cn } from "./cn";

/** What a list or panel shows when it has nothing: a title, one sentence, and the action that fills it. */
export function EmptyState({
  title,
  children,
  action,
  heading,
  className,
  "data-testid": testId,
}: {
  title: ReactNode;
  /** The title is a heading of this level (the list's main message, found by heading navigation); else a plain paragraph. */
  heading?: 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  const Title = heading === 2 ? "h2" : heading === 3 ? "h3" : "p";
  return (
    <div
      data-testid={testId}
      className={cn(
        "flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700",
        className,
      )}
    >
      <Title className="text-base font-semibold">{title}</Title>
      {children ? <div className="max-w-md text-sm text-slate-600 dark:text-slate-300">{children}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
