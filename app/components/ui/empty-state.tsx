import type { ReactNode } from "react";
import { cn } from "./cn";

/** What a list or panel shows when it has nothing: a title, one sentence, and the action that fills it. */
export function EmptyState({
  title,
  children,
  action,
  className,
  "data-testid": testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={cn("flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700", className)}
    >
      <p className="text-base font-semibold">{title}</p>
      {children ? <div className="max-w-md text-sm text-slate-600 dark:text-slate-300">{children}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
