import { newId, type DB } from "~/db/db.server";
import { zonedTimeToInstant, localPartsAt } from "~/lib/dates/zoned-time";
import { sortNameOf } from "~/features/organizations/list-params";
import { DEFAULT_WEEKLY_HOURS } from "~/features/scheduling/availability/working-hours";

/**
 * The demo's businesses and their appointments: a solar installer with a
 * site-assessment team (two hosts in two zones, round robin) and a phone
 * consultation, plus a dental practice without teams yet, so every scheduling
 * screen has something real to show and one empty state to explain.
 */
export async function seedDemoScheduling(db: DB, tenantId: string, people: { ownerId: string; agentId: string }, timeZone: string) {
  const timestamp = new Date().toISOString();
  const solar = newId();
  const dental = newId();
  const assessments = newId();
  const sales = newId();
  const siteVisit = newId();
  const consultation = newId();
  await db
    .insertInto("organizations")
    .values([
      {
        id: solar,
        tenant_id: tenantId,
        name: "Demo Company Solar",
        sort_name: sortNameOf("Demo Company Solar"),
        // No `.example` links in the product (decision 0061): a demo organization has no website.
        website: null,
        logo_file: null,
        owner_user_id: people.ownerId,
        created_at: timestamp,
        updated_at: timestamp,
      },
      {
        id: dental,
        tenant_id: tenantId,
        name: "Northside Dental",
        sort_name: sortNameOf("Northside Dental"),
        website: null,
        logo_file: null,
        owner_user_id: people.ownerId,
        created_at: timestamp,
        updated_at: timestamp,
      },
    ])
    .execute();
  await db
    .insertInto("organization_members")
    .values([
      { organization_id: solar, user_id: people.ownerId, role_key: "owner", created_at: timestamp },
      { organization_id: solar, user_id: people.agentId, role_key: "agent", created_at: timestamp },
      { organization_id: dental, user_id: people.ownerId, role_key: "owner", created_at: timestamp },
    ])
    .execute();
  await db
    .insertInto("teams")
    .values([
      { id: assessments, tenant_id: tenantId, organization_id: solar, name: "Site assessments", created_at: timestamp, updated_at: timestamp },
      { id: sales, tenant_id: tenantId, organization_id: solar, name: "Sales", created_at: timestamp, updated_at: timestamp },
    ])
    .execute();
  await db
    .insertInto("team_members")
    .values([
      { team_id: assessments, user_id: people.ownerId, created_at: timestamp },
      { team_id: assessments, user_id: people.agentId, created_at: timestamp },
      { team_id: sales, user_id: people.ownerId, created_at: timestamp },
    ])
    .execute();
  const common = {
    tenant_id: tenantId,
    buffer_before_minutes: 0,
    minimum_notice_minutes: 240,
    bookable_days_ahead: 60,
    calcom_event_type_id: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
  await db
    .insertInto("event_types")
    .values([
      {
        ...common,
        id: siteVisit,
        team_id: assessments,
        name: "Site assessment",
        duration_minutes: 60,
        location_kind: "in-person",
        location_detail: "At the customer's home",
        appointment_type: "service",
        buffer_after_minutes: 30,
        assignment: "round-robin",
        color: "amber",
      },
      {
        ...common,
        id: consultation,
        team_id: sales,
        name: "Phone consultation",
        duration_minutes: 30,
        location_kind: "phone",
        location_detail: "agent-calls",
        appointment_type: "consultation",
        buffer_after_minutes: 0,
        assignment: "single",
        color: "blue",
      },
    ])
    .execute();
  await db
    .insertInto("event_type_hosts")
    .values([
      { event_type_id: siteVisit, user_id: people.ownerId },
      { event_type_id: siteVisit, user_id: people.agentId },
      { event_type_id: consultation, user_id: people.ownerId },
    ])
    .execute();
  await db
    .insertInto("staff_schedules")
    .values([
      { user_id: people.ownerId, tenant_id: tenantId, time_zone: timeZone, weekly_hours: JSON.stringify(DEFAULT_WEEKLY_HOURS), updated_at: timestamp },
      {
        user_id: people.agentId,
        tenant_id: tenantId,
        time_zone: "America/Vancouver",
        weekly_hours: JSON.stringify(
          Object.fromEntries(
            [1, 2, 3, 4].map((day) => [
              day,
              [
                { start: "08:00", end: "12:00" },
                { start: "13:00", end: "16:00" },
              ],
            ]),
          ),
        ),
        updated_at: timestamp,
      },
    ])
    .execute();

  const contacts = await db
    .selectFrom("contacts")
    .select(["id", "first_name", "last_name", "email", "phone"])
    .where("tenant_id", "=", tenantId)
    .orderBy("first_name")
    .limit(14)
    .execute();
  const today = localPartsAt(Date.now(), timeZone);
  const plan: Array<{
    dayOffset: number;
    hour: number;
    type: "site" | "consult";
    status: "booked" | "cancelled" | "no-show";
    host: "owner" | "agent";
    rescheduled?: boolean;
  }> = [
    { dayOffset: -9, hour: 10, type: "site", status: "booked", host: "owner" },
    { dayOffset: -8, hour: 14, type: "consult", status: "no-show", host: "owner" },
    { dayOffset: -6, hour: 13, type: "site", status: "booked", host: "agent" },
    { dayOffset: -5, hour: 11, type: "consult", status: "cancelled", host: "owner" },
    { dayOffset: -2, hour: 15, type: "site", status: "booked", host: "owner", rescheduled: true },
    { dayOffset: 1, hour: 10, type: "site", status: "booked", host: "owner" },
    { dayOffset: 1, hour: 14, type: "consult", status: "booked", host: "owner" },
    { dayOffset: 2, hour: 12, type: "site", status: "booked", host: "agent" },
    { dayOffset: 3, hour: 9, type: "consult", status: "booked", host: "owner" },
    { dayOffset: 4, hour: 13, type: "site", status: "cancelled", host: "agent" },
    { dayOffset: 6, hour: 11, type: "site", status: "booked", host: "owner" },
    { dayOffset: 8, hour: 15, type: "consult", status: "booked", host: "owner" },
  ];
  for (const [index, entry] of plan.entries()) {
    const contact = contacts[index % Math.max(1, contacts.length)];
    if (!contact) break;
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + entry.dayOffset));
    // Weekends move to the Monday after.
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) date.setUTCDate(date.getUTCDate() + (weekday === 6 ? 2 : 1));
    const start = zonedTimeToInstant(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: entry.hour, minute: 0 },
      timeZone,
    );
    const site = entry.type === "site";
    const end = new Date(start.getTime() + (site ? 60 : 30) * 60_000);
    const id = newId();
    const name = `${contact.first_name} ${contact.last_name}`.trim();
    await db
      .insertInto("appointments")
      .values({
        id,
        tenant_id: tenantId,
        organization_id: solar,
        team_id: site ? assessments : sales,
        event_type_id: site ? siteVisit : consultation,
        host_user_id: entry.host === "owner" ? people.ownerId : people.agentId,
        contact_id: contact.id,
        title: site ? "Site assessment" : "Phone consultation",
        appointment_type: site ? "service" : "consultation",
        location_kind: site ? "in-person" : "phone",
        location_detail: site ? "At the customer's home" : "agent-calls",
        contact_name: name,
        contact_email: contact.email || null,
        contact_phone: contact.phone,
        start_at: start.toISOString(),
        end_at: end.toISOString(),
        time_zone: entry.host === "owner" ? timeZone : "America/Vancouver",
        status: entry.status,
        reschedule_count: entry.rescheduled ? 1 : 0,
        cancel_reason: entry.status === "cancelled" ? "The customer asked to postpone." : null,
        notes: null,
        sequence: entry.rescheduled || entry.status === "cancelled" ? 1 : 0,
        source: index % 3 === 0 ? "api" : "dashboard",
        call_id: null,
        client_key: null,
        calcom_uid: null,
        created_by_user_id: index % 3 === 0 ? null : people.ownerId,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .execute();
    const log = [{ action: "booked", details: { start: start.toISOString() } }];
    if (entry.rescheduled)
      log.push({ action: "rescheduled", details: { from: new Date(start.getTime() - 86_400_000).toISOString(), to: start.toISOString() } as never });
    if (entry.status !== "booked")
      log.push({ action: entry.status, details: entry.status === "cancelled" ? ({ reason: "The customer asked to postpone." } as never) : ({} as never) });
    for (const line of log) {
      await db
        .insertInto("appointment_log")
        .values({
          id: newId(),
          tenant_id: tenantId,
          appointment_id: id,
          action: line.action,
          actor_kind: index % 3 === 0 && line.action === "booked" ? "api" : "user",
          actor_user_id: index % 3 === 0 && line.action === "booked" ? null : people.ownerId,
          details: JSON.stringify(line.details),
          at: timestamp,
        })
        .execute();
    }
  }
  // Two answered calls of the completed webinar campaign (demo-campaigns.server.ts) booked a consultation: its results count them.
  const webinarCalls = await db
    .selectFrom("calls")
    .innerJoin("campaign_activity", (join) =>
      join.onRef("campaign_activity.platform_call_id", "=", "calls.external_id").onRef("campaign_activity.tenant_id", "=", "calls.tenant_id"),
    )
    .innerJoin("contacts", "contacts.id", "campaign_activity.contact_id")
    .select(["calls.id as call_id", "calls.ended_at", "contacts.id", "contacts.first_name", "contacts.last_name", "contacts.email", "contacts.phone"])
    .where("calls.tenant_id", "=", tenantId)
    .where("calls.external_id", "in", ["demo-webinar-1", "demo-webinar-2"])
    .execute();
  for (const [index, call] of webinarCalls.entries()) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + 5 + index));
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + (date.getUTCDay() === 6 ? 2 : 1));
    const start = zonedTimeToInstant(
      // Late afternoon, an hour apart: no other demo appointment of the owner's starts then, even when a weekend moves both to one Monday.
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: 16 + index, minute: 0 },
      timeZone,
    );
    const id = newId();
    await db
      .insertInto("appointments")
      .values({
        id,
        tenant_id: tenantId,
        organization_id: solar,
        team_id: sales,
        event_type_id: consultation,
        host_user_id: people.ownerId,
        contact_id: call.id,
        title: "Phone consultation",
        appointment_type: "consultation",
        location_kind: "phone",
        location_detail: "agent-calls",
        contact_name: `${call.first_name} ${call.last_name}`.trim(),
        contact_email: call.email || null,
        contact_phone: call.phone,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 30 * 60_000).toISOString(),
        time_zone: timeZone,
        status: "booked",
        reschedule_count: 0,
        cancel_reason: null,
        notes: null,
        sequence: 0,
        source: "api",
        call_id: call.call_id,
        client_key: null,
        calcom_uid: null,
        created_by_user_id: null,
        created_at: call.ended_at ?? timestamp,
        updated_at: call.ended_at ?? timestamp,
      })
      .execute();
    await db
      .insertInto("appointment_log")
      .values({
        id: newId(),
        tenant_id: tenantId,
        appointment_id: id,
        action: "booked",
        actor_kind: "api",
        actor_user_id: null,
        details: JSON.stringify({ start: start.toISOString() }),
        at: call.ended_at ?? timestamp,
      })
      .execute();
  }
}
