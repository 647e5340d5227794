import { sql, type Kysely } from "kysely";

/**
 * Invitations into an organization, and appointments (issue 12): event types
 * per team with their hosts, each host's working hours and date overrides,
 * appointments with their change log, per-host calendar feeds, and the
 * Cal.com connection of an organization.
 *
 * Instants are ISO strings in UTC ("2026-11-24T14:30:00.000Z"), so text order
 * is time order on both databases. Working hours are JSON in the host's own
 * zone (features/scheduling/availability/slots.ts reads them).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role_key", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    // Only the hash: whoever reads the database cannot accept an invitation.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .execute();
  await db.schema.createIndex("invitations_organization_email").on("invitations").columns(["organization_id", "email"]).execute();

  await db.schema
    .createTable("event_types")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("duration_minutes", "integer", (c) => c.notNull())
    // google-meet | in-person | phone
    .addColumn("location_kind", "text", (c) => c.notNull())
    // The Meet link, the address, or for phone who calls: agent-calls | contact-calls.
    .addColumn("location_detail", "text")
    // consultation | follow-up | demo | service | other
    .addColumn("appointment_type", "text", (c) => c.notNull())
    .addColumn("buffer_before_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("buffer_after_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("minimum_notice_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bookable_days_ahead", "integer", (c) => c.notNull())
    // single | round-robin
    .addColumn("assignment", "text", (c) => c.notNull())
    .addColumn("color", "text", (c) => c.notNull())
    .addColumn("calcom_event_type_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("event_types_team").on("event_types").columns(["team_id", "name"]).execute();
  await db.schema
    .createIndex("event_types_calcom")
    .on("event_types")
    .columns(["tenant_id", "calcom_event_type_id"])
    .unique()
    .where(sql.ref("calcom_event_type_id"), "is not", null)
    .execute();

  await db.schema
    .createTable("event_type_hosts")
    .addColumn("event_type_id", "text", (c) => c.notNull().references("event_types.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("event_type_hosts_pk", ["event_type_id", "user_id"])
    .execute();
  await db.schema.createIndex("event_type_hosts_user").on("event_type_hosts").column("user_id").execute();

  // One row per host: the booking transaction locks it, so two bookings of one host take turns.
  await db.schema
    .createTable("staff_schedules")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("weekly_hours", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_overrides")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("date", "text", (c) => c.notNull())
    // [] is a day off.
    .addColumn("hours", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_overrides_user_date").on("staff_overrides").columns(["user_id", "date"]).unique().execute();

  await db.schema
    .createTable("appointments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("set null"))
    .addColumn("event_type_id", "text", (c) => c.references("event_types.id").onDelete("set null"))
    .addColumn("host_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("contact_id", "text", (c) => c.references("contacts.id").onDelete("set null"))
    // What the appointment was booked as, kept when the event type or contact changes or goes.
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("appointment_type", "text", (c) => c.notNull())
    .addColumn("location_kind", "text", (c) => c.notNull())
    .addColumn("location_detail", "text")
    .addColumn("contact_name", "text", (c) => c.notNull())
    .addColumn("contact_email", "text")
    .addColumn("contact_phone", "text")
    .addColumn("start_at", "text", (c) => c.notNull())
    .addColumn("end_at", "text", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    // booked | cancelled | no-show
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reschedule_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cancel_reason", "text")
    .addColumn("notes", "text")
    // The iCalendar SEQUENCE: raised on every change the contact is told of.
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    // dashboard | api | calcom
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("call_id", "text", (c) => c.references("calls.id").onDelete("set null"))
    .addColumn("client_key", "text")
    .addColumn("calcom_uid", "text")
    .addColumn("created_by_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("appointments_tenant_start").on("appointments").columns(["tenant_id", "organization_id", "start_at", "id"]).execute();
  await db.schema.createIndex("appointments_host_start").on("appointments").columns(["host_user_id", "start_at"]).execute();
  // The last word on a double booking: one live appointment per host and start, whatever raced.
  await db.schema
    .createIndex("appointments_host_slot")
    .on("appointments")
    .columns(["host_user_id", "start_at"])
    .unique()
    .where(sql.ref("status"), "=", "booked")
    .execute();
  await db.schema
    .createIndex("appointments_client_key")
    .on("appointments")
    .columns(["tenant_id", "client_key"])
    .unique()
    .where(sql.ref("client_key"), "is not", null)
    .execute();
  await db.schema
    .createIndex("appointments_calcom_uid")
    .on("appointments")
    .columns(["tenant_id", "calcom_uid"])
    .unique()
    .where(sql.ref("calcom_uid"), "is not", null)
    .execute();
  await db.schema.createIndex("appointments_call").on("appointments").column("call_id").execute();
  await db.schema.createIndex("appointments_contact").on("appointments").column("contact_id").execute();

  await db.schema
    .createTable("appointment_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("appointment_id", "text", (c) => c.notNull().references("appointments.id").onDelete("cascade"))
    // booked | rescheduled | cancelled | no-show
    .addColumn("action", "text", (c) => c.notNull())
    // user | api | calcom
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("appointment_log_appointment").on("appointment_log").columns(["appointment_id", "at"]).execute();
  await db.schema.createIndex("appointment_log_tenant_at").on("appointment_log").columns(["tenant_id", "at"]).execute();

  await db.schema
    .createTable("calendar_feeds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("calendar_feeds_user").on("calendar_feeds").columns(["user_id", "revoked_at"]).execute();

  await db.schema
    .createTable("calcom_connections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().unique().references("organizations.id").onDelete("cascade"))
    .addColumn("team_id", "text", (c) => c.references("teams.id").onDelete("set null"))
    .addColumn("base_url", "text", (c) => c.notNull())
    .addColumn("api_key_sealed", "text", (c) => c.notNull())
    .addColumn("api_key_last4", "text", (c) => c.notNull())
    .addColumn("webhook_secret_sealed", "text", (c) => c.notNull())
    .addColumn("account_email", "text")
    .addColumn("account_time_zone", "text")
    .addColumn("last_sync_at", "text")
    .addColumn("last_sync_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("calcom_webhook_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    "calcom_webhook_events",
    "calcom_connections",
    "calendar_feeds",
    "appointment_log",
    "appointments",
    "staff_overrides",
    "staff_schedules",
    "event_type_hosts",
    "event_types",
    "invitations",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
