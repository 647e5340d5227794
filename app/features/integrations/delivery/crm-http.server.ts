import { guardedFetch, OutboundRefusal, type GuardOptions } from "~/lib/outbound/guard.server";
import { BodyTooLarge, describeFetchFailure, readBodyCapped } from "~/lib/outbound/response-body.server";
import type { CrmLogOutcome } from "~/db/schema";
import { parseRetryAfter } from "./delivery-policy";

/**
 * One request to a CRM, through the outbound guard (every address a tenant
 * enters is checked, every redirect hop too), with a timeout, and described
 * for the log with its secrets redacted and its bodies truncated.
 */

/** Bodies kept in the log, each way (docs/decisions/0024-integration-hub.md). */
export const LOG_BODY_LIMIT = 8 * 1024;
/** The most of a CRM's answer read at all; a larger one is cut off and the request counts as failed. */
export const RESPONSE_READ_LIMIT = 1024 * 1024;

export interface CrmRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON text, for writes and search POSTs. */
  body?: string;
}

export interface CrmExchange {
  outcome: CrmLogOutcome;
  status: number | null;
  durationMs: number;
  error: string | null;
  retryAfterMs: number | null;
  /** The parsed JSON answer (null when there is none or it is not JSON). */
  json: unknown;
  /** For the log: secrets redacted, bodies truncated. */
  log: {
    url: string;
    requestHeaders: Record<string, string>;
    requestBody: string | null;
    responseHeaders: Record<string, string> | null;
    responseBody: string | null;
  };
}

const SECRET_HEADERS = new Set(["authorization", "x-api-key", "api-key", "x-auth-token", "proxy-authorization", "cookie", "set-cookie"]);

export function truncateForLog(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  if (text.length <= LOG_BODY_LIMIT) return text;
  return `${text.slice(0, LOG_BODY_LIMIT)}… [${text.length - LOG_BODY_LIMIT} more characters not kept]`;
}

/** Replaces every secret in a text with bullets and its last four characters. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    result = result.split(secret).join(`••••${secret.slice(-4)}`);
  }
  return result;
}

function redactHeaders(headers: Record<string, string>, secrets: readonly string[], authHeader: string | null) {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    shown[lower] = SECRET_HEADERS.has(lower) || lower === authHeader?.toLowerCase() ? `••••${value.slice(-4)}` : redact(value, secrets);
  }
  return shown;
}

export interface SendOptions {
  timeoutMs: number;
  /** Values never written to the log (the API key or token). */
  secrets: readonly string[];
  /** The template's auth header, redacted whatever its name. */
  authHeader: string | null;
  now?: () => Date;
  guard?: GuardOptions;
}

export async function sendCrmRequest(request: CrmRequest, options: SendOptions): Promise<CrmExchange> {
  const now = options.now ?? (() => new Date());
  const started = performance.now();
  const log: CrmExchange["log"] = {
    url: redact(request.url, options.secrets),
    requestHeaders: redactHeaders(request.headers, options.secrets, options.authHeader),
    requestBody: truncateForLog(request.body === undefined ? null : redact(request.body, options.secrets)),
    responseHeaders: null,
    responseBody: null,
  };
  const finish = (outcome: CrmLogOutcome, fields: Partial<CrmExchange> = {}): CrmExchange => ({
    outcome,
    status: null,
    error: null,
    retryAfterMs: null,
    json: null,
    ...fields,
    durationMs: Math.round(performance.now() - started),
    log,
  });
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const response = await guardedFetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal }, options.guard);
    log.responseHeaders = redactHeaders(Object.fromEntries(response.headers), options.secrets, null);
    let text: string;
    try {
      text = new TextDecoder().decode(await readBodyCapped(response, RESPONSE_READ_LIMIT));
    } catch (error) {
      if (error instanceof BodyTooLarge) return finish("http-error", { status: response.status, error: `answer larger than ${RESPONSE_READ_LIMIT} bytes` });
      throw error;
    }
    log.responseBody = truncateForLog(redact(text, options.secrets));
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const ok = response.status >= 200 && response.status < 300;
    return finish(ok ? "success" : "http-error", {
      status: response.status,
      json,
      error: ok ? null : `HTTP ${response.status}`,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), now()),
    });
  } catch (error) {
    if (error instanceof OutboundRefusal) return finish("refused", { error: error.message });
    if (signal.aborted || (error as Error).name === "TimeoutError" || (error as Error).name === "AbortError")
      return finish("timeout", { error: `no answer within ${options.timeoutMs} ms` });
    return finish("network", { error: describeFetchFailure(error) });
  }
}
