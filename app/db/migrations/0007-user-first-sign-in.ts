import { sql, type Kysely } from "kysely";

/**
 * When a user first signed in: the `created_at` of their first session. The
 * overview greets a user as new only in that session (docs/product/behaviour.md#first-steps-and-greeting: "Welcome" on the
 * first visit after registration, "Welcome back" afterwards); session rows are
 * deleted at sign-out and expiry, so they cannot tell it themselves.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable("users").addColumn("first_signed_in_at", "text").execute();
  // Accounts older than this column have most likely been used already: greeting them as new would be wrong far more
  // often than missing one welcome. Their creation time lies before any of their sessions, so none counts as the first.
  await sql`update users set first_signed_in_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("users").dropColumn("first_signed_in_at").execute();
}
