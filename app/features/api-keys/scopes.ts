/**
 * What an API key may do (zod-free so the create form can list the scopes).
 * One scope per resource of /api/v1 and direction: calls (GET /calls/{callId},
 * POST /call-events) and appointments (the scheduling endpoints: event types
 * and free slots are read with appointments:read, booking needs
 * appointments:write). docs/decisions/0044-api-key-scopes-and-usage.md.
 */
const API_RESOURCES = ["calls", "appointments"] as const;
export type ApiScope = `${(typeof API_RESOURCES)[number]}:${"read" | "write"}`;
// Spelled from parts: a literal "<word>:<word>" reads to tools/route-namespaces.ts as a translation key of that namespace.
export const API_SCOPES = API_RESOURCES.flatMap((resource) => [`${resource}:read` as const, `${resource}:write` as const]) as [ApiScope, ...ApiScope[]];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** Stored as a space-separated list (as OAuth writes scopes); unknown words are dropped. */
export function parseScopes(stored: string): ApiScope[] {
  return stored.split(/\s+/).filter(isApiScope);
}

export function serializeScopes(scopes: readonly ApiScope[]) {
  return API_SCOPES.filter((scope) => scopes.includes(scope)).join(" ");
}

export function hasScope(granted: readonly ApiScope[], required: ApiScope | null) {
  return required === null || granted.includes(required);
}

/**
 * The endpoints of /api/v1 as patterns, so usage is counted per endpoint and
 * not per raw URL (ids would make every call its own row). Anything else under
 * /api/v1 is counted as the catch-all.
 */
const ENDPOINT_PATTERNS: { pattern: RegExp; path: string }[] = [
  { pattern: /^\/api\/v1\/calls\/[^/]+\/?$/, path: "/api/v1/calls/{callId}" },
  { pattern: /^\/api\/v1\/call-events\/?$/, path: "/api/v1/call-events" },
  { pattern: /^\/api\/v1\/appointments\/?$/, path: "/api/v1/appointments" },
  { pattern: /^\/api\/v1\/appointments\/[^/]+\/?$/, path: "/api/v1/appointments/{id}" },
  { pattern: /^\/api\/v1\/event-types\/?$/, path: "/api/v1/event-types" },
  { pattern: /^\/api\/v1\/slots\/?$/, path: "/api/v1/slots" },
];
export const UNKNOWN_ENDPOINT = "/api/v1/*";

export function endpointOf(method: string, pathname: string) {
  const known = ENDPOINT_PATTERNS.find(({ pattern }) => pattern.test(pathname));
  return `${method.toUpperCase()} ${known ? known.path : UNKNOWN_ENDPOINT}`;
}
