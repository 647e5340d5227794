import { identifyRequest } from "~/lib/observability/request-context.server";
import { authenticateApiKey, looksLikeApiKey } from "./api-keys.server";

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
 * The tenant of the request's `Authorization: Bearer <key>`. A key in the URL
 * is refused before anything else, valid or not: URLs end up in proxy logs,
 * browser history and referrers, so such a key must be treated as leaked.
 * Throws the JSON error Response, which a resource route returns as is.
 */
export async function requireApiTenant(request: Request): Promise<{ tenantId: string; keyId: string }> {
  const { searchParams } = new URL(request.url);
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
  const identity = await authenticateApiKey(match[1]!);
  if (!identity) throw apiError(401, "invalid_api_key", "The API key is unknown or has been revoked.", { headers: challenge });
  identifyRequest({ tenantId: identity.tenantId });
  return identity;
}

/**
 * Resource routes answer with whatever they return or throw. This turns a
 * thrown Response into the answer and any other failure into a JSON 500, so a
 * platform never receives an HTML error page.
 */
export async function handleApiRequest(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) return error;
    console.error("api request failed", error);
    return apiError(500, "internal_error", "The server could not handle the request. It is safe to retry.");
  }
}
