import { Link } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import { FieldErrors } from "~/components/ui/field";
import { dateTimeFormat, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";

export interface PickerWeek {
  week: string;
  previousWeek: string | null;
  nextWeek: string;
  days: Array<{ date: string; count: number }>;
  date: string;
  times: Array<{ start: string; label: string }>;
}

/**
 * The server-rendered slot picker: a week of days as links (each says how
 * many times are free), the chosen day's free times as radio buttons of the
 * surrounding form. No script: choosing a day is a link, booking a time is
 * the form's submit.
 */
export function SlotPicker({
  picker,
  hrefFor,
  selected,
  errors,
  timeZone,
}: {
  picker: PickerWeek;
  hrefFor: (changes: { week?: string; date?: string }) => string;
  selected?: string | null;
  errors?: string[];
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("scheduling");
  const dayName = dateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" });
  const dayNumber = dateTimeFormat(i18n.language, { day: "numeric", month: "short", timeZone: "UTC" });
  const longDay = dateTimeFormat(i18n.language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const clock = dateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit", timeZone });
  const noon = (date: string) => new Date(`${date}T12:00:00Z`);
  return (
    <div className="space-y-4" data-testid="slot-picker">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">{t("picker.chooseDay")}</p>
        <div className="flex gap-2 text-sm">
          {picker.previousWeek ? (
            <Link to={hrefFor({ week: picker.previousWeek })} className="rounded-md px-2 py-1 text-primary-dark underline dark:text-primary" preventScrollReset>
              {t("picker.earlier")}
            </Link>
          ) : null}
          <Link to={hrefFor({ week: picker.nextWeek })} className="rounded-md px-2 py-1 text-primary-dark underline dark:text-primary" preventScrollReset>
            {t("picker.later")}
          </Link>
        </div>
      </div>
      <ul className="grid grid-cols-4 gap-2 sm:grid-cols-7">
        {picker.days.map((day) => {
          const current = day.date === picker.date;
          return (
            <li key={day.date}>
              <Link
                to={hrefFor({ week: picker.week, date: day.date })}
                preventScrollReset
                aria-current={current ? "date" : undefined}
                className={cn(
                  "flex flex-col items-center rounded-md border px-1 py-2 text-center text-sm",
                  current
                    ? "border-primary-button bg-primary-button/10 font-semibold"
                    : "border-slate-200 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800",
                  day.count === 0 && !current && "bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-400",
                )}
              >
                {/* The link's name is its visible text, "Mon Nov 30 3 free" (WCAG 2.5.3 label in name); the spaces keep its parts apart. */}
                <span>{dayName.format(noon(day.date))}</span> <span className="text-xs">{dayNumber.format(noon(day.date))}</span>{" "}
                <span className={cn("mt-1 whitespace-nowrap text-xs", current ? "text-slate-800 dark:text-slate-100" : "text-slate-600 dark:text-slate-300")}>
                  {day.count === 0 ? t("picker.none") : t("picker.free", { count: day.count, value: formatNumber(day.count, i18n.language) })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <fieldset className="space-y-2" aria-describedby={errors?.length ? "start-error" : undefined}>
        <legend className="text-sm font-medium">{t("picker.times", { day: longDay.format(noon(picker.date)) })}</legend>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t("picker.zone", { zone: timeZone.replace(/_/g, " ") })}</p>
        {picker.times.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("picker.noTimes")}</p>
        ) : (
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {picker.times.map((time) => (
              <label key={time.start} className="relative">
                <input type="radio" name="start" value={time.start} defaultChecked={selected === time.start} className="peer sr-only" />
                <span className="block cursor-pointer whitespace-nowrap rounded-md border border-slate-300 px-1 py-2 text-center text-sm tabular-nums peer-checked:border-primary-button peer-checked:bg-primary-button peer-checked:text-primary-button-text peer-focus-visible:ring-2 peer-focus-visible:ring-primary-button dark:border-slate-600">
                  {clock.format(new Date(time.start))}
                </span>
              </label>
            ))}
          </div>
        )}
        <FieldErrors id="start-error" errors={errors} t={t} />
      </fieldset>
    </div>
  );
}
