import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { useRef, useState, type SelectHTMLAttributes } from "react";
import { useTranslation } from "~/i18n/react";
import { groupTimeZones, matchTimeZones, zoneLabel } from "~/lib/dates/time-zone-groups";
import { cn } from "./cn";
import { FieldShell, inputClass } from "./field";
import { useHydrated } from "./use-hydrated";

/** How many matches the search lists at once: enough to see, few enough to render fast (the runtime knows ~420 zones). */
const MAX_MATCHES = 50;

/**
 * The one time-zone field (issue 27). Without JavaScript: a <select> with an <optgroup> per region
 * (Europe, America, …). With JavaScript: a search box above it (headlessui Combobox) that picks a
 * zone into that same select, which stays the field the form submits, so the conform wiring,
 * validation and errors are the select's in both cases.
 */
export function TimeZoneField({
  label,
  errors,
  namespace,
  selectProps,
  zones,
}: {
  label: string;
  errors?: string[];
  namespace?: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  zones: readonly string[];
}) {
  const { t } = useTranslation("common");
  const hydrated = useHydrated();
  const selectRef = useRef<HTMLSelectElement>(null);
  const [query, setQuery] = useState("");
  const { key, ...rest } = selectProps;
  const matches = matchTimeZones(zones, query).slice(0, MAX_MATCHES);
  const pick = (zone: string | null) => {
    const select = selectRef.current;
    if (!zone || !select) return;
    select.value = zone;
    // Tell conform (and anyone listening) as if the person had chosen it in the select.
    select.dispatchEvent(new Event("change", { bubbles: true }));
    setQuery("");
  };
  return (
    <FieldShell label={label} errors={errors} namespace={namespace} controlProps={rest}>
      {(control) => (
        <div className="space-y-2" data-time-zone-field="">
          {hydrated && !rest.disabled ? (
            <Combobox value={null as string | null} onChange={pick}>
              <div className="relative">
                <ComboboxInput
                  aria-label={t("timeZoneField.search", { field: label })}
                  placeholder={t("timeZoneField.searchPlaceholder")}
                  className={inputClass}
                  autoComplete="off"
                  onChange={(event) => setQuery(event.target.value)}
                  data-time-zone-search=""
                />
                <ComboboxOptions
                  anchor="bottom start"
                  className="z-50 max-h-64 w-[var(--input-width)] overflow-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg empty:invisible dark:border-slate-700 dark:bg-slate-900"
                >
                  {matches.length === 0 ? (
                    <div className="px-3 py-2 text-slate-600 dark:text-slate-300">{t("timeZoneField.noMatch")}</div>
                  ) : (
                    matches.map((zone) => (
                      <ComboboxOption key={zone} value={zone} className="cursor-pointer px-3 py-1.5 data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-800">
                        {zoneLabel(zone)}
                      </ComboboxOption>
                    ))
                  )}
                </ComboboxOptions>
              </div>
            </Combobox>
          ) : null}
          {/* Every option is a zone, so the select always holds a choice: `required` adds nothing, and with the first option inside
              an <optgroup> it is invalid HTML (the Nu checker, html-validity.spec). */}
          <select key={key} ref={selectRef} {...rest} {...control} required={false} className={cn(inputClass, rest.className)}>
            {groupTimeZones(zones).map((group) => (
              <optgroup key={group.region} label={t(`timeZoneField.regions.${group.region}`)}>
                {group.zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zoneLabel(zone)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      )}
    </FieldShell>
  );
}
