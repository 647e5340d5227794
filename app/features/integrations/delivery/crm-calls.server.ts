import { getDb, newId, now as nowIso, type DB } from "~/db/db.server";
import type { CrmLogKind } from "~/db/schema";
import type { GuardOptions } from "~/lib/outbound/guard.server";
import { sendCrmRequest, type CrmExchange, type CrmRequest } from "./crm-http.server";
import { authHeaders } from "../templates/integration-template";
import { secretOf, templateOf, type Integration } from "../integrations.server";
import { fillPath } from "../mapping/mapping";
import type { TemplateEndpoint } from "../templates/template-schema";

/**
 * Builds the HTTP request for one endpoint of an integration, sends it and
 * writes its log line. Everything that talks to a CRM (test connection, a
 * delivery, an endpoint run by hand) comes through here, so every request is
 * logged the same way.
 */
export interface EndpointCall {
  endpoint: TemplateEndpoint;
  /** The body of a write or search POST; the query of a GET. */
  payload: Record<string, unknown> | null;
  pathValues?: Record<string, string>;
  idempotencyKey?: string;
}

export interface LogContext {
  kind: CrmLogKind;
  /** The log's "from": what caused the request (an event and record, or the person who ran it). */
  source: string;
  deliveryId?: string | null;
  attempt?: number;
  retryAt?: string | null;
}

function joinUrl(baseUrl: string, path: string) {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}

function queryString(payload: Record<string, unknown> | null) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(payload ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    params.set(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function buildRequest(integration: Integration, call: EndpointCall): CrmRequest {
  const template = templateOf(integration);
  const path = fillPath(call.endpoint.endpoint, call.pathValues ?? {});
  const isQuery = call.endpoint.type === "GET" || call.endpoint.type === "DELETE";
  const payload = isQuery ? { ...(call.endpoint.defaultQuery ?? {}), ...(call.payload ?? {}) } : call.payload;
  const headers: Record<string, string> = { accept: "application/json", "user-agent": "Voxboard-Integrations/1" };
  if (call.endpoint.requiresAuth) Object.assign(headers, authHeaders(template, secretOf(integration)));
  if (!isQuery) headers["content-type"] = "application/json";
  if (call.idempotencyKey) headers["idempotency-key"] = call.idempotencyKey;
  return {
    method: call.endpoint.type,
    url: joinUrl(integration.base_url, path) + (isQuery ? queryString(payload) : ""),
    headers,
    ...(isQuery ? {} : { body: JSON.stringify(payload ?? {}) }),
  };
}

export interface CallOptions {
  db?: DB;
  now?: () => Date;
  guard?: GuardOptions;
}

/** Sends the request and logs it; returns the exchange and the log line's id. */
export async function callEndpoint(
  integration: Integration,
  call: EndpointCall,
  context: LogContext,
  options: CallOptions = {},
): Promise<{ exchange: CrmExchange; logId: string }> {
  const template = templateOf(integration);
  const request = buildRequest(integration, call);
  const secret = secretOf(integration);
  const exchange = await sendCrmRequest(request, {
    timeoutMs: Math.min(call.endpoint.timeout, template.errorHandling.timeout),
    secrets: [secret],
    authHeader: template.auth.header,
    now: options.now,
    guard: options.guard,
  });
  const logId = await writeLog(
    integration,
    call.endpoint,
    context,
    { method: request.method, ...exchange.log, outcome: exchange.outcome, status: exchange.status, error: exchange.error, durationMs: exchange.durationMs },
    options,
  );
  return { exchange, logId };
}

export interface LogFields {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
  outcome: CrmExchange["outcome"];
  status: number | null;
  error: string | null;
  durationMs: number;
}

export async function writeLog(
  integration: Pick<Integration, "id" | "tenant_id" | "crm_name">,
  endpoint: Pick<TemplateEndpoint, "endpointName"> | { endpointName: string },
  context: LogContext,
  fields: LogFields,
  options: CallOptions = {},
) {
  const id = newId();
  await (options.db ?? getDb())
    .insertInto("crm_logs")
    .values({
      id,
      tenant_id: integration.tenant_id,
      integration_id: integration.id,
      delivery_id: context.deliveryId ?? null,
      crm_name: integration.crm_name,
      kind: context.kind,
      source: context.source,
      target: `${integration.crm_name} · ${endpoint.endpointName}`,
      method: fields.method,
      url: fields.url,
      request_headers: JSON.stringify(fields.requestHeaders),
      request_body: fields.requestBody,
      response_status: fields.status,
      response_headers: fields.responseHeaders ? JSON.stringify(fields.responseHeaders) : null,
      response_body: fields.responseBody,
      outcome: fields.outcome,
      error: fields.error,
      duration_ms: fields.durationMs,
      attempt: context.attempt ?? 1,
      retry_at: context.retryAt ?? null,
      created_at: options.now ? options.now().toISOString() : nowIso(),
    })
    .execute();
  return id;
}

/** After the fact: the log line of an attempt learns when the next one is due. */
export async function setLogRetryAt(logId: string, retryAt: string | null, db: DB = getDb()) {
  await db.updateTable("crm_logs").set({ retry_at: retryAt }).where("id", "=", logId).execute();
}
