import { sql, type Kysely } from "kysely";
import { addRowIdOnPostgres } from "./portable";

/**
 * Contacts and their lists, contact imports, the tenant's business phone
 * numbers, knowledge bases, campaigns and what campaigns did. Portable column
 * types as in 0001 (text timestamps, integer booleans, JSON in text); the
 * partial unique index is valid in SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("contact_lists")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // Lower-cased, trimmed name: "Leads" and "leads " are the same list.
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_lists_tenant_name_key").on("contact_lists").columns(["tenant_id", "name_key"]).unique().execute();

  await db.schema
    .createTable("contacts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("list_id", "text", (c) => c.notNull().references("contact_lists.id").onDelete("cascade"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    // E.164, as app/features/phone/phone.ts makes it.
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().defaultTo(""))
    // The contact's IANA zone when the number tells it unambiguously; else null and the tenant's zone applies.
    .addColumn("time_zone", "text")
    .addColumn("opted_out_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await addRowIdOnPostgres(db, "contacts");
  await db.schema.createIndex("contacts_tenant_created").on("contacts").columns(["tenant_id", "created_at"]).execute();
  await db.schema.createIndex("contacts_tenant_list_created").on("contacts").columns(["tenant_id", "list_id", "created_at"]).execute();
  await db.schema.createIndex("contacts_tenant_phone").on("contacts").columns(["tenant_id", "phone"]).execute();
  await db.schema.createIndex("contacts_tenant_last_name").on("contacts").columns(["tenant_id", "last_name", "first_name"]).execute();

  await db.schema
    .createTable("contact_imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("file_name", "text", (c) => c.notNull())
    // Relative to DATA_DIR/imports; the upload is kept on disk, never in the database.
    .addColumn("stored_file", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull().defaultTo(0))
    // JSON: { [field]: column index | null }
    .addColumn("mapping", "text")
    // JSON: row numbers the user removed from the preview.
    .addColumn("removed_rows", "text", (c) => c.notNull().defaultTo("[]"))
    // JSON: { [row number]: { field: value } } corrections typed in the preview.
    .addColumn("row_edits", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("list_id", "text", (c) => c.references("contact_lists.id").onDelete("set null"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("processed_rows", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("imported_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_imports_tenant_created").on("contact_imports").columns(["tenant_id", "created_at"]).execute();

  await db.schema
    .createTable("phone_numbers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("e164", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("phone_numbers_tenant_e164").on("phone_numbers").columns(["tenant_id", "e164"]).unique().execute();

  await db.schema
    .createTable("knowledge_bases")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("phone_number_id", "text", (c) => c.notNull().references("phone_numbers.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    // inbound | outbound: which calls on the number it answers or places.
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("voice", "text", (c) => c.notNull())
    .addColumn("first_message", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("tool_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("template", "text", (c) => c.notNull().defaultTo(""))
    // none | warm | cold
    .addColumn("transfer_mode", "text", (c) => c.notNull().defaultTo("none"))
    // JSON array of E.164 numbers.
    .addColumn("transfer_numbers", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("source_file_name", "text")
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("has_assistant", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("knowledge_bases_tenant_number").on("knowledge_bases").columns(["tenant_id", "phone_number_id"]).execute();
  // One default per number, enforced by the database and not only by the form.
  await db.schema
    .createIndex("knowledge_bases_one_default")
    .on("knowledge_bases")
    .column("phone_number_id")
    .unique()
    .where(sql.ref("is_default"), "=", 1)
    .execute();

  await db.schema
    .createTable("campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("contact_list_id", "text", (c) => c.notNull().references("contact_lists.id").onDelete("restrict"))
    .addColumn("phone_number_id", "text", (c) => c.notNull().references("phone_numbers.id").onDelete("restrict"))
    // inbound | outbound
    .addColumn("type", "text", (c) => c.notNull())
    // immediate | scheduled | recurring
    .addColumn("sending_type", "text", (c) => c.notNull())
    // daily | weekly | monthly, for recurring campaigns only.
    .addColumn("frequency", "text")
    // The wall-clock date and time as typed ("2026-12-01T09:30"), read in the tenant's zone; recurrences are computed from it.
    .addColumn("schedule_local", "text")
    // JSON array of ISO weekdays (1 = Monday … 7 = Sunday).
    .addColumn("window_days", "text", (c) => c.notNull().defaultTo("[1,2,3,4,5]"))
    // Minutes after local midnight; the window is [start, end).
    .addColumn("window_start_minute", "integer", (c) => c.notNull().defaultTo(9 * 60))
    .addColumn("window_end_minute", "integer", (c) => c.notNull().defaultTo(17 * 60))
    // draft | scheduled | running | paused | completed
    .addColumn("status", "text", (c) => c.notNull())
    // When the job runner must next dispatch (UTC ISO); null when nothing is due.
    .addColumn("next_run_at", "text")
    .addColumn("last_run_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("campaigns_tenant_created").on("campaigns").columns(["tenant_id", "created_at"]).execute();
  await db.schema.createIndex("campaigns_due").on("campaigns").columns(["status", "next_run_at"]).execute();

  // One row per dispatch of a campaign; (campaign, run_key) is unique so two runners cannot both claim a run.
  await db.schema
    .createTable("campaign_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("campaign_id", "text", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    // The instant the run was due (UTC ISO), or "manual-<iso>" for a start by hand.
    .addColumn("run_key", "text", (c) => c.notNull())
    // running | done | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("called_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("skipped_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("campaign_runs_campaign_key").on("campaign_runs").columns(["campaign_id", "run_key"]).unique().execute();
  await db.schema.createIndex("campaign_runs_status").on("campaign_runs").columns(["status", "lease_until"]).execute();

  await db.schema
    .createTable("campaign_activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("campaign_id", "text", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("run_id", "text", (c) => c.references("campaign_runs.id").onDelete("cascade"))
    .addColumn("contact_id", "text", (c) => c.references("contacts.id").onDelete("set null"))
    // logged (would place: no voice platform) | placed | failed | skipped | status
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    // invalid | duplicate | outside-window | opted-out for skips; the new status for status changes.
    .addColumn("reason", "text")
    .addColumn("platform_call_id", "text")
    .addColumn("detail", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("campaign_activity_campaign_created").on("campaign_activity").columns(["campaign_id", "created_at"]).execute();
  // A contact is dispatched at most once per run, even when a run resumes after a restart.
  await db.schema
    .createIndex("campaign_activity_once_per_run")
    .on("campaign_activity")
    .columns(["run_id", "contact_id"])
    .unique()
    .where(sql.ref("contact_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["campaign_activity", "campaign_runs", "campaigns", "knowledge_bases", "phone_numbers", "contact_imports", "contacts", "contact_lists"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
