import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { CloseButton } from "./close-button";
import { cn } from "./cn";

/**
 * The modal dialog of spec section 2/9: a title, a close button, at least
 * 600 px wide where the screen allows it and at most 80 % of the viewport
 * high (the body scrolls). Headless UI traps focus, closes on Escape and on
 * a click outside, and returns focus to the opener.
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
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={cn(
            "flex max-h-[80vh] w-full max-w-2xl flex-col rounded-lg border border-slate-200 bg-white shadow-xl sm:w-auto sm:min-w-[600px] dark:border-slate-700 dark:bg-slate-900",
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
            <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
            <CloseButton label={closeLabel} onClick={onClose} className="-mr-2 -mt-1" />
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
