import { randomBytes } from "node:crypto";
import { getEnv } from "~/config/env.server";
import { getDb, now, type DB } from "~/db/db.server";
import { recordSecretReplaced } from "~/features/audit/audit.server";
import type { AgentProviderLink, VoiceProviderName } from "~/db/schema";
import { lastFour, openSecret, sealSecret } from "~/lib/security/secrets.server";
import { retellClient, vapiClient, type VoiceProviderClient } from "./provider-clients.server";

/**
 * A tenant's connected voice platform (docs/decisions/0030-voice-providers.md):
 * the key is tested with one authenticated read before it is stored, then
 * stored sealed; only its last four characters are shown again. The webhook
 * URL's key and Vapi's report secret are made once and kept when the key is
 * replaced, so the agents already pushed keep reporting.
 */
export const VOICE_PROVIDERS = ["vapi", "retell"] as const satisfies readonly VoiceProviderName[];

export function providerClient(provider: VoiceProviderName, apiKey: string, fetchImpl?: typeof fetch): VoiceProviderClient {
  const env = getEnv();
  const options = { apiKey, timeoutMs: env.VOICE_PLATFORM_TIMEOUT_MS, fetch: fetchImpl };
  return provider === "vapi" ? vapiClient({ ...options, baseUrl: env.VAPI_API_URL }) : retellClient({ ...options, baseUrl: env.RETELL_API_URL });
}

export const providerWebhookUrl = (provider: VoiceProviderName, webhookKey: string) =>
  `${getEnv().appUrl.replace(/\/+$/, "")}/webhooks/${provider}/${webhookKey}`;

/** What the settings page shows: never the key itself. */
export async function getProviderAccount(tenantId: string, db: DB = getDb()) {
  const row = await db.selectFrom("voice_provider_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!row) return null;
  return { provider: row.provider, last4: row.api_key_last4, webhookUrl: providerWebhookUrl(row.provider, row.webhook_key), connectedAt: row.connected_at };
}

/** The account with its key and secret opened, for a push, a call or a webhook check. */
export async function openProviderAccount(tenantId: string, db: DB = getDb()) {
  const row = await db.selectFrom("voice_provider_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!row) return null;
  const apiKey = openSecret(row.api_key_sealed);
  return {
    tenantId,
    provider: row.provider,
    apiKey,
    webhookSecret: openSecret(row.webhook_secret_sealed),
    webhookUrl: providerWebhookUrl(row.provider, row.webhook_key),
    client: providerClient(row.provider, apiKey),
  };
}

export type OpenProviderAccount = NonNullable<Awaited<ReturnType<typeof openProviderAccount>>>;

/** The tenant a webhook URL's key names, with that account opened; null for a key no tenant has (the webhook answers 401). */
export async function findAccountByWebhookKey(provider: VoiceProviderName, webhookKey: string, db: DB = getDb()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(webhookKey)) return null;
  const row = await db
    .selectFrom("voice_provider_accounts")
    .select("tenant_id")
    .where("provider", "=", provider)
    .where("webhook_key", "=", webhookKey)
    .executeTakeFirst();
  return row ? openProviderAccount(row.tenant_id, db) : null;
}

/**
 * Connects (or reconnects) the platform after its key passed the test: the
 * caller tests first (client.testKey), so a wrong key is never stored. A
 * change of platform forgets what the old one called the agents.
 */
export async function saveProviderAccount(tenantId: string, provider: VoiceProviderName, apiKey: string, userId: string | null, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("voice_provider_accounts").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst();
    const values = {
      provider,
      api_key_sealed: sealSecret(apiKey),
      api_key_last4: lastFour(apiKey),
      connected_by: userId,
      connected_at: now(),
    };
    if (existing) {
      await trx.updateTable("voice_provider_accounts").set(values).where("tenant_id", "=", tenantId).execute();
      await recordSecretReplaced(trx, { tenantId, actorUserId: userId, target: { kind: "voice-platform", id: tenantId, label: provider }, secret: "api-key" });
      if (existing.provider !== provider) await trx.deleteFrom("agent_provider_links").where("tenant_id", "=", tenantId).execute();
    } else {
      await trx
        .insertInto("voice_provider_accounts")
        .values({
          tenant_id: tenantId,
          ...values,
          webhook_key: randomBytes(24).toString("base64url"),
          webhook_secret_sealed: sealSecret(randomBytes(32).toString("base64url")),
        })
        .execute();
    }
  });
}

/** Back to the server's default platform; what the platform called the agents is forgotten. */
export async function disconnectProvider(tenantId: string, db: DB = getDb()) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("agent_provider_links").where("tenant_id", "=", tenantId).execute();
    await trx.deleteFrom("voice_provider_accounts").where("tenant_id", "=", tenantId).execute();
  });
}

export function findAgentLink(tenantId: string, agentId: string, provider: VoiceProviderName, db: DB = getDb()): Promise<AgentProviderLink | undefined> {
  return db
    .selectFrom("agent_provider_links")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("agent_id", "=", agentId)
    .where("provider", "=", provider)
    .executeTakeFirst();
}

/** Each agent's push status on the connected platform, for the agents list and the editor. */
export async function agentLinks(tenantId: string, db: DB = getDb()) {
  const account = await db.selectFrom("voice_provider_accounts").select("provider").where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!account) return new Map<string, AgentProviderLink>();
  const rows = await db.selectFrom("agent_provider_links").selectAll().where("tenant_id", "=", tenantId).where("provider", "=", account.provider).execute();
  return new Map(rows.map((row) => [row.agent_id, row]));
}
