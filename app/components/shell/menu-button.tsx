import { forwardRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { NAVIGATION_ID } from "./sidebar";

const MENU_BUTTON_CLASS =
  "inline-flex min-h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 wide:hidden";

/**
 * The phone's way to the navigation (768 px and below, where the sidebar is
 * a drawer): a labelled "Menu" control, not an unlabelled icon. Without
 * JavaScript it is a link to #navigation, which CSS shows as the drawer
 * (`.sidebar:target`); once hydrated, a button that opens and closes it.
 */
export const MenuButton = forwardRef<HTMLButtonElement, { open: boolean; onToggle: () => void }>(function MenuButton({ open, onToggle }, ref) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const content = (
    <>
      <Icon name="menu" />
      <span>{t("nav.menu")}</span>
    </>
  );
  return hydrated ? (
    <button
      ref={ref}
      type="button"
      className={MENU_BUTTON_CLASS}
      aria-expanded={open}
      aria-controls={NAVIGATION_ID}
      onClick={onToggle}
      data-testid="menu-button"
    >
      {content}
    </button>
  ) : (
    <a href={`#${NAVIGATION_ID}`} className={MENU_BUTTON_CLASS} data-testid="menu-button">
      {content}
    </a>
  );
});
