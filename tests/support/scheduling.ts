import ICAL from "ical.js";
import { getDb, newId, now } from "~/db/db.server";
import { addCalendarDays, isoWeekday, localPartsAt, zonedTimeToInstant } from "~/lib/dates/zoned-time";
import { createOrganization } from "~/features/organizations/organizations.server";
import type { LoadedEventType } from "~/features/scheduling/availability/availability.server";
import type { EventTypeInput } from "~/features/scheduling/event-types/event-type-schema";
import { createEventType, getEventType } from "~/features/scheduling/event-types/event-types.server";
import { saveSchedule } from "~/features/scheduling/staff/staff.server";
import type { WeeklyHours } from "~/features/scheduling/availability/working-hours";
import * as selectionRoute from "~/routes/resources+/selection";
import { callAction, cookiesFrom } from "./app";
import { appointment } from "./factories";
import { addTenantUser, billingTenant, emailsTo } from "./billing";

/**
 * A tenant ready to book appointments (issue 12): an organization with a
 * team, two team members as hosts with saved hours, an event type, a contact
 * with an email address, and the owner's Cookie header with the selection
 * pointing at the organization and team.
 */

/** Mon–Fri, 09–12 and 13–17: the hosts' week in every world. */
export const WORKING_WEEK: WeeklyHours = Object.fromEntries(
  ([1, 2, 3, 4, 5] as const).map((day) => [
    day,
    [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "17:00" },
    ],
  ]),
) as WeeklyHours;

export interface WorldOptions {
  timeZone?: string;
  country?: string;
  assignment?: "single" | "round-robin";
  durationMinutes?: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  minimumNoticeMinutes?: number;
  bookableDaysAhead?: number;
}

export interface Host {
  id: string;
  email: string;
}

export type SchedulingWorld = Awaited<ReturnType<typeof schedulingWorld>>;

let sequence = 0;

export async function schedulingWorld(options: WorldOptions = {}) {
  sequence += 1;
  const timeZone = options.timeZone ?? "America/New_York";
  const db = getDb();
  const tenant = await billingTenant();
  await db
    .updateTable("tenants")
    .set({ time_zone: timeZone, country: options.country ?? "US" })
    .where("id", "=", tenant.tenantId)
    .execute();

  const organizationName = `Clinic ${sequence} ${newId().slice(0, 4)}`;
  const organizationId = await createOrganization(tenant.tenantId, tenant.userId, { name: organizationName, website: null });
  const teamId = await insertTeam(tenant.tenantId, organizationId, "Front desk");
  const hosts: Host[] = [];
  for (const name of ["Ada Host", "Bo Host"]) {
    const email = await addTenantUser(tenant.tenantId, "agent");
    const user = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await db.updateTable("users").set({ name }).where("id", "=", user.id).execute();
    await addMember(organizationId, teamId, user.id);
    await saveSchedule(tenant.tenantId, user.id, { timeZone, weeklyHours: WORKING_WEEK });
    hosts.push({ id: user.id, email });
  }
  const assignment = options.assignment ?? "single";
  const eventType = await addEventType(tenant.tenantId, teamId, {
    name: "Consultation",
    hostIds: assignment === "single" ? [hosts[0]!.id] : hosts.map((host) => host.id),
    assignment,
    durationMinutes: options.durationMinutes ?? 30,
    bufferBeforeMinutes: options.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: options.bufferAfterMinutes ?? 0,
    minimumNoticeMinutes: options.minimumNoticeMinutes ?? 120,
    bookableDaysAhead: options.bookableDaysAhead ?? 60,
  });

  const listId = newId();
  const stamp = now();
  await db
    .insertInto("contact_lists")
    .values({ id: listId, tenant_id: tenant.tenantId, name: "Patients", name_key: "patients", created_at: stamp, updated_at: stamp })
    .execute();
  const contact = await addContact(tenant.tenantId, listId, "Carla", "Contact");

  const cookie = await selectOrganization(await tenant.cookie(), organizationId, teamId);
  return {
    tenant,
    tenantId: tenant.tenantId,
    ownerId: tenant.userId,
    timeZone,
    organizationId,
    organizationName,
    teamId,
    hosts,
    eventType,
    listId,
    contact,
    cookie,
  };
}

export async function insertTeam(tenantId: string, organizationId: string, name: string) {
  const id = newId();
  await getDb().insertInto("teams").values({ id, tenant_id: tenantId, organization_id: organizationId, name, created_at: now(), updated_at: now() }).execute();
  return id;
}

export async function addMember(organizationId: string, teamId: string | null, userId: string, roleKey = "agent") {
  const db = getDb();
  await db
    .insertInto("organization_members")
    .values({ organization_id: organizationId, user_id: userId, role_key: roleKey, created_at: now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (teamId) await db.insertInto("team_members").values({ team_id: teamId, user_id: userId, created_at: now() }).execute();
}

export async function addEventType(tenantId: string, teamId: string, input: Partial<EventTypeInput> & { hostIds: string[] }): Promise<LoadedEventType> {
  const created = await createEventType(tenantId, teamId, {
    name: "Consultation",
    durationMinutes: 30,
    locationKind: "phone",
    locationDetail: "agent-calls",
    appointmentType: "consultation",
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeMinutes: 120,
    bookableDaysAhead: 60,
    assignment: "single",
    color: "blue",
    ...input,
  });
  if ("problem" in created) throw new Error(`event type refused: ${created.problem}`);
  const eventType = await getEventType(tenantId, created.id);
  if (!eventType) throw new Error(`event type ${created.id} was not stored`);
  return eventType;
}

let phoneSequence = 0;

export async function addContact(tenantId: string, listId: string, firstName: string, lastName: string) {
  phoneSequence += 1;
  const id = newId();
  const email = `contact-${id.slice(0, 10).toLowerCase()}@example.test`;
  const phone = `+1202555${String(1000 + phoneSequence).slice(-4)}`;
  const stamp = now();
  await getDb()
    .insertInto("contacts")
    .values({
      id,
      tenant_id: tenantId,
      list_id: listId,
      first_name: firstName,
      last_name: lastName,
      phone,
      email,
      time_zone: null,
      opted_out_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  return { id, email, name: `${firstName} ${lastName}`, phone };
}

/** Posts the top bar's selector as a browser would; returns the Cookie header the browser sends next. */
export async function selectOrganization(cookie: string, organizationId: string, teamId?: string) {
  const form: Record<string, string> = { organizationId, redirectTo: "/appointments" };
  if (teamId) form.teamId = teamId;
  const response = await callAction(selectionRoute.action, "/resources/selection", { cookie, form });
  if (!(response instanceof Response) || response.status !== 302) throw new Error("the selection was not stored");
  return cookiesFrom(response, cookie);
}

/** A weekday (Tue–Thu by default, far from any DST change) at least `minDays` after today in the zone, as "YYYY-MM-DD". */
export function weekdayAhead(timeZone: string, minDays: number, weekdays: readonly number[] = [2, 3, 4]) {
  let date = addCalendarDays({ ...localPartsAt(Date.now(), timeZone), hour: 12, minute: 0 }, minDays);
  while (!weekdays.includes(isoWeekday(date.year, date.month, date.day))) date = addCalendarDays(date, 1);
  return dayKey(date);
}

export function dayKey(date: { year: number; month: number; day: number }) {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

export function addDays(day: string, days: number) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return dayKey(addCalendarDays({ year, month, day: date, hour: 12, minute: 0 }, days));
}

/** The instant a wall-clock time of a day names in a zone, as the app writes instants. */
export function instantAt(day: string, clock: string, timeZone: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = clock.split(":").map(Number) as [number, number];
  return zonedTimeToInstant({ year, month, day: date, hour, minute }, timeZone).toISOString();
}

/** An appointment row written directly (past ones, list fixtures), as bookAppointment would write it. */
export async function insertAppointment(
  world: SchedulingWorld,
  values: {
    start: string;
    minutes?: number;
    hostId?: string;
    status?: string;
    eventTypeId?: string | null;
    teamId?: string | null;
    organizationId?: string;
    contactName?: string;
    tenantId?: string;
  },
) {
  const { id } = await appointment(values.tenantId ?? world.tenantId, values.organizationId ?? world.organizationId, {
    team_id: values.teamId === undefined ? world.teamId : values.teamId,
    event_type_id: values.eventTypeId === undefined ? world.eventType.id : values.eventTypeId,
    host_user_id: values.hostId ?? world.hosts[0]!.id,
    contact_name: values.contactName ?? "Listed Person",
    start_at: new Date(values.start).toISOString(),
    end_at: new Date(Date.parse(values.start) + (values.minutes ?? 30) * 60_000).toISOString(),
    time_zone: world.timeZone,
    status: values.status ?? "booked",
  });
  return id;
}

export interface SentEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
}

export function appointmentEmailsTo(address: string) {
  return emailsTo(address) as SentEmail[];
}

/** What a calendar reads from an invitation: the calendar's METHOD and its one event's UID, SEQUENCE, STATUS and times in UTC. */
export function readInvitation(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents("vevent");
  if (events.length !== 1) throw new Error(`expected one VEVENT, found ${events.length}`);
  const event = events[0]!;
  const utc = (name: "dtstart" | "dtend") => {
    const value = event.getFirstPropertyValue(name);
    if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a date-time`);
    return new Date(value.toUnixTime() * 1000).toISOString();
  };
  return {
    method: calendar.getFirstPropertyValue("method") as string | null,
    uid: event.getFirstPropertyValue("uid") as string | null,
    sequence: Number(event.getFirstPropertyValue("sequence")),
    status: event.getFirstPropertyValue("status") as string | null,
    start: utc("dtstart"),
    end: utc("dtend"),
  };
}
