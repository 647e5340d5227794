import type { Kysely } from "kysely";

/**
 * The integration hub (issue 13): an organization's connections to CRMs made
 * from a template, the CRM record each of our records became (links), the
 * delivery jobs the job runner works through, every request sent (crm_logs),
 * the rate-limit windows per connection, and outbound webhooks.
 *
 * JSON columns are text on both databases. Secrets are sealed
 * (~/lib/security/secrets.server), never stored in the clear.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("integrations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    // A shipped template's id, or "custom" with the user's own template in custom_template.
    .addColumn("template_id", "text", (c) => c.notNull())
    .addColumn("custom_template", "text")
    .addColumn("crm_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("base_url", "text", (c) => c.notNull())
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    .addColumn("secret_last4", "text", (c) => c.notNull())
    .addColumn("settings", "text", (c) => c.notNull())
    .addColumn("endpoint_settings", "text", (c) => c.notNull())
    .addColumn("contacts_mapping", "text", (c) => c.notNull())
    .addColumn("appointments_mapping", "text", (c) => c.notNull())
    .addColumn("restricted_contacts", "integer", (c) => c.notNull())
    .addColumn("send_lead_on_email", "integer", (c) => c.notNull())
    .addColumn("lead_email", "text")
    .addColumn("send_lead_on_crm_only", "integer", (c) => c.notNull())
    .addColumn("records_synced", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("syncs", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("successful_syncs", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_test_at", "text")
    .addColumn("last_test_ok", "integer")
    .addColumn("last_test_summary", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("integrations_organization_crm").on("integrations").columns(["organization_id", "crm_name"]).unique().execute();
  await db.schema.createIndex("integrations_tenant").on("integrations").columns(["tenant_id", "status"]).execute();

  await db.schema
    .createTable("integration_links")
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("record_kind", "text", (c) => c.notNull())
    .addColumn("record_id", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("integration_links_pk", ["integration_id", "record_kind", "record_id"])
    .execute();

  await db.schema
    .createTable("integration_rate_windows")
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("window", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("integration_rate_windows_pk", ["integration_id", "window"])
    .execute();

  await db.schema
    .createTable("integration_webhooks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("events", "text", (c) => c.notNull())
    .addColumn("secret_sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("integration_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("webhook_id", "text", (c) => c.references("integration_webhooks.id").onDelete("cascade"))
    // The template endpoint, "email" for a lead sent by email, "webhook" for a webhook.
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("record_kind", "text", (c) => c.notNull())
    .addColumn("record_id", "text", (c) => c.notNull())
    .addColumn("record_label", "text", (c) => c.notNull())
    // The source record as it was at the event; the payload is mapped from it when sent.
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("last_status", "integer")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("integration_deliveries_due").on("integration_deliveries").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("integration_deliveries_integration").on("integration_deliveries").columns(["integration_id", "created_at"]).execute();

  await db.schema
    .createTable("crm_logs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("integration_id", "text", (c) => c.notNull().references("integrations.id").onDelete("cascade"))
    .addColumn("delivery_id", "text", (c) => c.references("integration_deliveries.id").onDelete("set null"))
    .addColumn("crm_name", "text", (c) => c.notNull())
    // test, delivery, execute, webhook, email
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("request_headers", "text", (c) => c.notNull())
    .addColumn("request_body", "text")
    .addColumn("response_status", "integer")
    .addColumn("response_headers", "text")
    .addColumn("response_body", "text")
    // success, http-error, timeout, network, refused, invalid
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("retry_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("crm_logs_tenant_created").on("crm_logs").columns(["tenant_id", "created_at"]).execute();
  await db.schema.createIndex("crm_logs_integration_created").on("crm_logs").columns(["integration_id", "created_at"]).execute();
  await db.schema.createIndex("crm_logs_delivery").on("crm_logs").column("delivery_id").execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["crm_logs", "integration_deliveries", "integration_webhooks", "integration_rate_windows", "integration_links", "integrations"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
