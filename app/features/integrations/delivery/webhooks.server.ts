import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { getDb, newId, now, type DB } from "~/db/db.server";
import type { GuardOptions } from "~/lib/outbound/guard.server";
import { openSecret, sealSecret } from "~/lib/security/secrets.server";
import { sendCrmRequest } from "./crm-http.server";
import { writeLog, type LogContext } from "./crm-calls.server";
import type { AttemptOutcome, Delivery } from "./delivery-types";
import type { Integration } from "../integrations.server";
import type { SourceValues } from "../mapping/mapping";

/**
 * Outbound webhooks of an integration: a URL that receives chosen events,
 * each delivery signed per the Standard Webhooks specification (webhook-id,
 * webhook-timestamp, webhook-signature; the `standardwebhooks` package), sent
 * through the outbound guard, logged, and retried like a CRM delivery. The
 * signing secret ("whsec_…") is shown once, when the webhook is made.
 */
export const WEBHOOK_TIMEOUT_MS = 15_000;

export function listWebhooks(tenantId: string, integrationId: string, db: DB = getDb()) {
  return db
    .selectFrom("integration_webhooks")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where("integration_id", "=", integrationId)
    .orderBy("created_at")
    .execute();
}

export async function registerWebhook(tenantId: string, integrationId: string, input: { url: string; events: string[] }, db: DB = getDb()) {
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  const id = newId();
  await db
    .insertInto("integration_webhooks")
    .values({
      id,
      tenant_id: tenantId,
      integration_id: integrationId,
      url: input.url,
      events: JSON.stringify(input.events),
      secret_sealed: sealSecret(secret),
      created_at: now(),
    })
    .execute();
  return { id, secret };
}

export async function deleteWebhook(tenantId: string, integrationId: string, webhookId: string, db: DB = getDb()) {
  const result = await db
    .deleteFrom("integration_webhooks")
    .where("tenant_id", "=", tenantId)
    .where("integration_id", "=", integrationId)
    .where("id", "=", webhookId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The body a receiver gets: Standard Webhooks' { type, timestamp, data }, documented by WebhookPayloadSchema (the contract test parses it). */
export function webhookBody(event: string, recordKind: string, recordId: string, values: SourceValues, at: Date) {
  return JSON.stringify({ type: event, timestamp: at.toISOString(), data: { recordKind, recordId, fields: values } });
}

export async function sendWebhook(
  integration: Integration,
  delivery: Delivery,
  values: SourceValues,
  context: LogContext,
  options: { db?: DB; now?: () => Date; guard?: GuardOptions } = {},
): Promise<AttemptOutcome> {
  const db = options.db ?? getDb();
  const webhook = delivery.webhook_id
    ? await db.selectFrom("integration_webhooks").selectAll().where("id", "=", delivery.webhook_id).executeTakeFirst()
    : undefined;
  if (!webhook) return { ok: false, failure: { kind: "invalid" }, error: "the webhook was deleted" };
  const at = options.now?.() ?? new Date();
  const secret = openSecret(webhook.secret_sealed);
  const body = webhookBody(delivery.event, delivery.record_kind, delivery.record_id, values, at);
  // The delivery's id is the message id: a receiver drops a repeat after a retry.
  const messageId = `msg_${delivery.idempotency_key}`;
  const signature = new Webhook(secret).sign(messageId, at, body);
  const exchange = await sendCrmRequest(
    {
      method: "POST",
      url: webhook.url,
      headers: {
        "content-type": "application/json",
        "user-agent": "Voxboard-Webhooks/1",
        "webhook-id": messageId,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body,
    },
    { timeoutMs: WEBHOOK_TIMEOUT_MS, secrets: [secret], authHeader: "webhook-signature", now: options.now, guard: options.guard },
  );
  const logId = await writeLog(
    integration,
    { endpointName: `webhook ${delivery.event}` },
    context,
    { method: "POST", ...exchange.log, outcome: exchange.outcome, status: exchange.status, error: exchange.error, durationMs: exchange.durationMs },
    { db, now: options.now },
  );
  if (exchange.outcome === "success") return { ok: true, status: exchange.status };
  return {
    ok: false,
    failure:
      exchange.outcome === "http-error" && exchange.status !== null
        ? { kind: "status", status: exchange.status }
        : exchange.outcome === "timeout"
          ? { kind: "timeout" }
          : exchange.outcome === "refused"
            ? { kind: "refused" }
            : { kind: "network" },
    error: exchange.error ?? exchange.outcome,
    status: exchange.status,
    retryAfterMs: exchange.retryAfterMs,
    logId,
  };
}
