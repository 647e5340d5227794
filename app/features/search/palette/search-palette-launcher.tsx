import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { isApplePlatform, isPaletteShortcut } from "./palette-shortcut";

// The palette (Headless UI's Dialog and Combobox) is a chunk of its own, fetched on the first Ctrl/⌘-K or click
// on the top bar's Search: every page carries only this launcher (docs/decisions/0064-command-palette.md).
const SearchPalette = lazy(() => import("./search-palette"));

/** The top bar's Search link (app/components/shell/topbar.tsx) carries this attribute; with scripts it opens the palette instead of /search. */
export const PALETTE_TRIGGER_ATTRIBUTE = "data-search-palette";

/**
 * Mounted once by the dashboard layout: listens for Ctrl/⌘-K and for clicks
 * on the Search link, and renders the palette once asked for. It also shows
 * the top bar's shortcut hint for this platform (the hint is CSS keyed on
 * <html data-search-shortcut>), which without scripts stays hidden, as the
 * shortcut does nothing then and Search stays a link to /search.
 */
export function SearchPaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const show = useCallback(() => {
    setRequested(true);
    setOpen(true);
  }, []);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.searchShortcut = isApplePlatform(navigator.platform || navigator.userAgent) ? "mac" : "ctrl";
    for (const trigger of document.querySelectorAll(`[${PALETTE_TRIGGER_ATTRIBUTE}]`)) trigger.setAttribute("aria-keyshortcuts", "Control+K Meta+K");
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event)) return;
      // The browser's own Ctrl+K (its search bar) would take the focus away from the page.
      event.preventDefault();
      show();
    }
    function onClick(event: MouseEvent) {
      // A modified click (a new tab) still opens /search.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const trigger = event.target instanceof Element ? event.target.closest(`[${PALETTE_TRIGGER_ATTRIBUTE}]`) : null;
      if (!trigger) return;
      // Capture phase: before the root's list-link navigation (components/ui/list-link.tsx), which skips a prevented click.
      event.preventDefault();
      show();
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick, true);
      delete root.dataset.searchShortcut;
    };
  }, [show]);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <SearchPalette open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
