import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb, newId, now } from "~/db/db.server";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import {
  createIntegration,
  endpointSettingsOf,
  getIntegration,
  saveEndpointSettings,
  templateOf,
  type ConnectionInput,
} from "~/features/integrations/integrations.server";
import crmSuiteJson from "~/features/integrations/templates/crm-suite.json";
import gymManagementJson from "~/features/integrations/templates/gym-management.json";
import { getTemplate, loadTemplates } from "~/features/integrations/templates/templates.server";
import { createOrganization } from "~/features/organizations/organizations.server";
import * as callEvents from "~/routes/api+/v1+/call-events";
import { BASE_URL, loadContext } from "./app";
import { billingTenant } from "./billing";

/**
 * Shared by the integration hub's tests (integration-connections,
 * integration-deliveries): a tenant with an organization, a contact list and
 * an API key; connections made from a template and pointed at a CRM stub on
 * 127.0.0.1 (tests/support/stubs); a clock the tests move by hand; a local
 * receiver for outbound webhooks; and readers of the hub's tables.
 */

/**
 * The stubs listen on 127.0.0.1, which the outbound guard refuses unless
 * OUTBOUND_ALLOW_PRIVATE is set. (tests/setup/test-env.ts sets only
 * AUDIO_FETCH_ALLOW_PRIVATE, which the audio download alone reads.) Undo with
 * `vi.unstubAllEnvs(); resetEnvCache()`.
 */
export function allowPrivateAddresses() {
  vi.stubEnv("OUTBOUND_ALLOW_PRIVATE", "1");
  resetEnvCache();
}

export function restoreEnv() {
  vi.unstubAllEnvs();
  resetEnvCache();
}

export type ShippedTemplateId = "gym-management" | "crm-suite";

/** What the gym template's mappings read from the connection (the gym stub's own ids). */
export const GYM_SETTINGS = { clubId: "club_1024", locationId: "loc_88", eventTypeId: "evtype_12" } as const;

let sequence = 0;

export interface HubTenant {
  tenantId: string;
  userId: string;
  email: string;
  organizationId: string;
  listId: string;
  /** An API key for /api/v1 (Authorization: Bearer). */
  apiKey: string;
}

/** A tenant (country US) with an organization, a contact list and an API key. */
export async function hubTenant(): Promise<HubTenant> {
  sequence += 1;
  const db = getDb();
  const tenant = await billingTenant({ cards: [] });
  await db.updateTable("tenants").set({ country: "US", time_zone: "America/New_York" }).where("id", "=", tenant.tenantId).execute();
  const organizationId = await createOrganization(tenant.tenantId, tenant.userId, { name: `Hub Org ${sequence} ${newId().slice(0, 4)}`, website: null });
  const listId = newId();
  const stamp = now();
  await db
    .insertInto("contact_lists")
    .values({ id: listId, tenant_id: tenant.tenantId, name: `Leads ${sequence}`, name_key: `leads ${sequence}`, created_at: stamp, updated_at: stamp })
    .execute();
  const { key } = await createApiKey({ tenantId: tenant.tenantId, userId: tenant.userId, name: "Voice platform" });
  return { tenantId: tenant.tenantId, userId: tenant.userId, email: tenant.email, organizationId, listId, apiKey: key };
}

/** Another organization of the tenant. */
export function addOrganization(tenant: Pick<HubTenant, "tenantId" | "userId">, name = `Second Org ${newId().slice(0, 6)}`) {
  return createOrganization(tenant.tenantId, tenant.userId, { name, website: null });
}

export interface ConnectOptions extends Partial<Omit<ConnectionInput, "baseUrl" | "secret">> {
  organizationId?: string;
  /** Endpoints turned on and included in sync (createUser, createMeeting, ...). */
  sync?: string[];
  /** Endpoints turned off entirely. */
  disable?: string[];
  /** A changed copy of the shipped template, stored as the connection's own ("custom") template. */
  customize?: (template: Record<string, unknown>) => Record<string, unknown>;
}

/** A connection made from a shipped template (or a changed copy of it), pointed at `baseUrl`; returns its row. */
export async function connect(
  tenant: Pick<HubTenant, "tenantId" | "organizationId">,
  templateId: ShippedTemplateId,
  baseUrl: string,
  secret: string,
  options: ConnectOptions = {},
) {
  const shipped = getTemplate(templateId)!;
  let template = shipped;
  let custom: Record<string, unknown> | null = null;
  if (options.customize) {
    custom = options.customize(rawTemplate(templateId));
    template = loadTemplates([custom])[0]!;
  }
  const id = await createIntegration(
    tenant.tenantId,
    options.organizationId ?? tenant.organizationId,
    template,
    {
      baseUrl,
      secret,
      settings: options.settings ?? (templateId === "gym-management" ? { ...GYM_SETTINGS } : {}),
      crmName: options.crmName,
      leadEmail: options.leadEmail,
      sendLeadOnEmail: options.sendLeadOnEmail,
      sendLeadOnCrmOnly: options.sendLeadOnCrmOnly,
    },
    getDb(),
    custom,
  );
  if (options.sync?.length || options.disable?.length) await setEndpoints(tenant.tenantId, id, { sync: options.sync, disable: options.disable });
  return (await getIntegration(tenant.tenantId, id))!;
}

/** Turns endpoints on and into the sync, or off, keeping the others as they are. */
export async function setEndpoints(tenantId: string, integrationId: string, { sync = [], disable = [] }: { sync?: string[]; disable?: string[] }) {
  const integration = (await getIntegration(tenantId, integrationId))!;
  const template = templateOf(integration);
  const settings = endpointSettingsOf(integration, template);
  for (const name of [...sync, ...disable]) if (!settings[name]) throw new Error(`${template.id} has no endpoint ${name}`);
  for (const name of sync) settings[name] = { enabled: true, includeInSync: true };
  for (const name of disable) settings[name] = { enabled: false, includeInSync: false };
  await saveEndpointSettings(tenantId, integrationId, settings);
}

/** A deep copy of a shipped template's JSON, to change for a custom template. */
export function rawTemplate(templateId: ShippedTemplateId): Record<string, unknown> {
  return structuredClone(templateId === "gym-management" ? gymManagementJson : crmSuiteJson) as Record<string, unknown>;
}

/** The template's copy with every request's timeout (errorHandling and each endpoint) at `timeoutMs`. */
export function withTimeout(timeoutMs: number, id = "gym-management-quick") {
  return (template: Record<string, unknown>) => {
    const errorHandling = template.errorHandling as Record<string, unknown>;
    const endpoints = template.endpoints as Array<Record<string, unknown>>;
    return {
      ...template,
      id,
      errorHandling: { ...errorHandling, timeout: timeoutMs },
      endpoints: endpoints.map((endpoint) => ({ ...endpoint, timeout: timeoutMs })),
    };
  };
}

let phoneSequence = 0;

export interface ContactInput {
  firstName?: string;
  lastName?: string;
  /** "" for none. */
  email?: string;
  phone?: string;
  optedOut?: boolean;
}

/** A contact row written directly: no event, nothing queued. */
export async function insertContact(tenant: Pick<HubTenant, "tenantId" | "listId">, input: ContactInput = {}) {
  phoneSequence += 1;
  const id = newId();
  const stamp = now();
  const row = {
    id,
    tenant_id: tenant.tenantId,
    list_id: tenant.listId,
    first_name: input.firstName ?? "Carla",
    last_name: input.lastName ?? "Contact",
    phone: input.phone ?? `+1202555${String(2000 + (phoneSequence % 8000)).padStart(4, "0")}`,
    email: input.email ?? `carla.${id.slice(0, 8)}@example.test`,
    time_zone: null,
    opted_out_at: input.optedOut ? stamp : null,
    created_at: stamp,
    updated_at: stamp,
  };
  await getDb().insertInto("contacts").values(row).execute();
  return { id, phone: row.phone, email: row.email, firstName: row.first_name, lastName: row.last_name };
}

/* ---- the call-events API ---- */

let eventSequence = 0;

export function callEvent(
  type: "call.started" | "call.ended" | "call.missed",
  platformCallId: string,
  call: Record<string, unknown> = {},
  eventId = `evt-hub-${++eventSequence}-${newId().slice(0, 6)}`,
) {
  return {
    eventId,
    type,
    occurredAt: new Date().toISOString(),
    call: {
      id: platformCallId,
      direction: "inbound",
      from: "+12025550100",
      to: "+12025550199",
      durationSeconds: 95,
      summary: "Asked about a membership.",
      ...call,
    },
  };
}

/** POST /api/v1/call-events as a voice platform sends it. */
export async function postCallEvent(apiKey: string, event: unknown) {
  const request = new Request(`${BASE_URL}/api/v1/call-events`, {
    method: "POST",
    headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
    body: JSON.stringify(event),
  });
  const response = await callEvents.action({ request, params: {}, context: loadContext() });
  return { status: response.status, body: (await response.json()) as { duplicate?: boolean; callId?: string; error?: unknown } };
}

/* ---- time ---- */

/** A clock the test moves by hand, for the `now` options (backoffs are never waited for). */
export function testClock(start: Date | number = Date.now()) {
  let at = typeof start === "number" ? start : start.getTime();
  return {
    now: () => new Date(at),
    get ms() {
      return at;
    },
    set(to: Date | number) {
      at = typeof to === "number" ? to : to.getTime();
    },
    advance(ms: number) {
      at += ms;
    },
  };
}

/* ---- the hub's tables ---- */

export function deliveriesOf(integrationId: string) {
  return getDb().selectFrom("integration_deliveries").selectAll().where("integration_id", "=", integrationId).orderBy("created_at").orderBy("id").execute();
}

export function logsOf(integrationId: string) {
  return getDb().selectFrom("crm_logs").selectAll().where("integration_id", "=", integrationId).orderBy("created_at").orderBy("attempt").execute();
}

export function linksOf(integrationId: string) {
  return getDb().selectFrom("integration_links").selectAll().where("integration_id", "=", integrationId).execute();
}

export async function integrationRow(integrationId: string) {
  return getDb().selectFrom("integrations").selectAll().where("id", "=", integrationId).executeTakeFirstOrThrow();
}

/** How many rows of each hub table belong to an integration. */
export async function hubRowCounts(integrationId: string) {
  const db = getDb();
  const count = async (table: "crm_logs" | "integration_deliveries" | "integration_links" | "integration_webhooks" | "integration_rate_windows") => {
    const row = await db
      .selectFrom(table)
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("integration_id", "=", integrationId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    logs: await count("crm_logs"),
    deliveries: await count("integration_deliveries"),
    links: await count("integration_links"),
    webhooks: await count("integration_webhooks"),
    rateWindows: await count("integration_rate_windows"),
  };
}

/* ---- a receiver for outbound webhooks ---- */

export interface ReceivedWebhook {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 that answers every request with `status` and records it. */
export async function startWebhookReceiver(status = 204): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      received.push({ method: req.method ?? "GET", path: req.url ?? "/", headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(status).end();
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/voxboard`,
    received,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
