/**
 * Which /api/v1 route files the OpenAPI document leaves out: the contract test
 * (tests/integration/openapi-contract.test.ts) fails on any, so a new endpoint
 * cannot ship without documentation. Pure, so the test can try it on a fake list.
 */

/** The OpenAPI path of a remix-flat-routes file under app/routes: "api+/v1+/calls.$callId.tsx" → "/api/v1/calls/{callId}". */
export function openApiPathOfRouteFile(routeFile: string): string {
  const segments = routeFile
    .replace(/\.tsx?$/, "")
    .split("/")
    .map((folder) => folder.replace(/\+$/, ""))
    .join(".")
    .split(".")
    .filter((segment) => segment !== "" && segment !== "_index");
  return `/${segments.map((segment) => (segment === "$" ? "*" : segment.startsWith("$") ? `{${segment.slice(1)}}` : segment.replace(/^\[(.*)\]$/, "$1"))).join("/")}`;
}

/** The route files that are neither documented operations (by path) nor listed as deliberately not operations. */
export function undocumentedRouteFiles(routeFiles: string[], documentedPaths: Iterable<string>, notOperations: Iterable<string>): string[] {
  const documented = new Set(documentedPaths);
  const exempt = new Set(notOperations);
  return routeFiles.filter((file) => !exempt.has(file) && !documented.has(openApiPathOfRouteFile(file)));
}

/** The events a webhook can subscribe to that the document's `webhooks` section lacks. */
export function undocumentedWebhookEvents(events: readonly string[], documentedWebhooks: Iterable<string>): string[] {
  const documented = new Set(documentedWebhooks);
  return events.filter((event) => !documented.has(event));
}
