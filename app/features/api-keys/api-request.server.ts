import { AsyncLocalStorage } from "node:async_hooks";
import { identifyRequest } from "~/lib/observability/request-context.server";
import { authenticateApiKey, looksLikeApiKey } from "./api-keys.server";
import { apiRateLimitFor, countRequestInWindow, recordUsage } from "./api-usage.server";
import { rateLimitHeaders, retryAfterSeconds, type RateLimitState } from "./rate-limit-window";
import { endpointOf, hasScope, type ApiScope } from "./scopes";

/**
 * The plumbing every /api/v1 route shares: JSON responses, the one error
 * shape { error: { code, message, details? } }, and bearer-key authentication.
 * Messages are English and stable; clients should branch on `code`.
 */
export interface ApiErrorDetail {
  path: string;
  message: string;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

export function apiError(
  status: number,
  code: string,
  message: string,
  { details, headers }: { details?: ApiErrorDetail[]; headers?: Record<string, string> } = {},
) {
  return apiJson({ error: { code, message, ...(details ? { details } : {}) } }, status, headers);
}

export function methodNotAllowed(allowed: string[]) {
  return apiError(405, "method_not_allowed", `This endpoint accepts ${allowed.join(", ")} only.`, { headers: { Allow: allowed.join(", ") } });
}

export function notFound(message = "No such resource.") {
  return apiError(404, "not_found", message);
}

/** Query parameter names that usually carry a credential; refused even when their value is not one of our keys. */
const CREDENTIAL_PARAMS = new Set(["api_key", "apikey", "api-key", "key", "token", "access_token"]);

/**
 * What one /api/v1 request learned about its key, for handleApiRequest to
 * count the request and put the rate-limit headers on whatever it answers.
 */
interface ApiRequestState {
  key?: { tenantId: string; keyId: string; endpoint: string };
  rate?: RateLimitState;
}
const requestState = new AsyncLocalStorage<ApiRequestState>();

/**
 * The tenant of the request's `Authorization: Bearer <key>`, once the key is
 * known, current, within its per-minute limit and granted `scope` (null: any
 * valid key, for the catch-all). A key in the URL is refused before anything
 * else, valid or not: URLs end up in proxy logs, browser history and
 * referrers, so such a key must be treated as leaked.
 * Throws the JSON error Response, which a resource route returns as is.
 */
export async function requireApiTenant(request: Request, scope: ApiScope | null): Promise<{ tenantId: string; keyId: string }> {
  const { searchParams, pathname } = new URL(request.url);
  for (const [name, value] of searchParams) {
    if (CREDENTIAL_PARAMS.has(name.toLowerCase()) || looksLikeApiKey(value) || looksLikeApiKey(name)) {
      throw apiError(
        400,
        "api_key_in_query",
        "API keys must be sent in the Authorization header (Authorization: Bearer <key>), never in the URL. Treat a key that was put in a URL as leaked: revoke it and create a new one.",
      );
    }
  }
  const challenge = { "WWW-Authenticate": 'Bearer realm="voxboard"' };
  const header = request.headers.get("Authorization");
  if (!header) throw apiError(401, "unauthorized", "Send an API key as Authorization: Bearer <key>.", { headers: challenge });
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw apiError(401, "unauthorized", "The Authorization header must be Bearer <key>.", { headers: challenge });
  const nowMs = Date.now();
  const identity = await authenticateApiKey(match[1]!, nowMs);
  if (identity === "expired")
    throw apiError(401, "api_key_expired", "The API key has expired. Create a new one on the API access page.", { headers: challenge });
  if (!identity) throw apiError(401, "invalid_api_key", "The API key is unknown or has been revoked.", { headers: challenge });
  identifyRequest({ tenantId: identity.tenantId });

  // From here on the request belongs to a key: it is counted and limited, whatever it answers.
  const state = requestState.getStore();
  if (state) state.key = { tenantId: identity.tenantId, keyId: identity.keyId, endpoint: endpointOf(request.method, pathname) };
  const limit = await apiRateLimitFor(identity.tenantId);
  const count = await countRequestInWindow(identity.keyId, nowMs);
  const rate = { limit, count, nowMs };
  if (state) state.rate = rate;
  if (count > limit) {
    throw apiError(429, "rate_limited", `This API key may make ${limit} requests per minute. Retry after ${retryAfterSeconds(nowMs)} seconds.`, {
      headers: rateLimitHeaders(rate),
    });
  }
  if (!hasScope(identity.scopes, scope)) {
    throw apiError(403, "insufficient_scope", `This API key lacks the scope ${scope}. Create a key with that scope on the API access page.`, {
      details: [{ path: "scope", message: `requires ${scope}` }],
    });
  }
  return { tenantId: identity.tenantId, keyId: identity.keyId };
}

/**
 * Resource routes answer with whatever they return or throw. This turns a
 * thrown Response into the answer and any other failure into a JSON 500, so a
 * platform never receives an HTML error page; and, once requireApiTenant knew
 * the key, it adds the X-RateLimit-* headers and counts the request in the
 * key's daily usage (endpoint pattern, status class, latency).
 */
export async function handleApiRequest(work: () => Promise<Response>): Promise<Response> {
  const state: ApiRequestState = {};
  const startedAt = performance.now();
  const response = await requestState.run(state, () => answer(work));
  if (!state.key) return response;
  const latencyMs = performance.now() - startedAt;
  try {
    await recordUsage({ ...state.key, status: response.status, latencyMs, at: new Date() });
  } catch (error) {
    // Losing one usage count must not fail a request that already succeeded.
    console.error("api usage not recorded", error);
  }
  if (!state.rate) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(rateLimitHeaders(state.rate))) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function answer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) return error;
    console.error("api request failed", error);
    return apiError(500, "internal_error", "The server could not handle the request. It is safe to retry.");
  }
}
