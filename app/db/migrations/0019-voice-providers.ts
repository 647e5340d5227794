import type { Kysely } from "kysely";

/**
 * The voice platforms a tenant connects (issue 24, docs/decisions/0030-voice-providers.md):
 * one account per tenant (Vapi or Retell) with its API key sealed like the CRM
 * keys, the key in its webhook URL, and the secret Vapi sends back with every
 * report; and per agent, what the platform calls it (Vapi's assistant, Retell's
 * agent and its LLM) and how its last push went. Without an account the
 * server-wide default (the logging platform or VOICE_PLATFORM_URL) places calls.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("voice_provider_accounts")
    .addColumn("tenant_id", "text", (c) => c.primaryKey().references("tenants.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("api_key_sealed", "text", (c) => c.notNull())
    .addColumn("api_key_last4", "text", (c) => c.notNull())
    .addColumn("webhook_key", "text", (c) => c.notNull().unique())
    .addColumn("webhook_secret_sealed", "text", (c) => c.notNull())
    .addColumn("connected_by", "text")
    .addColumn("connected_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("agent_provider_links")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("agent_id", "text", (c) => c.notNull().references("agents.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("external_id", "text")
    .addColumn("external_llm_id", "text")
    .addColumn("pushed_version", "integer")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("agent_provider_links_pk", ["agent_id", "provider"])
    .execute();
  await db.schema.createIndex("agent_provider_links_tenant").on("agent_provider_links").column("tenant_id").execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable("agent_provider_links").ifExists().execute();
  await db.schema.dropTable("voice_provider_accounts").ifExists().execute();
}
