import { randomBytes } from "node:crypto";
import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { recordSecretReplaced } from "~/features/audit/audit.server";
import { lastFour, openSecret, sealSecret } from "~/lib/security/secrets.server";
import { createCalcomClient, normalizeCalcomBaseUrl, type CalcomClient } from "./calcom-client.server";

/**
 * One Cal.com account per organization. The API key and the webhook signing
 * secret are sealed (~/lib/security/secrets.server); the key is never shown
 * again, only its last four characters.
 */
export type CalcomConnection = NonNullable<Awaited<ReturnType<typeof getConnection>>>;

export function getConnection(tenantId: string, organizationId: string, db: DB = getDb()) {
  return db.selectFrom("calcom_connections").selectAll().where("tenant_id", "=", tenantId).where("organization_id", "=", organizationId).executeTakeFirst();
}

/** The event types imported from Cal.com into these teams, by name. */
export function importedEventTypes(tenantId: string, teamIds: string[], db: DB = getDb()) {
  return db
    .selectFrom("event_types")
    .select(["id", "name", "team_id", "duration_minutes"])
    .where("tenant_id", "=", tenantId)
    .where("calcom_event_type_id", "is not", null)
    .where("team_id", "in", teamIds.length ? teamIds : [""])
    .orderBy("name")
    .execute();
}

export function getConnectionById(connectionId: string, db: DB = getDb()) {
  return db.selectFrom("calcom_connections").selectAll().where("id", "=", connectionId).executeTakeFirst();
}

export function clientFor(connection: Pick<CalcomConnection, "api_key_sealed" | "base_url">, options: { timeoutMs?: number } = {}): CalcomClient {
  return createCalcomClient({ apiKey: openSecret(connection.api_key_sealed), baseUrl: connection.base_url, timeoutMs: options.timeoutMs });
}

export const webhookSecretOf = (connection: Pick<CalcomConnection, "webhook_secret_sealed">) => openSecret(connection.webhook_secret_sealed);

const newWebhookSecret = () => randomBytes(24).toString("base64url");
const calcomTarget = (connectionId: string) => ({ kind: "calcom", id: connectionId, label: "Cal.com" });

/**
 * Tests the key against Cal.com (GET /v2/me) before anything is stored: a
 * wrong key or an unreachable server throws a CalcomError and saves nothing.
 */
export async function connectCalcom(
  tenantId: string,
  organizationId: string,
  input: { apiKey: string; baseUrl: string | null; teamId: string; actorUserId: string | null },
  db: DB = getDb(),
) {
  const baseUrl = normalizeCalcomBaseUrl(input.baseUrl);
  const me = await createCalcomClient({ apiKey: input.apiKey, baseUrl }).me();
  const timestamp = now();
  const values = {
    team_id: input.teamId,
    base_url: baseUrl,
    api_key_sealed: sealSecret(input.apiKey),
    api_key_last4: lastFour(input.apiKey),
    account_email: me.email ?? null,
    account_time_zone: me.timeZone ?? null,
    last_sync_error: null,
    updated_at: timestamp,
  };
  const existing = await getConnection(tenantId, organizationId, db);
  if (existing) {
    await inTransaction(db, async (trx) => {
      await trx.updateTable("calcom_connections").set(values).where("id", "=", existing.id).execute();
      await recordSecretReplaced(trx, { tenantId, actorUserId: input.actorUserId, target: calcomTarget(existing.id), secret: "api-key" });
    });
    return { id: existing.id, webhookSecret: null };
  }
  const id = newId();
  const webhookSecret = newWebhookSecret();
  await db
    .insertInto("calcom_connections")
    .values({
      id,
      tenant_id: tenantId,
      organization_id: organizationId,
      ...values,
      webhook_secret_sealed: sealSecret(webhookSecret),
      last_sync_at: null,
      created_at: timestamp,
    })
    .execute();
  // The only time the secret is handed out: the page shows it once, like an API key (issue 22, item 7).
  return { id, webhookSecret };
}

export async function disconnectCalcom(tenantId: string, organizationId: string, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    const connection = await getConnection(tenantId, organizationId, trx);
    if (!connection) return;
    // Imported event types stay, as ordinary ones: their appointments are the organization's.
    await trx
      .updateTable("event_types")
      .set({ calcom_event_type_id: null })
      .where("tenant_id", "=", tenantId)
      .where("team_id", "in", trx.selectFrom("teams").select("id").where("organization_id", "=", organizationId))
      .execute();
    await trx.deleteFrom("calcom_connections").where("id", "=", connection.id).execute();
  });
}

/** A new webhook secret in place of the old one; returns it, the only time it is handed out. */
export async function regenerateWebhookSecret(tenantId: string, organizationId: string, actorUserId: string | null, db: DB = getDb()) {
  const webhookSecret = newWebhookSecret();
  await inTransaction(db, async (trx) => {
    const connection = await getConnection(tenantId, organizationId, trx);
    if (!connection) return;
    await trx
      .updateTable("calcom_connections")
      .set({ webhook_secret_sealed: sealSecret(webhookSecret), updated_at: now() })
      .where("id", "=", connection.id)
      .execute();
    await recordSecretReplaced(trx, { tenantId, actorUserId, target: calcomTarget(connection.id), secret: "webhook-secret" });
  });
  return webhookSecret;
}

export async function recordSync(connectionId: string, error: string | null, db: DB = getDb()) {
  await db.updateTable("calcom_connections").set({ last_sync_at: now(), last_sync_error: error }).where("id", "=", connectionId).execute();
}
