import type { Kysely } from "kysely";

/**
 * AI agents (issue 24): a tenant's agents with their working draft, the
 * immutable versions publishing makes, the global templates a super admin
 * curates, and the agent and version on the records that use one: business
 * numbers (inbound), campaigns (outbound) and the calls an agent handled.
 *
 * The whole configuration is JSON text on both databases. The privacy
 * settings the call pipeline acts on (recording, redaction, transcript
 * retention) are columns of the version too, so the calls feature reads
 * them without parsing an agent's configuration (docs/decisions/0029-code-layout.md:
 * calls sits below agents).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("agent_templates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull())
    // draft, published, retired
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("agents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    // The working draft: every tab's saved values.
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("template_id", "text")
    // The newest published version's number; null until first published.
    .addColumn("published_version", "integer")
    // Whether the draft differs from the newest version.
    .addColumn("has_unpublished_changes", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("disabled_at", "text")
    .addColumn("disabled_reason", "text")
    .addColumn("retention_purged_at", "text")
    .addColumn("retention_purged_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("agents_tenant_name").on("agents").columns(["tenant_id", "name"]).execute();

  await db.schema
    .createTable("agent_versions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("agent_id", "text", (c) => c.notNull().references("agents.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("record_calls", "integer", (c) => c.notNull())
    .addColumn("redact_cards", "integer", (c) => c.notNull())
    .addColumn("redact_emails", "integer", (c) => c.notNull())
    // 0: kept until deleted by hand.
    .addColumn("transcript_retention_days", "integer", (c) => c.notNull())
    .addColumn("published_by", "text")
    .addColumn("published_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("agent_versions_agent_version").on("agent_versions").columns(["agent_id", "version"]).unique().execute();

  await db.schema.alterTable("phone_numbers").addColumn("agent_id", "text").execute();
  await db.schema.alterTable("campaigns").addColumn("agent_id", "text").execute();
  await db.schema.alterTable("calls").addColumn("agent_id", "text").execute();
  await db.schema.alterTable("calls").addColumn("agent_version", "integer").execute();
  await db.schema.createIndex("calls_tenant_agent").on("calls").columns(["tenant_id", "agent_id", "agent_version"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("calls_tenant_agent").ifExists().execute();
  await db.schema.alterTable("calls").dropColumn("agent_version").execute();
  await db.schema.alterTable("calls").dropColumn("agent_id").execute();
  await db.schema.alterTable("campaigns").dropColumn("agent_id").execute();
  await db.schema.alterTable("phone_numbers").dropColumn("agent_id").execute();
  await db.schema.dropTable("agent_versions").ifExists().execute();
  await db.schema.dropTable("agents").ifExists().execute();
  await db.schema.dropTable("agent_templates").ifExists().execute();
}
