import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Icon } from "~/components/ui/icon";
import { useTranslation } from "~/i18n/react";
import { MAX_SEARCH_LENGTH, searchResourceUrl, type SearchResourceData } from "../search-query";
import { allResultsOption, PALETTE_DEBOUNCE_MS, paletteSections, type PaletteOption, type PaletteSection } from "./palette-options";

type Status = "idle" | "searching" | "done" | "failed";

/**
 * The command palette (issue 27, docs/product/search.md#command-palette): the
 * /search results as the user types, grouped by area, and last "All results
 * for …", which opens /search. Loaded on demand by search-palette-launcher.tsx;
 * the default export is what React.lazy takes.
 * @i18n-on-demand: rendered only in the browser once the palette is asked for;
 * its search namespace is fetched then (useTranslation suspends meanwhile).
 */
export default function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("search");
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [sections, setSections] = useState<PaletteSection[]>([]);
  const [status, setStatus] = useState<Status>("idle");
  const statusId = useId();

  // Debounced; a newer term aborts the request of the one before, so a slow answer never replaces a newer one.
  useEffect(() => {
    const term = typed.trim();
    if (!open || !term) {
      setSections([]);
      setStatus("idle");
      return;
    }
    // "Searching" from the first key: the count shown is always the current term's (the earlier results stay until then).
    setStatus("searching");
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(searchResourceUrl(term), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          // A lapsed session answers 401, a missing subscription a redirect to HTML: either way "All results" still leads on.
          if (!response.ok || !response.headers.get("content-type")?.includes("application/json")) throw new Error(`HTTP ${response.status}`);
          const data = (await response.json()) as SearchResourceData;
          setSections(paletteSections(data.groups));
          setStatus("done");
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setSections([]);
          setStatus("failed");
        });
    }, PALETTE_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [typed, open]);

  const all = allResultsOption(typed, (term) => t("palette.allResults", { term }));
  const go = (option: PaletteOption | null) => {
    if (!option) return;
    onClose();
    navigate(option.href);
  };
  // Enter with no entry chosen yet searches everything, like the /search form would.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Enter" || !all) return;
    const input = event.target instanceof HTMLInputElement ? event.target : null;
    if (!input || input.getAttribute("aria-activedescendant")) return;
    event.preventDefault();
    event.stopPropagation();
    go(all);
  };
  const count = sections.reduce((sum, section) => sum + section.options.length, 0);
  const message =
    status === "searching" ? t("palette.searching") : status === "failed" ? t("palette.failed") : status === "done" ? t("palette.results", { count }) : "";

  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50" data-testid="search-palette">
      <div className="fixed inset-0 bg-slate-900/40 dark:bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-2 pt-[10vh] sm:p-4 sm:pt-[12vh]">
        <DialogPanel className="w-full max-w-xl overflow-hidden rounded-lg bg-white shadow-xl ring-1 ring-slate-900/10 dark:bg-slate-900 dark:ring-slate-700">
          <DialogTitle className="sr-only">{t("palette.title")}</DialogTitle>
          <Combobox<PaletteOption | null> value={null} onChange={go}>
            <div onKeyDownCapture={onKeyDownCapture}>
              {/* The input's focus shows as the row's underline (the app's focus ring would draw over the panel's edge). */}
              <div className="flex items-center gap-2 border-b-2 border-slate-200 px-3 focus-within:border-primary dark:border-slate-700 dark:focus-within:border-primary">
                <Icon name="search" className="shrink-0 text-slate-500 dark:text-slate-400" />
                <ComboboxInput
                  autoFocus
                  aria-label={t("palette.label")}
                  aria-describedby={statusId}
                  placeholder={t("palette.placeholder")}
                  maxLength={MAX_SEARCH_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  className="h-12 min-w-0 flex-1 border-0 bg-transparent text-sm focus:outline-none focus:ring-0 focus-visible:ring-0 focus-visible:ring-offset-0"
                  onChange={(event) => setTyped(event.target.value)}
                  data-testid="search-palette-input"
                />
                <kbd className="hidden shrink-0 rounded border border-slate-300 px-1.5 text-xs text-slate-500 dark:border-slate-600 dark:text-slate-400 sm:inline">
                  Esc
                </kbd>
              </div>
              <ComboboxOptions static modal={false} className="max-h-[60vh] overflow-y-auto py-1 empty:hidden">
                {sections.map((section) => (
                  <div key={section.area} role="group" aria-label={t(`areas.${section.area}`)} className="py-1">
                    <div aria-hidden="true" className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
                      {t(`areas.${section.area}`)}
                    </div>
                    {section.options.map((option) => (
                      <PaletteEntry key={option.key} option={option} />
                    ))}
                  </div>
                ))}
                {all ? (
                  <div role="group" aria-label={t("palette.allGroup")} className="border-t border-slate-100 py-1 dark:border-slate-800">
                    <PaletteEntry option={all} icon />
                  </div>
                ) : null}
              </ComboboxOptions>
            </div>
          </Combobox>
          <p id={statusId} role="status" className="border-t border-slate-200 px-3 py-2 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
            {message ? <span className="mr-2">{message}</span> : null}
            <span className="max-sm:sr-only">{t("palette.keys")}</span>
          </p>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function PaletteEntry({ option, icon = false }: { option: PaletteOption; icon?: boolean }) {
  return (
    <ComboboxOption
      value={option}
      className="flex cursor-pointer items-center gap-2 break-words px-3 py-2 text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800"
      data-testid="search-palette-option"
    >
      {icon ? <Icon name="search" className="shrink-0 text-slate-500 dark:text-slate-400" /> : null}
      <span className="min-w-0">{option.label}</span>
    </ComboboxOption>
  );
}
