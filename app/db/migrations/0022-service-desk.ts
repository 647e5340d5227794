import type { Kysely } from "kysely";
import { addRowIdOnPostgres } from "./portable";

/**
 * The service desk (docs/decisions/0036-service-desk.md): a tenant's tickets
 * with their tags, linked calls, internal notes and activity log; the
 * tenant's service desk settings (automatic tickets, SLA targets per
 * priority, the round robin's cursor, the next ticket number); and which
 * members are available for round robin.
 *
 * A ticket made from a call names it as its source call, unique per tenant,
 * so a call never gets two tickets: the automatic one (an escalated call, a
 * low rating) inserts with ON CONFLICT DO NOTHING inside the call's
 * transaction, whichever app server and whichever event comes first. SQLite
 * and PostgreSQL both treat nulls in a unique index as distinct, so tickets
 * made by hand (no source call) never collide.
 *
 * `due_at` is the next SLA deadline that still counts (first response while
 * there is none, else resolution; null once resolved or closed), kept by the
 * app on every change so the list filters and sorts by it with an index.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("service_desk_settings")
    .addColumn("tenant_id", "text", (c) => c.primaryKey().references("tenants.id").onDelete("cascade"))
    .addColumn("auto_tickets", "integer", (c) => c.notNull().defaultTo(1))
    // SLA targets in minutes, per priority: first response and resolution.
    .addColumn("urgent_first_response_minutes", "integer", (c) => c.notNull())
    .addColumn("urgent_resolution_minutes", "integer", (c) => c.notNull())
    .addColumn("high_first_response_minutes", "integer", (c) => c.notNull())
    .addColumn("high_resolution_minutes", "integer", (c) => c.notNull())
    .addColumn("normal_first_response_minutes", "integer", (c) => c.notNull())
    .addColumn("normal_resolution_minutes", "integer", (c) => c.notNull())
    .addColumn("low_first_response_minutes", "integer", (c) => c.notNull())
    .addColumn("low_resolution_minutes", "integer", (c) => c.notNull())
    // The member the round robin assigned last; the next one is the available member after them.
    .addColumn("round_robin_last_user_id", "text")
    .addColumn("next_ticket_number", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("service_desk_availability")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("available", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("service_desk_availability_pk", ["tenant_id", "user_id"])
    .execute();

  await db.schema
    .createTable("tickets")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // open, pending, resolved, closed
    .addColumn("status", "text", (c) => c.notNull())
    // urgent, high, normal, low
    .addColumn("priority", "text", (c) => c.notNull())
    // manual, recording, escalated, low-rating
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("source_call_id", "text", (c) => c.references("calls.id").onDelete("set null"))
    .addColumn("assignee_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("contact_id", "text", (c) => c.references("contacts.id").onDelete("set null"))
    // Null: made by the app (an escalated or low-rated call). No foreign key: a member who left still made it.
    .addColumn("created_by", "text")
    .addColumn("first_response_due_at", "text", (c) => c.notNull())
    .addColumn("resolution_due_at", "text", (c) => c.notNull())
    .addColumn("due_at", "text")
    .addColumn("first_responded_at", "text")
    .addColumn("resolved_at", "text")
    .addColumn("closed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await addRowIdOnPostgres(db, "tickets");
  await db.schema.createIndex("tickets_tenant_number").on("tickets").columns(["tenant_id", "number"]).unique().execute();
  await db.schema.createIndex("tickets_tenant_source_call").on("tickets").columns(["tenant_id", "source_call_id"]).unique().execute();
  await db.schema.createIndex("tickets_tenant_status_due").on("tickets").columns(["tenant_id", "status", "due_at"]).execute();
  await db.schema.createIndex("tickets_tenant_assignee_due").on("tickets").columns(["tenant_id", "assignee_user_id", "due_at"]).execute();
  await db.schema.createIndex("tickets_tenant_created").on("tickets").columns(["tenant_id", "created_at"]).execute();
  await db.schema.createIndex("tickets_source_call").on("tickets").column("source_call_id").execute();
  await db.schema.createIndex("tickets_assignee").on("tickets").column("assignee_user_id").execute();
  await db.schema.createIndex("tickets_contact").on("tickets").column("contact_id").execute();

  await db.schema
    .createTable("ticket_tags")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("ticket_id", "text", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    // Lower-cased and trimmed.
    .addColumn("tag", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ticket_tags_pk", ["ticket_id", "tag"])
    .execute();
  await db.schema.createIndex("ticket_tags_tenant_tag").on("ticket_tags").columns(["tenant_id", "tag"]).execute();

  await db.schema
    .createTable("ticket_calls")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("ticket_id", "text", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("call_id", "text", (c) => c.notNull().references("calls.id").onDelete("cascade"))
    .addColumn("linked_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ticket_calls_pk", ["ticket_id", "call_id"])
    .execute();
  await db.schema.createIndex("ticket_calls_call").on("ticket_calls").columns(["call_id"]).execute();

  await db.schema
    .createTable("ticket_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("ticket_id", "text", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    // No foreign key, here and on the log's actor: what a member who has left wrote stays theirs ("a former member").
    .addColumn("author_user_id", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addRowIdOnPostgres(db, "ticket_notes");
  await db.schema.createIndex("ticket_notes_ticket").on("ticket_notes").columns(["ticket_id", "created_at"]).execute();

  await db.schema
    .createTable("ticket_activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("ticket_id", "text", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    // Null: the app (an automatic ticket).
    .addColumn("actor_user_id", "text")
    // created, subject, description, status, priority, assignee, contact, tags, note, call-linked, call-unlinked
    .addColumn("kind", "text", (c) => c.notNull())
    // Raw values (a status key, a user or contact id, tags joined by ", "), rendered in the reader's language.
    .addColumn("from_value", "text")
    .addColumn("to_value", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await addRowIdOnPostgres(db, "ticket_activity");
  await db.schema.createIndex("ticket_activity_ticket").on("ticket_activity").columns(["ticket_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("ticket_activity").ifExists().execute();
  await db.schema.dropTable("ticket_notes").ifExists().execute();
  await db.schema.dropTable("ticket_calls").ifExists().execute();
  await db.schema.dropTable("ticket_tags").ifExists().execute();
  await db.schema.dropTable("tickets").ifExists().execute();
  await db.schema.dropTable("service_desk_availability").ifExists().execute();
  await db.schema.dropTable("service_desk_settings").ifExists().execute();
}
