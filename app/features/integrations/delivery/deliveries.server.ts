import { sql } from "kysely";
import { getDb, newId, type DB } from "~/db/db.server";
import { emit } from "~/lib/events/bus.server";
import type { GuardOptions } from "~/lib/outbound/guard.server";
import { callEndpoint, setLogRetryAt, writeLog } from "./crm-calls.server";
import { retryDelayMs, shouldRetry, type AttemptFailure } from "./delivery-policy";
import type { AttemptOutcome, Delivery } from "./delivery-types";
import type { IntegrationEvent } from "../events";
import { endpointRole, syncTargets, type RecordKind } from "../templates/integration-template";
import { endpointSettingsOf, mappingsOf, settingsOf, templateOf, type Integration } from "../integrations.server";
import { sendLeadEmail } from "./lead-email.server";
import { mapRecord, pathParameters, pruneToSchema, type SourceValues } from "../mapping/mapping";
import { reserveRequest } from "./rate-windows.server";
import type { SourceRecord } from "../mapping/source-records.server";
import type { TemplateEndpoint } from "../templates/template-schema";
import { validatePayload } from "../templates/templates.server";
import { sendWebhook } from "./webhooks.server";

/**
 * Deliveries: what an event sends to each enabled integration, as jobs in the
 * database that the job runner works through (docs/decisions/0024). A job
 * holds a snapshot of the record as it was at the event; the payload is
 * mapped when sent, with the integration's mapping of that moment.
 *
 * - Over a rate limit, a job is deferred to the end of the full window; the
 *   worker never sleeps.
 * - A failed attempt is tried again per the template's errorHandling
 *   (attempts, delay, exponential backoff, retryable statuses, Retry-After).
 * - Every attempt carries the job's Idempotency-Key, so a runner that takes
 *   over after a crash mid-request does not create a second record in a CRM
 *   that honours the header.
 */
export { INTEGRATION_EVENTS, type IntegrationEvent } from "../events";

export interface EnqueueOptions {
  db?: DB;
  now?: Date;
  /** Only this organization's integrations (appointments belong to one); null: every organization of the tenant. */
  organizationId?: string | null;
}

/** Queues what the event sends; returns how many jobs were queued. Opted-out contacts are never queued where the integration restricts contacts. */
export function enqueueEvent(tenantId: string, event: IntegrationEvent, record: SourceRecord, options: EnqueueOptions = {}): Promise<number> {
  return enqueueEvents(tenantId, event, [record], options);
}

/** The same for many records of one event (an import): the integrations and webhooks are read once. */
export async function enqueueEvents(
  tenantId: string,
  event: IntegrationEvent,
  records: readonly SourceRecord[],
  options: EnqueueOptions = {},
): Promise<number> {
  const db = options.db ?? getDb();
  const timestamp = (options.now ?? new Date()).toISOString();
  let query = db.selectFrom("integrations").selectAll().where("tenant_id", "=", tenantId).where("status", "=", "enabled");
  if (options.organizationId) query = query.where("organization_id", "=", options.organizationId);
  const integrations = await query.execute();
  const rows: Array<Omit<Delivery, "attempts">> = [];
  const job = (integration: Integration, record: SourceRecord, target: string, webhookId: string | null = null) => ({
    id: newId(),
    tenant_id: tenantId,
    integration_id: integration.id,
    webhook_id: webhookId,
    target,
    event,
    record_kind: record.kind,
    record_id: record.recordId,
    record_label: record.label.slice(0, 200),
    snapshot: JSON.stringify(record.values),
    idempotency_key: newId(),
    status: "queued" as const,
    next_attempt_at: timestamp,
    lease_owner: null,
    lease_until: null,
    last_status: null,
    last_error: null,
    created_at: timestamp,
    updated_at: timestamp,
    finished_at: null,
  });
  const integrationIds = integrations.map((integration) => integration.id);
  const webhooks = integrationIds.length
    ? await db.selectFrom("integration_webhooks").selectAll().where("tenant_id", "=", tenantId).where("integration_id", "in", integrationIds).execute()
    : [];
  const plans = integrations.flatMap((integration) => {
    let template;
    try {
      template = templateOf(integration);
    } catch {
      return [];
    }
    const settings = endpointSettingsOf(integration, template);
    const targets = syncTargets(template, settings, "contact");
    const appointmentTargets = syncTargets(template, settings, "appointment");
    return [
      {
        integration,
        syncs: { contact: Boolean(targets.create || targets.update), appointment: Boolean(appointmentTargets.create || appointmentTargets.update) },
      },
    ];
  });
  for (const record of records) {
    for (const { integration, syncs } of plans) {
      if (record.optedOut && integration.restricted_contacts) continue;
      // Deals reach webhooks only: no CRM template has an endpoint for them.
      if (record.kind !== "deal" && syncs[record.kind]) rows.push(job(integration, record, "sync"));
      if (record.kind === "contact" && integration.send_lead_on_email && integration.lead_email && !integration.send_lead_on_crm_only)
        rows.push(job(integration, record, "email"));
    }
    for (const webhook of webhooks) {
      const integration = integrations.find((candidate) => candidate.id === webhook.integration_id)!;
      if (record.optedOut && integration.restricted_contacts) continue;
      if ((JSON.parse(webhook.events) as string[]).includes(event)) rows.push(job(integration, record, "webhook", webhook.id));
    }
  }
  // In slices: each row is 20 parameters, and a statement takes at most a few thousand.
  for (let start = 0; start < rows.length; start += 200)
    await db
      .insertInto("integration_deliveries")
      .values(rows.slice(start, start + 200))
      .execute();
  return rows.length;
}

export interface WorkerOptions {
  db?: DB;
  now?: () => Date;
  owner: string;
  /** Jobs taken per pass. */
  limit?: number;
  guard?: GuardOptions;
}

/** A job under way is held this long past its request's timeout; a runner that died mid-request frees it then. */
const LEASE_MARGIN_MS = 30_000;

/** Takes due jobs of enabled integrations (queued, or sending under an expired lease) and sends each once. */
export async function runDueDeliveries(options: WorkerOptions): Promise<{ attempted: number }> {
  const db = options.db ?? getDb();
  const now = options.now ?? (() => new Date());
  const at = now().toISOString();
  const due = await db
    .selectFrom("integration_deliveries as d")
    .innerJoin("integrations as i", "i.id", "d.integration_id")
    .select(["d.id", "i.id as integration_id", "i.template_id", "i.custom_template", "i.updated_at"])
    .where("i.status", "=", "enabled")
    .where((eb) =>
      eb.or([
        eb.and([eb("d.status", "=", "queued"), eb("d.next_attempt_at", "<=", at)]),
        eb.and([eb("d.status", "=", "sending"), eb("d.lease_until", "<", at)]),
      ]),
    )
    .orderBy("d.next_attempt_at")
    .orderBy("d.created_at")
    .limit(options.limit ?? 50)
    .execute();
  let attempted = 0;
  for (const row of due) {
    const delivery = await claim(
      db,
      row.id,
      options.owner,
      now(),
      leaseMsOf({ id: row.integration_id, template_id: row.template_id, custom_template: row.custom_template, updated_at: row.updated_at }),
    );
    if (!delivery) continue;
    attempted++;
    await attempt(delivery, { ...options, db, now });
  }
  return { attempted };
}

async function claim(db: DB, id: string, owner: string, now: Date, leaseMs: number) {
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + leaseMs + LEASE_MARGIN_MS).toISOString();
  const result = await db
    .updateTable("integration_deliveries")
    .set({ status: "sending", lease_owner: owner, lease_until: leaseUntil, updated_at: at })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", at)]), eb.and([eb("status", "=", "sending"), eb("lease_until", "<", at)])]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return db.selectFrom("integration_deliveries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** The longest one attempt may take: the integration's timeout (a custom template may set minutes), at least a minute. */
function leaseMsOf(integration: Pick<Integration, "id" | "template_id" | "custom_template" | "updated_at">) {
  try {
    const template = templateOf(integration);
    return Math.max(60_000, template.errorHandling.timeout, ...template.endpoints.map((endpoint) => endpoint.timeout));
  } catch {
    return 60_000;
  }
}

type Context = Required<Pick<WorkerOptions, "owner">> & { db: DB; now: () => Date; guard?: GuardOptions };

async function attempt(delivery: Delivery, context: Context) {
  const { db } = context;
  const integration = await db.selectFrom("integrations").selectAll().where("id", "=", delivery.integration_id).executeTakeFirst();
  if (!integration) return;
  const template = templateOf(integration);
  // The contact may have opted out while the delivery waited (a backoff, a full rate window).
  if (delivery.record_kind === "contact" && integration.restricted_contacts && (await optedOutSince(db, delivery))) {
    await finish(delivery, context, "skipped", null, "opted-out");
    return;
  }
  // Only requests to the CRM count against its rate limit; lead emails and webhooks go elsewhere.
  const reservation = delivery.target === "sync" ? await reserveRequest(integration, template, context.now(), db) : ({ allowed: true } as const);
  if (!reservation.allowed) {
    await db
      .updateTable("integration_deliveries")
      .set({
        status: "queued",
        next_attempt_at: reservation.until.toISOString(),
        lease_owner: null,
        lease_until: null,
        last_error: `rate-limited:${reservation.window}`,
        updated_at: context.now().toISOString(),
      })
      .where("id", "=", delivery.id)
      .where("lease_owner", "=", context.owner)
      .execute();
    return;
  }
  const attemptNumber = delivery.attempts + 1;
  await db.updateTable("integration_deliveries").set({ attempts: attemptNumber }).where("id", "=", delivery.id).execute();
  const values = JSON.parse(delivery.snapshot) as SourceValues;
  const source = `${delivery.event} · ${delivery.record_label}`;

  if (delivery.target === "email") {
    const outcome = await sendLeadEmail(
      integration,
      delivery,
      values,
      { kind: "email", source, deliveryId: delivery.id, attempt: attemptNumber },
      { db, now: context.now },
    );
    await settle(
      delivery,
      integration,
      context,
      attemptNumber,
      outcome.ok ? { ok: true } : { ok: false, failure: { kind: "network" }, error: outcome.error, logId: outcome.logId },
    );
    return;
  }
  if (delivery.target === "webhook") {
    const outcome = await sendWebhook(
      integration,
      delivery,
      values,
      { kind: "webhook", source, deliveryId: delivery.id, attempt: attemptNumber },
      { db, now: context.now, guard: context.guard },
    );
    await settle(delivery, integration, context, attemptNumber, outcome);
    return;
  }

  const kind = delivery.record_kind as RecordKind;
  const settings = endpointSettingsOf(integration, template);
  const targets = syncTargets(template, settings, kind);
  const link = await db
    .selectFrom("integration_links")
    .select("external_id")
    .where("integration_id", "=", integration.id)
    .where("record_kind", "=", kind)
    .where("record_id", "=", delivery.record_id)
    .executeTakeFirst();
  // A record the CRM already has is updated, never created twice.
  const endpoint = link ? targets.update : targets.create;
  if (!endpoint) {
    await finish(delivery, context, "skipped", null, link ? "no-update-endpoint" : "no-create-endpoint");
    return;
  }
  const linked = await linkedValues(db, integration.id, kind, values);
  const mapped = mapRecord(mappingsOf(integration, kind), { ...linked, ...prefixed(settingsOf(integration)) }, { defaultCountry: null });
  const payload = pruneToSchema(mapped.payload, endpoint.payloadSchema);
  const check = mapped.problems.length === 0 ? validatePayload(template, endpoint.endpointName, payload) : null;
  const problems = [
    ...mapped.problems.map((problem) => `${problem.field}: ${problem.code}${problem.value ? ` (${problem.value})` : ""}`),
    ...(check && !check.ok ? check.problems.map((problem) => `${problem.path}: ${problem.message}`) : []),
  ];
  if (problems.length) {
    const logId = await writeLog(
      integration,
      endpoint,
      { kind: "delivery", source, deliveryId: delivery.id, attempt: attemptNumber },
      {
        method: endpoint.type,
        url: `${integration.base_url}${endpoint.endpoint}`,
        requestHeaders: {},
        requestBody: JSON.stringify(payload),
        responseHeaders: null,
        responseBody: null,
        outcome: "invalid",
        status: null,
        error: problems.join("; ").slice(0, 2000),
        durationMs: 0,
      },
      { db, now: context.now },
    );
    await settle(delivery, integration, context, attemptNumber, {
      ok: false,
      failure: { kind: "invalid" },
      error: `invalid: ${problems.join("; ")}`.slice(0, 2000),
      logId,
    });
    return;
  }
  const pathValues =
    link && endpointRole(endpoint) === "update" ? Object.fromEntries(pathParameters(endpoint.endpoint).map((name) => [name, link.external_id])) : {};
  const { exchange, logId } = await callEndpoint(
    integration,
    { endpoint, payload, pathValues, idempotencyKey: delivery.idempotency_key },
    { kind: "delivery", source, deliveryId: delivery.id, attempt: attemptNumber },
    { db, now: context.now, guard: context.guard },
  );
  if (exchange.outcome === "success") {
    await recordLink(db, integration, endpoint, kind, delivery.record_id, exchange.json, context.now());
    await settle(delivery, integration, context, attemptNumber, { ok: true, status: exchange.status });
    return;
  }
  const failure: AttemptFailure =
    exchange.outcome === "http-error" && exchange.status !== null
      ? { kind: "status", status: exchange.status }
      : exchange.outcome === "timeout"
        ? { kind: "timeout" }
        : exchange.outcome === "refused"
          ? { kind: "refused" }
          : { kind: "network" };
  await settle(delivery, integration, context, attemptNumber, {
    ok: false,
    failure,
    error: exchange.error ?? exchange.outcome,
    status: exchange.status,
    retryAfterMs: exchange.retryAfterMs,
    logId,
  });
}

async function optedOutSince(db: DB, delivery: Delivery) {
  const contact = await db
    .selectFrom("contacts")
    .select("opted_out_at")
    .where("tenant_id", "=", delivery.tenant_id)
    .where("id", "=", delivery.record_id)
    .executeTakeFirst();
  return Boolean(contact?.opted_out_at);
}

const prefixed = (settings: Record<string, string>): SourceValues =>
  Object.fromEntries(Object.entries(settings).map(([name, value]) => [`settings.${name}`, value]));

/** An appointment's contact, as the CRM knows it: the id its earlier delivery got back. */
async function linkedValues(db: DB, integrationId: string, kind: RecordKind, values: SourceValues): Promise<SourceValues> {
  const contactId = values["contact.id"];
  if (kind !== "appointment" || typeof contactId !== "string") return values;
  const link = await db
    .selectFrom("integration_links")
    .select("external_id")
    .where("integration_id", "=", integrationId)
    .where("record_kind", "=", "contact")
    .where("record_id", "=", contactId)
    .executeTakeFirst();
  return link ? { ...values, "appointment.contactExternalId": link.external_id } : values;
}

function readPath(value: unknown, path: string): unknown {
  if (path.includes("[]")) return undefined;
  return path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** The CRM's id for the record, from the endpoint's responseMapping (id → contact.externalId). */
async function recordLink(db: DB, integration: Integration, endpoint: TemplateEndpoint, kind: RecordKind, recordId: string, answer: unknown, now: Date) {
  const mapping = endpoint.responseMapping.find((entry) => entry.targetField === `${kind}.externalId`);
  const externalId = mapping ? readPath(answer, mapping.sourceField) : undefined;
  if (typeof externalId !== "string" && typeof externalId !== "number") return;
  await db
    .insertInto("integration_links")
    .values({
      integration_id: integration.id,
      tenant_id: integration.tenant_id,
      record_kind: kind,
      record_id: recordId,
      external_id: String(externalId),
      updated_at: now.toISOString(),
    })
    .onConflict((conflict) =>
      conflict.columns(["integration_id", "record_kind", "record_id"]).doUpdateSet({ external_id: String(externalId), updated_at: now.toISOString() }),
    )
    .execute();
}

/** After an attempt: done, or queued again after the backoff, or failed for good; the statistics count finished deliveries. */
async function settle(delivery: Delivery, integration: Integration, context: Context, attemptNumber: number, outcome: AttemptOutcome) {
  const { db } = context;
  const now = context.now();
  if (outcome.ok) {
    if ((await finish(delivery, context, "succeeded", outcome.status ?? null, null)) && delivery.target === "sync") await countSync(db, integration.id, true);
    return;
  }
  const template = templateOf(integration);
  if (shouldRetry(template.errorHandling, attemptNumber, outcome.failure)) {
    const retryAt = new Date(now.getTime() + retryDelayMs(template.errorHandling, attemptNumber, outcome.retryAfterMs ?? null)).toISOString();
    await db
      .updateTable("integration_deliveries")
      .set({
        status: "queued",
        next_attempt_at: retryAt,
        lease_owner: null,
        lease_until: null,
        last_status: outcome.status ?? null,
        last_error: outcome.error.slice(0, 2000),
        updated_at: now.toISOString(),
      })
      .where("id", "=", delivery.id)
      .where("lease_owner", "=", context.owner)
      .execute();
    if (outcome.logId) await setLogRetryAt(outcome.logId, retryAt, db);
    return;
  }
  if (!(await finish(delivery, context, "failed", outcome.status ?? null, outcome.error))) return;
  if (delivery.target === "sync") await countSync(db, integration.id, false);
  await announceFailingStreak(db, integration);
}

/** How many deliveries in a row must fail for good before the integration is announced as failing (once per streak). */
export const FAILING_STREAK = 3;

/**
 * integration.failing when this failure made the streak exactly FAILING_STREAK
 * long: the last FAILING_STREAK finished deliveries failed and the one before
 * them (if any) did not, so a streak is told once however long it grows.
 */
export async function announceFailingStreak(db: DB, integration: Integration) {
  const recent = await db
    .selectFrom("integration_deliveries")
    .select("status")
    .where("tenant_id", "=", integration.tenant_id)
    .where("integration_id", "=", integration.id)
    .where("finished_at", "is not", null)
    .orderBy("finished_at", "desc")
    .orderBy("id", "desc")
    .limit(FAILING_STREAK + 1)
    .execute();
  const streak = recent.slice(0, FAILING_STREAK);
  if (streak.length < FAILING_STREAK || streak.some((row) => row.status !== "failed") || recent[FAILING_STREAK]?.status === "failed") return;
  const event = { kind: "integration.failing" as const, tenantId: integration.tenant_id, integrationId: integration.id, failures: FAILING_STREAK };
  // The failure above was settled outside a transaction of this module; its announcement gets one of its own.
  await (db.isTransaction ? emit(db, event) : db.transaction().execute((trx) => emit(trx, event)));
}

/** Only while this runner still holds the lease: a runner that took over an expired one owns the outcome now. */
async function finish(delivery: Delivery, context: Context, status: "succeeded" | "failed" | "skipped", httpStatus: number | null, error: string | null) {
  const at = context.now().toISOString();
  const result = await context.db
    .updateTable("integration_deliveries")
    .set({ status, lease_owner: null, lease_until: null, last_status: httpStatus, last_error: error?.slice(0, 2000) ?? null, finished_at: at, updated_at: at })
    .where("id", "=", delivery.id)
    .where("lease_owner", "=", context.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function countSync(db: DB, integrationId: string, ok: boolean) {
  await db
    .updateTable("integrations")
    .set({
      syncs: sql`syncs + 1`,
      successful_syncs: ok ? sql`successful_syncs + 1` : sql`successful_syncs`,
      records_synced: ok ? sql`records_synced + 1` : sql`records_synced`,
    })
    .where("id", "=", integrationId)
    .execute();
}

/**
 * "Replay": a failed or skipped delivery queued again now, with a fresh set
 * of attempts; its earlier log lines stay. After a definite answer (an HTTP
 * status) it gets a new Idempotency-Key, or a CRM that stored that answer
 * would give it again; after a timeout or a lost connection it keeps its
 * key, since the CRM may have made the record.
 */
export async function replayDelivery(tenantId: string, deliveryId: string, now: Date = new Date(), db: DB = getDb()) {
  const current = await db
    .selectFrom("integration_deliveries")
    .select(["last_status"])
    .where("tenant_id", "=", tenantId)
    .where("id", "=", deliveryId)
    .executeTakeFirst();
  if (!current) return false;
  const result = await db
    .updateTable("integration_deliveries")
    .set({
      status: "queued",
      attempts: 0,
      next_attempt_at: now.toISOString(),
      last_error: null,
      finished_at: null,
      updated_at: now.toISOString(),
      ...(current.last_status !== null ? { idempotency_key: newId() } : {}),
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", deliveryId)
    .where("status", "in", ["failed", "skipped"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
