import type { ReactNode } from "react";
import { cn } from "./cn";
import { TitledModal } from "./modal-dialog";

/**
 * The modal dialog (docs/product/navigation.md#dialogs-and-toasts): a title, a close button, at least
 * 600 px wide where the screen allows it and at most 80 % of the viewport
 * high (the body scrolls). The browser's modal <dialog> traps focus and
 * closes on Escape; a click outside closes it too, and focus returns to the
 * opener (see ModalDialog).
 *
 * It exists only once scripts run; every dialog in the app is an
 * enhancement of a page that does the same job without JavaScript. The close
 * label is passed in ('Close modal', translated by the caller).
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
  if (!open) return null;
  return (
    <TitledModal
      onClose={onClose}
      title={title}
      closeLabel={closeLabel}
      className={cn(
        "max-h-[80vh] w-full max-w-[min(42rem,calc(100%-2rem))] flex-col rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 open:flex sm:w-auto sm:min-w-[600px] dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100",
        className,
      )}
    >
      {children}
    </TitledModal>
  );
}
