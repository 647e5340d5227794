import { sql, type Kysely } from "kysely";

/**
 * The notification bell (issue 27, docs/decisions/0059-notifications.md):
 *
 * - notifications: one row per recipient. `kind` and `params` (JSON) are
 *   what the message is rendered from in the reader's language
 *   (app/features/notifications/messages.ts); no text is stored. `link` is a
 *   same-origin path opened when the notification is; `read_at` null: unread.
 *   The index serves the top bar's unread count (one per dashboard request)
 *   and the page's newest-first list.
 * - users.notification_digest: "off" | "daily"; users.notification_digest_at:
 *   when the last digest covered up to (the digest job sends what is newer).
 * - Every tenant's existing custom roles read "notifications" (one's own, like
 *   profile: custom-role-rules.ts ALWAYS_READ_AREAS); the built-in roles get it
 *   from ensureBuiltInRoles at start-up.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("notifications_user_unread").on("notifications").columns(["tenant_id", "user_id", "read_at"]).execute();
  await db.schema.createIndex("notifications_user_created").on("notifications").columns(["tenant_id", "user_id", "created_at"]).execute();

  await db.schema
    .alterTable("users")
    .addColumn("notification_digest", "text", (c) => c.notNull().defaultTo("off"))
    .execute();
  await db.schema.alterTable("users").addColumn("notification_digest_at", "text").execute();

  const builtIn = ["owner", "admin", "agent", "support", "platform-admin"];
  const roles = await sql<{ id: string; key: string; permissions: string }>`select id, key, permissions from roles`.execute(db);
  for (const role of roles.rows) {
    if (builtIn.includes(role.key)) continue;
    let map: Record<string, unknown>;
    try {
      map = JSON.parse(role.permissions) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!map || typeof map !== "object" || map.notifications) continue;
    await sql`update roles set permissions = ${JSON.stringify({ ...map, notifications: ["read"] })} where id = ${role.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("users").dropColumn("notification_digest_at").execute();
  await db.schema.alterTable("users").dropColumn("notification_digest").execute();
  await db.schema.dropTable("notifications").execute();
}
