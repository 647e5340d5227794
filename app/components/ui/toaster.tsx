import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { cn } from "./cn";

export interface ToastData {
  type: "success" | "error" | "info";
  key: string;
  values?: Record<string, string | number>;
}

/**
 * One toast at a time (docs/product/navigation.md#dialogs-and-toasts), at the foot of the window so it never
 * covers the top bar (its organization selector, language and menus). It stays until dismissed or the next
 * page.
 */
export function Toaster({ toast }: { toast: ToastData | null }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState<ToastData | null>(toast);
  useEffect(() => setVisible(toast), [toast]);
  if (!visible) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4" aria-live="polite">
      <div
        role={visible.type === "error" ? "alert" : "status"}
        className={cn(
          "pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg",
          visible.type === "success" && "border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
          visible.type === "error" && "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100",
          visible.type === "info" && "border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100",
        )}
      >
        <div>
          <p className="font-semibold">{t(`toast.titles.${visible.type}`)}</p>
          <p>{t(visible.key, visible.values)}</p>
        </div>
        <button
          type="button"
          className="ml-2 rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
          onClick={() => setVisible(null)}
          aria-label={t("actions.dismiss")}
        >
          ×
        </button>
      </div>
    </div>
  );
}
