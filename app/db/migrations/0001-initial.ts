import type { Kysely } from "kysely";

// Column types stay within what SQLite and PostgreSQL both accept: text ids,
// ISO-8601 text timestamps, integer flags and money in cents.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("tenants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("America/Toronto"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("roles")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("permissions", "text", (c) => c.notNull())
    .addColumn("is_platform_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("role_id", "text", (c) => c.notNull().references("roles.id"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("caller_phone", "text")
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("email_verified_at", "text")
    .addColumn("profile_picture", "text")
    .addColumn("theme_color", "text", (c) => c.notNull().defaultTo("Default"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_tenant_idx").on("users").column("tenant_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("verifications_user_idx").on("verifications").columns(["user_id", "purpose"]).execute();

  await db.schema
    .createTable("plans")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("billing_interval", "text", (c) => c.notNull())
    .addColumn("phone_number_limit", "integer", (c) => c.notNull())
    .addColumn("included_minutes", "integer", (c) => c.notNull())
    .addColumn("agent_limit", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("plan_id", "text", (c) => c.notNull().references("plans.id"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscriptions_tenant_idx").on("subscriptions").columns(["tenant_id", "status"]).execute();
}

export async function down(db: Kysely<unknown>) {
  for (const table of ["subscriptions", "plans", "verifications", "sessions", "users", "roles", "tenants"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
