import { sql, type Kysely } from "kysely";

/**
 * Billing (docs/decisions/0022-billing.md): a prepaid balance kept as an
 * append-only ledger in integer cents, the card payments that feed it, the
 * invoices they produce, the cards they are made with, and the payment
 * provider's webhook events. Subscriptions gain their billing period.
 *
 * Money can be neither lost nor doubled because the database says so, not
 * because the code is careful: a charge's request key is unique per tenant
 * (a double submit finds the first charge), a ledger entry's reference is
 * unique per tenant (a replayed settlement adds nothing), at most one
 * automatic top-up per tenant may be pending, and a tenant has at most one
 * primary and one backup card.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("billing_accounts")
    .addColumn("tenant_id", "text", (c) => c.primaryKey().references("tenants.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("USD"))
    // Always the sum of the tenant's ledger entries: written in the same transaction as each entry.
    .addColumn("balance_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_customer_ref", "text")
    .addColumn("auto_topup_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("auto_topup_threshold_cents", "integer", (c) => c.notNull().defaultTo(1000))
    .addColumn("auto_topup_amount_cents", "integer", (c) => c.notNull().defaultTo(5000))
    .addColumn("auto_topup_monthly_cap_cents", "integer", (c) => c.notNull().defaultTo(50000))
    // The last automatic top-up that failed (cleared by the next success): the banner on /billing.
    .addColumn("auto_topup_failed_at", "text")
    .addColumn("auto_topup_failure_code", "text")
    .addColumn("next_invoice_number", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("payment_methods")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // The provider's token for the card (never its number).
    .addColumn("provider_ref", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("exp_month", "integer", (c) => c.notNull())
    .addColumn("exp_year", "integer", (c) => c.notNull())
    .addColumn("priority", "text") // primary | backup | null
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_methods_tenant_idx").on("payment_methods").columns(["tenant_id", "created_at"]).execute();
  await db.schema
    .createIndex("payment_methods_one_primary")
    .on("payment_methods")
    .column("tenant_id")
    .unique()
    .where(sql.ref("priority"), "=", "primary")
    .execute();
  await db.schema
    .createIndex("payment_methods_one_backup")
    .on("payment_methods")
    .column("tenant_id")
    .unique()
    .where(sql.ref("priority"), "=", "backup")
    .execute();

  await db.schema
    .createTable("charges")
    // Also the idempotency key the provider sees: a retried charge can never become two.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // The submission that asked for it (a form's one-time key, a renewal's period): asking twice finds the first.
    .addColumn("request_key", "text", (c) => c.notNull())
    .addColumn("purpose", "text", (c) => c.notNull()) // topup | auto-topup | subscription
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("payment_method_id", "text")
    .addColumn("status", "text", (c) => c.notNull()) // pending | succeeded | failed
    .addColumn("failure_code", "text")
    .addColumn("provider_ref", "text")
    // What settling it does besides the ledger (the plan a subscription charge starts), as JSON.
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("requested_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("settled_at", "text")
    .execute();
  await db.schema.createIndex("charges_request_key").on("charges").columns(["tenant_id", "request_key"]).unique().execute();
  await db.schema.createIndex("charges_status_created").on("charges").columns(["status", "created_at"]).execute();
  await db.schema
    .createIndex("charges_one_auto_topup")
    .on("charges")
    .column("tenant_id")
    .unique()
    .where(sql<boolean>`purpose = 'auto-topup' and status = 'pending'`)
    .execute();

  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    // 1, 2, 3… per tenant in booking order: entries booked in one millisecond still read in the order they were booked.
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull()) // topup | payment | subscription | usage | refund | adjustment
    // Signed: a credit raises the balance, a debit lowers it.
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("balance_after_cents", "integer", (c) => c.notNull())
    // A translation key and its values (JSON), so the history reads in the viewer's language.
    .addColumn("description_key", "text", (c) => c.notNull())
    .addColumn("description_values", "text", (c) => c.notNull().defaultTo("{}"))
    // What the entry settles (a charge id, a usage day): the same thing can never be booked twice.
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("charge_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ledger_entries_reference").on("ledger_entries").columns(["tenant_id", "reference"]).unique().execute();
  await db.schema.createIndex("ledger_entries_seq").on("ledger_entries").columns(["tenant_id", "seq"]).unique().execute();
  await db.schema.createIndex("ledger_entries_tenant_created").on("ledger_entries").columns(["tenant_id", "created_at", "seq"]).execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("charge_id", "text", (c) => c.notNull().unique())
    .addColumn("item_key", "text", (c) => c.notNull())
    .addColumn("item_values", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("status", "text", (c) => c.notNull()) // paid
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("card_brand", "text")
    .addColumn("card_last4", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invoices_number").on("invoices").columns(["tenant_id", "number"]).unique().execute();
  await db.schema.createIndex("invoices_tenant_created").on("invoices").columns(["tenant_id", "created_at"]).execute();

  // The built-in test-mode provider's own books (what it charged under which idempotency key), so its answers survive a restart as Stripe's do.
  await db.schema
    .createTable("test_provider_payments")
    .addColumn("idempotency_key", "text", (c) => c.primaryKey())
    .addColumn("payment_method_ref", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("failure_code", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("billing_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("tenant_id", "text")
    // The provider's creation time, so an older event never overwrites what a newer one set.
    .addColumn("occurred_at", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("subscriptions").addColumn("current_period_start", "text").execute();
  await db.schema.alterTable("subscriptions").addColumn("current_period_end", "text").execute();
  await db.schema
    .alterTable("subscriptions")
    .addColumn("cancel_at_period_end", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A downgrade waits for the period's end: the plan the renewal switches to.
  await db.schema.alterTable("subscriptions").addColumn("next_plan_id", "text").execute();
  await db.schema.alterTable("subscriptions").addColumn("provider_ref", "text").execute();
  await db.schema.alterTable("subscriptions").addColumn("provider_state_at", "text").execute();
  await db.schema.createIndex("subscriptions_period_end").on("subscriptions").columns(["status", "current_period_end"]).execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("subscriptions_period_end").ifExists().execute();
  for (const column of ["provider_state_at", "provider_ref", "next_plan_id", "cancel_at_period_end", "current_period_end", "current_period_start"]) {
    await db.schema.alterTable("subscriptions").dropColumn(column).execute();
  }
  for (const table of ["billing_events", "test_provider_payments", "invoices", "ledger_entries", "charges", "payment_methods", "billing_accounts"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
