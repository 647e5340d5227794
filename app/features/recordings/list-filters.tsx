import { Form, Link, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useRef, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  clearedFilters,
  fixedParamsFor,
  hiddenFilterFields,
  listHref,
  SEARCH_DEBOUNCE_MS,
  type RecordingsListParams,
  type RecordingsListViewData,
} from "./list-params";

/**
 * The list's GET form: search, direction and campaign, with the other active
 * filters and the sort carried as hidden fields. It has no page field, so any
 * new search starts at page 1. Without JavaScript the Apply button submits
 * it; with JavaScript the search submits itself 300 ms after typing stops
 * (replacing the history entry, so Back does not step through every letter)
 * and a select submits as soon as it changes.
 */
export function RecordingsListFilters({ data }: { data: RecordingsListViewData }) {
  const { t } = useTranslation("recordings");
  const { basePath, params } = data;
  const submit = useSubmit();
  const searchInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A link (clear filters, Back) can change the search; show it, unless the user is typing in the box right now.
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input && input.value !== params.q) input.value = params.q;
  }, [params.q]);

  const submitForm = useCallback(
    (form: HTMLFormElement, replace: boolean) => {
      clearTimeout(timer.current);
      // Empty fields mean "any"; leaving them out keeps the URL as short as the links the list makes itself.
      const fields = new FormData(form);
      for (const [name, value] of [...fields.entries()]) if (value === "") fields.delete(name);
      submit(fields, { method: "get", action: basePath, replace, preventScrollReset: true });
    },
    [submit, basePath],
  );

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const target: EventTarget = event.target;
    if (target === searchInput.current) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => submitForm(form, true), SEARCH_DEBOUNCE_MS);
    } else if (target instanceof HTMLSelectElement) {
      submitForm(form, false);
    }
  }

  // An explicit submit (Enter, Apply) makes any waiting debounced one pointless.
  const onSubmit = (_event: FormEvent<HTMLFormElement>) => clearTimeout(timer.current);

  const directions = withCurrent(data.directions, params.direction);
  const campaigns = withCurrent(data.campaigns, params.campaign);

  return (
    <div className="space-y-3">
      <Form
        method="get"
        action={basePath}
        role="search"
        aria-label={t("filters.label")}
        onChange={onChange}
        onSubmit={onSubmit}
        className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end"
      >
        {Object.entries(fixedParamsFor(basePath)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="space-y-1">
          <label htmlFor="recordings-q" className="block text-sm font-medium">
            {t("search.label")}
          </label>
          <input
            ref={searchInput}
            id="recordings-q"
            type="search"
            name="q"
            defaultValue={params.q}
            placeholder={t("search.placeholder")}
            aria-describedby="recordings-q-hint"
            autoComplete="off"
            className={inputClass}
          />
          <p id="recordings-q-hint" className="sr-only">
            {t("search.hint")}
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor="recordings-direction" className="block text-sm font-medium">
            {t("filters.direction")}
          </label>
          <select key={params.direction ?? ""} id="recordings-direction" name="direction" defaultValue={params.direction ?? ""} className={inputClass}>
            <option value="">{t("filters.allDirections")}</option>
            {directions.map((direction) => (
              <option key={direction} value={direction}>
                {t(`direction.${direction}`, { defaultValue: direction })}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="recordings-campaign" className="block text-sm font-medium">
            {t("filters.campaign")}
          </label>
          <select key={params.campaign ?? ""} id="recordings-campaign" name="campaign" defaultValue={params.campaign ?? ""} className={inputClass}>
            <option value="">{t("filters.allCampaigns")}</option>
            {campaigns.map((campaign) => (
              <option key={campaign} value={campaign}>
                {campaign}
              </option>
            ))}
          </select>
        </div>
        {hiddenFilterFields(params).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass("secondary")}>
          {t("search.submit")}
        </button>
      </Form>
      <ActiveFilters data={data} />
    </div>
  );
}

/** The select must be able to show a value the URL asks for even when no call has it (any more). */
function withCurrent(options: string[], current: string | null) {
  return current && !options.includes(current) ? [...options, current] : options;
}

/** Filters the form does not show (they come from links such as the overview's figures), each removable on its own. */
function ActiveFilters({ data }: { data: RecordingsListViewData }) {
  const { t } = useTranslation("recordings");
  const { basePath, params } = data;
  const chips: Array<{ key: string; label: string; without: Partial<RecordingsListParams> }> = [];
  if (params.status) chips.push({ key: "status", label: t("filters.status", { status: t(`status.${params.status}`) }), without: { status: null } });
  if (params.range) chips.push({ key: "range", label: t("filters.range", { range: t(`ranges.${params.range}`) }), without: { range: null } });
  if (params.escalated) chips.push({ key: "escalated", label: t("filters.escalated"), without: { escalated: false } });
  if (params.view === "disagreement") chips.push({ key: "view", label: t("filters.disagreement"), without: { view: null } });
  const anyFilter = chips.length > 0 || params.q || params.direction || params.campaign;
  const chipClass =
    "inline-flex items-center gap-1 rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {chips.length > 0 ? (
        <>
          <span className="text-slate-600 dark:text-slate-300">{t("filters.active")}</span>
          <ul className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.key}>
                <Link
                  to={listHref(basePath, params, { ...chip.without, page: 1 })}
                  preventScrollReset
                  aria-label={t("filters.remove", { filter: chip.label })}
                  className={chipClass}
                >
                  {chip.label}
                  <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {params.view !== "disagreement" ? (
        <Link to={listHref(basePath, params, { view: "disagreement", page: 1 })} className="underline">
          {t("filters.showDisagreement")}
        </Link>
      ) : null}
      {anyFilter ? (
        <Link to={listHref(basePath, clearedFilters(params))} className="underline">
          {t("filters.clear")}
        </Link>
      ) : null}
    </div>
  );
}
