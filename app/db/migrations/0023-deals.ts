import { sql, type Kysely } from "kysely";

/**
 * Deals (docs/decisions/0035-deal-pipelines.md): a tenant's pipelines, each
 * with its ordered stages (open, won or lost), and the deals that sit in one
 * stage of one pipeline. Money is integer minor units with its ISO 4217
 * currency; the expected close date is a calendar day (YYYY-MM-DD); every
 * timestamp ISO text, as in every other table.
 *
 * The default pipeline is made on a tenant's first visit. At most one
 * pipeline per tenant is the default (a partial unique index, valid on
 * SQLite and PostgreSQL alike), so two first visits at the same moment make
 * one pipeline: the second insert does nothing.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("deal_pipelines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // Null: the default pipeline's name in each reader's language, until someone renames it.
    .addColumn("name", "text")
    // Lower-cased, trimmed name, unique per tenant; null while the name is.
    .addColumn("name_key", "text")
    .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("deal_pipelines_tenant_name_key").on("deal_pipelines").columns(["tenant_id", "name_key"]).unique().execute();
  await db.schema.createIndex("deal_pipelines_one_default").on("deal_pipelines").column("tenant_id").unique().where(sql.ref("is_default"), "=", 1).execute();

  await db.schema
    .createTable("deal_stages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("pipeline_id", "text", (c) => c.notNull().references("deal_pipelines.id").onDelete("cascade"))
    // Null: the built-in stage's name (system_key) in each reader's language, until someone renames it.
    .addColumn("name", "text")
    // new, qualified, proposal, negotiation, won, lost for the default pipeline's stages; null for stages added later.
    .addColumn("system_key", "text")
    // open, won, lost
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("deal_stages_pipeline_position").on("deal_stages").columns(["pipeline_id", "position"]).execute();

  await db.schema
    .createTable("deals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // No cascade: a pipeline or stage that holds deals is not removed (the app moves the deals first).
    .addColumn("pipeline_id", "text", (c) => c.notNull().references("deal_pipelines.id"))
    .addColumn("stage_id", "text", (c) => c.notNull().references("deal_stages.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("value_minor", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("contact_id", "text", (c) => c.references("contacts.id").onDelete("set null"))
    .addColumn("owner_user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expected_close_on", "text")
    // Required by the app while the deal sits in a lost stage; cleared when it leaves.
    .addColumn("lost_reason", "text")
    // When the deal entered a won or lost stage; null while it is open.
    .addColumn("closed_at", "text")
    // The call (recording) the deal was made from.
    .addColumn("call_id", "text", (c) => c.references("calls.id").onDelete("set null"))
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("stage_entered_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("deals_tenant_pipeline_stage").on("deals").columns(["tenant_id", "pipeline_id", "stage_id", "created_at"]).execute();
  await db.schema.createIndex("deals_tenant_created").on("deals").columns(["tenant_id", "created_at"]).execute();
  await db.schema.createIndex("deals_tenant_close").on("deals").columns(["tenant_id", "expected_close_on"]).execute();
  await db.schema.createIndex("deals_stage").on("deals").column("stage_id").execute();
  await db.schema.createIndex("deals_contact").on("deals").column("contact_id").execute();
  await db.schema.createIndex("deals_owner").on("deals").column("owner_user_id").execute();
  await db.schema.createIndex("deals_call").on("deals").column("call_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("deals").ifExists().execute();
  await db.schema.dropTable("deal_stages").ifExists().execute();
  await db.schema.dropTable("deal_pipelines").ifExists().execute();
}
