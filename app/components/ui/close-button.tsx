import { cn } from "./cn";

/**
 * The × that closes a dialog, a drawer or a panel; its label is what a screen reader says ("Close modal", translated:
 * docs/product/navigation.md#dialogs-and-toasts).
 */
export function CloseButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cn(
        "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100",
        className,
      )}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}
