import { calendarDayParam, oneOf, optionalText, readParams } from "~/lib/url-params/url-params";

/**
 * The calendar's URL contract and its pure layout:
 * /calendar?view=month|week|day&date=YYYY-MM-DD&staff=<user id>
 * Weeks start on Monday. Days are the viewer's calendar days.
 */
export const CALENDAR_VIEWS = ["month", "week", "day"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export interface CalendarParams {
  view: CalendarView;
  date: string | null;
  staff: string | null;
}

export function parseCalendarParams(searchParams: URLSearchParams): CalendarParams {
  return readParams(searchParams, { view: oneOf(CALENDAR_VIEWS, "week"), date: calendarDayParam, staff: optionalText({ trim: true, maxLength: 64 }) });
}

export function calendarHref(params: { view: CalendarView; date: string | null; staff: string | null }, changes: Partial<CalendarParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.view !== "week") search.set("view", next.view);
  if (next.date) search.set("date", next.date);
  if (next.staff) search.set("staff", next.staff);
  const query = search.toString();
  return query ? `/calendar?${query}` : "/calendar";
}

const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const key = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number) {
  const date = noon(day);
  date.setUTCDate(date.getUTCDate() + days);
  return key(date);
}

/** ISO weekday, 1 = Monday. */
export function weekdayOf(day: string) {
  return ((noon(day).getUTCDay() + 6) % 7) + 1;
}

export function mondayOf(day: string) {
  return addDays(day, 1 - weekdayOf(day));
}

/** The days a view shows: a day; Monday to Sunday; or the whole weeks that hold the month. */
export function visibleDays(view: CalendarView, date: string): string[] {
  if (view === "day") return [date];
  if (view === "week") return Array.from({ length: 7 }, (_, index) => addDays(mondayOf(date), index));
  const first = `${date.slice(0, 7)}-01`;
  const nextMonth = noon(first);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const last = addDays(key(nextMonth), -1);
  const start = mondayOf(first);
  const end = addDays(mondayOf(last), 6);
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The date of the previous or next page of a view. */
export function shiftDate(view: CalendarView, date: string, direction: -1 | 1) {
  if (view === "day") return addDays(date, direction);
  if (view === "week") return addDays(date, 7 * direction);
  const moved = noon(`${date.slice(0, 7)}-01`);
  moved.setUTCMonth(moved.getUTCMonth() + direction);
  return key(moved);
}

export interface TimedItem {
  id: string;
  /** Minutes after the day's midnight, clipped to the day. */
  startMinute: number;
  endMinute: number;
}

/**
 * Side-by-side lanes for overlapping entries of one day: each entry takes
 * the first lane free at its start; entries that overlap each other (a
 * cluster) share the cluster's lane count, so widths line up.
 */
export function laneLayout<Item extends TimedItem>(items: readonly Item[]): Array<Item & { lane: number; lanes: number }> {
  const sorted = [...items].sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute || a.id.localeCompare(b.id));
  const placed: Array<Item & { lane: number; lanes: number }> = [];
  let cluster: Array<Item & { lane: number; lanes: number }> = [];
  let clusterEnd = -1;
  let laneEnds: number[] = [];
  const closeCluster = () => {
    const lanes = Math.max(1, laneEnds.length);
    for (const item of cluster) item.lanes = lanes;
    cluster = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.startMinute >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= item.startMinute);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(item.endMinute);
    } else {
      laneEnds[lane] = item.endMinute;
    }
    const entry = { ...item, lane, lanes: 1 };
    cluster.push(entry);
    placed.push(entry);
    clusterEnd = Math.max(clusterEnd, item.endMinute);
  }
  closeCluster();
  return placed;
}

/** The hours a time grid shows: working hours at least, widened to hold every entry. */
export function visibleHours(items: readonly TimedItem[], defaults = { from: 7, to: 19 }) {
  let from = defaults.from;
  let to = defaults.to;
  for (const item of items) {
    from = Math.min(from, Math.floor(item.startMinute / 60));
    to = Math.max(to, Math.ceil(item.endMinute / 60));
  }
  return { from, to: Math.min(24, Math.max(to, from + 1)) };
}
