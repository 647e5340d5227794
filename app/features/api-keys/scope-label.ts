import type { ApiScope } from "./scopes";

/**
 * A scope's description in the user's language. The translator reads a colon
 * in a key as the namespace separator, so a flat key named after the scope
 * would be looked up in the wrong namespace; the descriptions are nested per
 * resource and access instead (locales/<lang>/api.json, scopes.calls.read)
 * and looked up with the api namespace spelled out. A file of its own so the
 * API's reference, which imports scopes.ts, does not need the api namespace.
 */
export function scopeLabel(t: (key: string) => string, scope: ApiScope) {
  const [resource, access] = scope.split(":");
  return t(`api:scopes.${resource}.${access}`);
}
