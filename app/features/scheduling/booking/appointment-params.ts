import { calendarDayParam, oneOf, optionalText, pageParam, readParams } from "~/lib/url-params/url-params";

/**
 * The appointments list's URL contract:
 * /appointments?when=upcoming|past|all&status=&staff=&eventType=&from=YYYY-MM-DD&to=YYYY-MM-DD&page=
 * Upcoming first by default, soonest on top; past and all put the latest on
 * top. Days are the viewer's calendar days; a backwards range is swapped.
 */
export const APPOINTMENT_STATUSES = ["booked", "cancelled", "no-show"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_WHEN = ["upcoming", "past", "all"] as const;
export type AppointmentWhen = (typeof APPOINTMENT_WHEN)[number];
export const APPOINTMENTS_PAGE_SIZE = 20;

export interface AppointmentListParams {
  when: AppointmentWhen;
  status: AppointmentStatus | null;
  staff: string | null;
  eventType: string | null;
  from: string | null;
  to: string | null;
  page: number;
}

const readers = {
  when: oneOf(APPOINTMENT_WHEN, "upcoming"),
  status: oneOf(APPOINTMENT_STATUSES),
  staff: optionalText({ trim: true, maxLength: 64 }),
  eventType: optionalText({ trim: true, maxLength: 64 }),
  from: calendarDayParam,
  to: calendarDayParam,
  page: pageParam,
};

export function parseAppointmentParams(searchParams: URLSearchParams): AppointmentListParams {
  const read = readParams(searchParams, readers);
  const [from, to] = read.from && read.to && read.from > read.to ? [read.to, read.from] : [read.from, read.to];
  return { ...read, from, to };
}

export function appointmentFilterPairs(params: AppointmentListParams): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  if (params.when !== "upcoming") pairs.push(["when", params.when]);
  for (const name of ["status", "staff", "eventType", "from", "to"] as const) {
    const value = params[name];
    if (value) pairs.push([name, value]);
  }
  return pairs;
}

export function appointmentsHref(params: AppointmentListParams, changes: Partial<AppointmentListParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams(appointmentFilterPairs(next));
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return query ? `/appointments?${query}` : "/appointments";
}
