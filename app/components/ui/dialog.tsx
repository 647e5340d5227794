import { useId, type ReactNode } from "react";
import { CloseButton } from "./close-button";
import { cn } from "./cn";
import { ModalDialog } from "./modal-dialog";

/**
 * The modal dialog of spec section 2/9: a title, a close button, at least
 * 600 px wide where the screen allows it and at most 80 % of the viewport
 * high (the body scrolls). The browser's modal <dialog> traps focus and
 * closes on Escape; a click outside closes it too, and focus returns to the
 * opener (see ModalDialog).
 *
 * It exists only once scripts run; every dialog in the app is an
 * enhancement of a page that does the same job without JavaScript. The close
 * label is passed in (the spec's 'Close modal', translated by the caller).
 */
export function Dialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  className,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}) {
  const titleId = useId();
  if (!open) return null;
  return (
    <ModalDialog
      onClose={onClose}
      labelledBy={titleId}
      className={cn(
        "max-h-[80vh] w-full max-w-[min(42rem,calc(100%-2rem))] flex-col rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 open:flex sm:w-auto sm:min-w-[600px] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <CloseButton label={closeLabel} onClick={onClose} className="-mr-2 -mt-1" />
      </div>
      <div className="overflow-y-auto px-5 py-4">{children}</div>
    </ModalDialog>
  );
}
