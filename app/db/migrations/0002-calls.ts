import { sql, type Kysely } from "kysely";
import { addRowIdOnPostgres, isPostgres } from "./portable";

/**
 * Calls (the "recordings" of docs/product/records.md#calls-and-recordings), the events that built them, and the API
 * keys voice platforms use to send those events. Portable column types as in
 * 0001. The substring index over search_text is a trigram index on both:
 * SQLite's FTS5 with the trigram tokenizer, PostgreSQL's pg_trgm GIN index
 * (contrib; CREATE EXTENSION needs a role allowed to create it).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("api_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("key_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("api_keys_tenant_idx").on("api_keys").column("tenant_id").execute();

  await db.schema
    .createTable("calls")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("direction", "text", (c) => c.notNull())
    .addColumn("from_number", "text")
    .addColumn("to_number", "text")
    .addColumn("campaign_name", "text")
    .addColumn("campaign_type", "text")
    .addColumn("agent_name", "text")
    .addColumn("user_name", "text")
    .addColumn("user_company", "text")
    .addColumn("caller", "text")
    .addColumn("transcript", "text")
    .addColumn("transcript_text", "text")
    .addColumn("summary", "text")
    .addColumn("duration_seconds", "integer")
    .addColumn("extracted_data", "text")
    .addColumn("escalated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("audio_file", "text")
    .addColumn("audio_mime", "text")
    .addColumn("audio_bytes", "integer")
    .addColumn("audio_url", "text")
    .addColumn("audio_status", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("analysis", "text")
    .addColumn("analysis_status", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("analysis_provider", "text")
    .addColumn("analyzed_at", "text")
    .addColumn("sentiment", "text")
    .addColumn("feedback_rating", "integer")
    .addColumn("feedback_text", "text")
    .addColumn("feedback_at", "text")
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_campaign", "text")
    .addColumn("sort_from", "text")
    .addColumn("sort_to", "text")
    .addColumn("sort_agent", "text")
    .addColumn("sort_user", "text")
    .addColumn("sort_company", "text")
    .addColumn("queued_at", "text")
    .addColumn("started_at", "text")
    .addColumn("ended_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await addRowIdOnPostgres(db, "calls");
  await db.schema.createIndex("calls_tenant_external_idx").on("calls").columns(["tenant_id", "external_id"]).unique().execute();
  // Every list query is one tenant's calls in one order; each shown sort key gets an index that ends in created_at as the tie-breaker.
  const sortIndexes: Array<[string, string[]]> = [
    ["calls_created_idx", ["tenant_id", "created_at"]],
    ["calls_status_idx", ["tenant_id", "status", "created_at"]],
    ["calls_direction_idx", ["tenant_id", "direction", "created_at"]],
    ["calls_campaign_idx", ["tenant_id", "campaign_name", "created_at"]],
    ["calls_sort_campaign_idx", ["tenant_id", "sort_campaign", "created_at"]],
    ["calls_sort_from_idx", ["tenant_id", "sort_from", "created_at"]],
    ["calls_sort_to_idx", ["tenant_id", "sort_to", "created_at"]],
    ["calls_sort_agent_idx", ["tenant_id", "sort_agent", "created_at"]],
    ["calls_sort_user_idx", ["tenant_id", "sort_user", "created_at"]],
    ["calls_sort_company_idx", ["tenant_id", "sort_company", "created_at"]],
    ["calls_duration_idx", ["tenant_id", "duration_seconds", "created_at"]],
    ["calls_rating_idx", ["tenant_id", "feedback_rating", "created_at"]],
  ];
  for (const [name, columns] of sortIndexes) await db.schema.createIndex(name).on("calls").columns(columns).execute();

  await db.schema
    .createTable("call_events")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("call_id", "text", (c) => c.references("calls.id").onDelete("set null"))
    .addColumn("received_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("call_events_pk", ["tenant_id", "event_id"])
    .execute();

  if (isPostgres(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index calls_search_trgm_idx on calls using gin (search_text gin_trgm_ops)`.execute(db);
  } else {
    // Trigram index over the lower-cased search text: substring search at index speed, for terms of 3+ characters.
    await sql`create virtual table calls_fts using fts5(search_text, content='calls', content_rowid='rowid', tokenize='trigram case_sensitive 1')`.execute(db);
    await sql`create trigger calls_fts_insert after insert on calls begin
      insert into calls_fts(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
    await sql`create trigger calls_fts_delete after delete on calls begin
      insert into calls_fts(calls_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
    end`.execute(db);
    await sql`create trigger calls_fts_update after update of search_text on calls begin
      insert into calls_fts(calls_fts, rowid, search_text) values ('delete', old.rowid, old.search_text);
      insert into calls_fts(rowid, search_text) values (new.rowid, new.search_text);
    end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  if (!isPostgres(db)) {
    for (const trigger of ["calls_fts_insert", "calls_fts_delete", "calls_fts_update"]) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    await sql`drop table if exists calls_fts`.execute(db);
  }
  for (const table of ["call_events", "calls", "api_keys"]) await db.schema.dropTable(table).ifExists().execute();
}
