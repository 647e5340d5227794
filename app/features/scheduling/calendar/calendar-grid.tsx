import { Link } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import { dateTimeFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { CalendarEntry } from "./calendar.server";
import { calendarEntryClass } from "../event-types/event-type-colors";
import { laneLayout, visibleHours, type CalendarView } from "./calendar-view";

export type GridEntry = CalendarEntry;

const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const appointmentHref = (id: string) => `/appointments/${encodeURIComponent(id)}`;

function useFormats(timeZone: string) {
  const { i18n } = useTranslation();
  return {
    time: dateTimeFormat(i18n.language, { hour: "numeric", minute: "2-digit", timeZone }),
    weekday: dateTimeFormat(i18n.language, { weekday: "short", timeZone: "UTC" }),
    dayNumber: dateTimeFormat(i18n.language, { day: "numeric", timeZone: "UTC" }),
    dayMonth: dateTimeFormat(i18n.language, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
    hour: dateTimeFormat(i18n.language, { hour: "numeric", timeZone: "UTC" }),
  };
}

/** An entry as one line: time, contact, type; struck through and marked when the contact did not come. */
function EntryLink({ entry, timeZone, compact = false }: { entry: GridEntry; timeZone: string; compact?: boolean }) {
  const { t } = useTranslation("scheduling");
  const formats = useFormats(timeZone);
  return (
    <Link
      to={appointmentHref(entry.id)}
      className={cn(
        "block min-w-0 rounded border-l-4 px-1.5 py-0.5 text-xs leading-snug hover:brightness-95",
        compact && "truncate",
        calendarEntryClass(entry.color),
        entry.status === "no-show" && "italic",
      )}
      title={`${formats.time.format(new Date(entry.start))} ${entry.contactName} · ${entry.title}${entry.hostName ? ` · ${entry.hostName}` : ""}`}
    >
      <span className="font-semibold tabular-nums">{formats.time.format(new Date(entry.start))}</span>{" "}
      <span className={cn(entry.status === "no-show" && "line-through")}>{entry.contactName}</span>
      {!compact ? (
        <span className="block truncate opacity-80">
          {entry.title}
          {entry.hostName ? ` · ${entry.hostName}` : ""}
        </span>
      ) : null}
      {entry.status === "no-show" ? <span className="sr-only"> ({t("statuses.no-show")})</span> : null}
    </Link>
  );
}

export function MonthGrid({
  days,
  month,
  today,
  entries,
  timeZone,
  dayHref,
}: {
  days: string[];
  month: string;
  today: string;
  entries: GridEntry[];
  timeZone: string;
  dayHref: (day: string) => string;
}) {
  const { t } = useTranslation("scheduling");
  const formats = useFormats(timeZone);
  const byDay = new Map<string, GridEntry[]>();
  for (const entry of entries) byDay.set(entry.day, [...(byDay.get(entry.day) ?? []), entry]);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" data-testid="calendar-month">
      <div className="grid grid-cols-7 border-b border-slate-200 bg-slate-50 text-center text-xs font-medium text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        {days.slice(0, 7).map((day) => (
          <div key={day} className="py-2">
            {formats.weekday.format(noon(day))}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {days.map((day) => {
          const list = byDay.get(day) ?? [];
          const inMonth = day.slice(0, 7) === month;
          return (
            <div
              key={day}
              className={cn(
                "min-h-[4.5rem] min-w-0 border-b border-r border-slate-200 p-1 dark:border-slate-800 sm:min-h-[7rem]",
                !inMonth && "bg-slate-50/60 dark:bg-slate-900/40",
              )}
            >
              <Link
                to={dayHref(day)}
                aria-label={t("calendar.dayLink", { day: formats.dayMonth.format(noon(day)), count: list.length })}
                className={cn(
                  "inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs",
                  day === today
                    ? "bg-primary-button font-semibold text-primary-button-text"
                    : inMonth
                      ? "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                      : "text-slate-500 dark:text-slate-400",
                )}
              >
                {formats.dayNumber.format(noon(day))}
              </Link>
              {list.length > 0 ? (
                <>
                  <span className="mt-1 block text-center text-xs font-medium text-slate-600 sm:hidden dark:text-slate-300" aria-hidden="true">
                    {list.length}
                  </span>
                  <ul className="mt-1 hidden space-y-1 sm:block">
                    {list.slice(0, 3).map((entry) => (
                      <li key={entry.id}>
                        <EntryLink entry={entry} timeZone={timeZone} compact />
                      </li>
                    ))}
                    {list.length > 3 ? (
                      <li>
                        <Link to={dayHref(day)} className="text-xs text-primary-dark underline dark:text-primary">
                          {t("calendar.more", { count: list.length - 3 })}
                        </Link>
                      </li>
                    ) : null}
                  </ul>
                </>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

const HOUR_REM = 3;

/** A time grid: hours down the side, one column per day, entries placed by their wall-clock time; overlaps side by side. */
export function TimeGrid({
  days,
  today,
  entries,
  timeZone,
  dayHref,
  view,
}: {
  days: string[];
  today: string;
  entries: GridEntry[];
  timeZone: string;
  dayHref: (day: string) => string;
  view: CalendarView;
}) {
  const formats = useFormats(timeZone);
  const hours = visibleHours(entries);
  const hourList = Array.from({ length: hours.to - hours.from }, (_, index) => hours.from + index);
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 dark:border-slate-800" data-testid={`calendar-${view}`}>
      <div
        className="grid border-b border-slate-200 bg-slate-50 text-xs dark:border-slate-800 dark:bg-slate-900"
        style={{ gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` }}
      >
        <div />
        {days.map((day) => (
          <Link
            key={day}
            to={dayHref(day)}
            className={cn("py-2 text-center font-medium hover:bg-slate-100 dark:hover:bg-slate-800", day === today && "text-primary-dark dark:text-primary")}
          >
            {view === "day" ? formats.dayMonth.format(noon(day)) : `${formats.weekday.format(noon(day))} ${formats.dayNumber.format(noon(day))}`}
          </Link>
        ))}
      </div>
      <div className="grid" style={{ gridTemplateColumns: `3.5rem repeat(${days.length}, minmax(0, 1fr))` }}>
        <div>
          {hourList.map((hour) => (
            <div
              key={hour}
              className="border-b border-slate-100 pr-1 text-right text-[11px] text-slate-500 dark:border-slate-800 dark:text-slate-400"
              style={{ height: `${HOUR_REM}rem` }}
            >
              {formats.hour.format(new Date(Date.UTC(2024, 0, 1, hour)))}
            </div>
          ))}
        </div>
        {days.map((day) => {
          const placed = laneLayout(entries.filter((entry) => entry.day === day));
          return (
            <div
              key={day}
              className={cn("relative border-l border-slate-200 dark:border-slate-800", day === today && "bg-primary-button/5")}
              style={{ height: `${hourList.length * HOUR_REM}rem` }}
            >
              {hourList.map((hour, index) => (
                <div
                  key={hour}
                  className="absolute inset-x-0 border-b border-slate-100 dark:border-slate-800"
                  style={{ top: `${(index + 1) * HOUR_REM}rem` }}
                  aria-hidden="true"
                />
              ))}
              <ul>
                {placed.map((entry) => (
                  <li
                    key={entry.id}
                    className="absolute px-0.5"
                    style={{
                      top: `${((entry.startMinute - hours.from * 60) / 60) * HOUR_REM}rem`,
                      height: `${Math.max(((entry.endMinute - entry.startMinute) / 60) * HOUR_REM, 1.25)}rem`,
                      left: `${(entry.lane / entry.lanes) * 100}%`,
                      width: `${100 / entry.lanes}%`,
                    }}
                  >
                    <div className="h-full overflow-hidden">
                      <EntryLink entry={entry} timeZone={timeZone} compact={view === "week" || entry.endMinute - entry.startMinute < 45} />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** On a phone a week is a list of days: seven narrow columns would hold nothing readable. */
export function AgendaList({
  days,
  today,
  entries,
  timeZone,
  dayHref,
}: {
  days: string[];
  today: string;
  entries: GridEntry[];
  timeZone: string;
  dayHref: (day: string) => string;
}) {
  const { t } = useTranslation("scheduling");
  const formats = useFormats(timeZone);
  return (
    <ol className="space-y-3" data-testid="calendar-agenda">
      {days.map((day) => {
        const list = entries.filter((entry) => entry.day === day);
        return (
          <li key={day} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            <Link to={dayHref(day)} className={cn("text-sm font-semibold", day === today && "text-primary-dark dark:text-primary")}>
              {formats.dayMonth.format(noon(day))}
            </Link>
            {list.length === 0 ? (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t("calendar.nothing")}</p>
            ) : (
              <ul className="mt-2 space-y-1">
                {list.map((entry) => (
                  <li key={entry.id}>
                    <EntryLink entry={entry} timeZone={timeZone} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
