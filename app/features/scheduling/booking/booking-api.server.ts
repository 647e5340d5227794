import { z } from "zod";
import { getDb, type DB } from "~/db/db.server";
import { toE164 } from "~/features/phone/phone";
import type { ApiErrorDetail } from "~/features/api-keys/api-request.server";
import { MAX_YEAR, MIN_YEAR, readCalendarDay, readZonedInstant } from "~/lib/dates/iso-input";
import { getEventType } from "../event-types/event-types.server";

/**
 * The voice agent's booking API (docs/api/appointments.md): list event types,
 * offer free times, book one during the call. Requests name things by our
 * ids; the key decides the tenant, and another tenant's ids are not found.
 */
export const MAX_SLOT_RANGE_DAYS = 31;

export const BookingRequestSchema = z
  .object({
    eventType: z.string().min(1).describe("An event type id from GET /api/v1/event-types."),
    // With its zone: without one, the server's own zone would decide what time was meant.
    start: z
      .string()
      .refine(
        (value) => readZonedInstant(value) !== null,
        `must be an ISO 8601 instant with a time zone, such as 2026-12-01T15:00:00Z, in the years ${MIN_YEAR} to ${MAX_YEAR}`,
      )
      .describe("One of the start values of GET /api/v1/slots, with its zone (Z or an offset)."),
    contactId: z.string().min(1).optional().describe("An existing contact's id; or send contact."),
    contact: z
      .object({
        name: z.string().trim().min(1).max(200),
        phone: z.string().trim().max(40).optional(),
        email: z.string().trim().email().max(254).optional(),
      })
      .optional()
      .describe("The caller, when there is no contactId: a contact with the same phone number is linked."),
    callId: z.string().min(1).max(200).optional().describe("Voxboard's id of the call the booking was made in."),
    platformCallId: z.string().min(1).max(200).optional().describe("Or your platform's call id: the appointment shows on the recording."),
    notes: z.string().max(2000).optional().describe("For the host."),
    clientKey: z.string().min(8).max(200).optional().describe("Makes the booking idempotent; also accepted as the Idempotency-Key header."),
    hostId: z.string().min(1).optional().describe("Book this host of the event type, who must be free then (422 invalid_host otherwise)."),
  })
  .strict()
  .refine((value) => value.contactId || value.contact, { message: "send contactId or contact { name, phone or email }", path: ["contact"] })
  .refine((value) => !value.contact || value.contact.phone || value.contact.email, { message: "a contact needs a phone or an email", path: ["contact"] });

export type BookingApiRequest = z.infer<typeof BookingRequestSchema>;

/**
 * Every problem at once: zod skips the object's own checks (a contact is
 * needed) while a field fails, so they are added here too, and an agent fixes
 * its request in one round.
 */
export function describeProblems(error: z.ZodError, body: unknown): ApiErrorDetail[] {
  const details = error.issues.map((issue) => ({ path: issue.path.join(".") || "(body)", message: issue.message }));
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const contact = raw.contact && typeof raw.contact === "object" ? (raw.contact as Record<string, unknown>) : null;
  const add = (path: string, message: string) => {
    if (!details.some((detail) => detail.path === path && detail.message === message)) details.push({ path, message });
  };
  if (!raw.contactId && !contact) add("contact", "send contactId or contact { name, phone or email }");
  if (contact && !contact.phone && !contact.email) add("contact", "a contact needs a phone or an email");
  return details;
}

/** The tenant's event types with hosts, wherever they are: the agent may book any of its account's. */
export async function apiEventTypes(tenantId: string, db: DB = getDb()) {
  const rows = await db
    .selectFrom("event_types")
    .innerJoin("teams", "teams.id", "event_types.team_id")
    .innerJoin("organizations", "organizations.id", "teams.organization_id")
    .select([
      "event_types.id",
      "event_types.name",
      "event_types.duration_minutes",
      "event_types.appointment_type",
      "event_types.location_kind",
      "event_types.location_detail",
      "teams.id as team_id",
      "teams.name as team_name",
      "organizations.id as organization_id",
      "organizations.name as organization_name",
      (eb) =>
        eb
          .selectFrom("event_type_hosts")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("event_type_hosts.event_type_id", "=", "event_types.id")
          .as("host_count"),
    ])
    .where("event_types.tenant_id", "=", tenantId)
    .orderBy("organizations.sort_name")
    .orderBy("event_types.name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    durationMinutes: row.duration_minutes,
    appointmentType: row.appointment_type,
    location: { kind: row.location_kind, detail: row.location_detail },
    team: { id: row.team_id, name: row.team_name },
    organization: { id: row.organization_id, name: row.organization_name },
    bookable: Number(row.host_count ?? 0) > 0,
  }));
}

/** An event type of the tenant with its organization, or undefined. */
export async function apiEventType(tenantId: string, eventTypeId: string, db: DB = getDb()) {
  const eventType = await getEventType(tenantId, eventTypeId, db);
  if (!eventType) return undefined;
  const team = await db.selectFrom("teams").select(["organization_id"]).where("id", "=", eventType.team_id).executeTakeFirstOrThrow();
  return { eventType, organizationId: team.organization_id };
}

/** The range of GET /slots: ISO instants or calendar days (read in `timeZone`), 7 days by default, at most 31. */
export function readSlotRange(
  searchParams: URLSearchParams,
  timeZone: string,
  dayStart: (day: string, zone: string) => string,
): { from: string; to: string } | { problem: ApiErrorDetail } {
  const read = (name: string) => {
    const value = searchParams.get(name);
    if (!value) return null;
    const day = readCalendarDay(value);
    if (day) return dayStart(day, timeZone);
    return readZonedInstant(value) ?? undefined;
  };
  const problem = `must be a YYYY-MM-DD day or an ISO 8601 instant with a time zone (2026-12-01T15:00:00Z), in the years ${MIN_YEAR} to ${MAX_YEAR}`;
  const from = read("from");
  const to = read("to");
  if (from === undefined) return { problem: { path: "from", message: problem } };
  if (to === undefined) return { problem: { path: "to", message: problem } };
  const start = from ?? new Date().toISOString();
  const end = to ?? new Date(Date.parse(start) + 7 * 86_400_000).toISOString();
  if (end <= start) return { problem: { path: "to", message: "must be after from" } };
  if (Date.parse(end) - Date.parse(start) > MAX_SLOT_RANGE_DAYS * 86_400_000)
    return { problem: { path: "to", message: `the range can span at most ${MAX_SLOT_RANGE_DAYS} days` } };
  return { from: start, to: end };
}

/** The contact of a booking: by id, else the tenant's contact with that phone, else the details as given. */
export async function bookingContact(tenantId: string, request: BookingApiRequest, country: string, db: DB = getDb()) {
  if (request.contactId) {
    const contact = await db
      .selectFrom("contacts")
      .select(["id", "first_name", "last_name", "email", "phone"])
      .where("tenant_id", "=", tenantId)
      .where("id", "=", request.contactId)
      .executeTakeFirst();
    return contact ? { id: contact.id, name: `${contact.first_name} ${contact.last_name}`.trim(), email: contact.email || null, phone: contact.phone } : null;
  }
  const given = request.contact!;
  const phone = given.phone ? (toE164(given.phone, country) ?? given.phone) : null;
  const known = phone
    ? await db.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId).where("phone", "=", phone).executeTakeFirst()
    : undefined;
  return { id: known?.id ?? null, name: given.name, email: given.email ?? null, phone };
}

/** The call a booking was made in: our id or the platform's. */
export async function bookingCall(tenantId: string, request: BookingApiRequest, db: DB = getDb()) {
  if (!request.callId && !request.platformCallId) return { id: null };
  let query = db.selectFrom("calls").select("id").where("tenant_id", "=", tenantId);
  query = request.callId ? query.where("id", "=", request.callId) : query.where("external_id", "=", request.platformCallId!);
  const call = await query.executeTakeFirst();
  return call ? { id: call.id } : undefined;
}

export async function serializeAppointment(tenantId: string, appointmentId: string, db: DB = getDb()) {
  const row = await db
    .selectFrom("appointments")
    .leftJoin("users", "users.id", "appointments.host_user_id")
    .select([
      "appointments.id",
      "appointments.status",
      "appointments.title",
      "appointments.event_type_id",
      "appointments.organization_id",
      "appointments.start_at",
      "appointments.end_at",
      "appointments.time_zone",
      "appointments.contact_id",
      "appointments.contact_name",
      "appointments.contact_email",
      "appointments.contact_phone",
      "appointments.call_id",
      "appointments.location_kind",
      "appointments.location_detail",
      "appointments.client_key",
      "appointments.created_at",
      "users.id as host_id",
      "users.name as host_name",
    ])
    .where("appointments.tenant_id", "=", tenantId)
    .where("appointments.id", "=", appointmentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    eventTypeId: row.event_type_id,
    organizationId: row.organization_id,
    start: row.start_at,
    end: row.end_at,
    hostTimeZone: row.time_zone,
    host: row.host_id ? { id: row.host_id, name: row.host_name } : null,
    contact: { id: row.contact_id, name: row.contact_name, email: row.contact_email, phone: row.contact_phone },
    location: { kind: row.location_kind, detail: row.location_detail },
    callId: row.call_id,
    clientKey: row.client_key,
    createdAt: row.created_at,
  };
}
