import { createHash } from "node:crypto";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { openApiDocument } from "~/features/api-docs/openapi.server";

/**
 * GET /api-docs/openapi.json: the OpenAPI 3.1 document of /api/v1 and the
 * outbound webhooks. Public like /api-docs (it describes the API, no tenant
 * data). Generated once per process; an ETag lets tools revalidate cheaply.
 */
let etag: string | undefined;

export function loader({ request }: LoaderFunctionArgs) {
  const { json } = openApiDocument();
  etag ??= `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "public, max-age=300, must-revalidate",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Access-Control-Allow-Origin": "*",
  };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(json, { status: 200, headers });
}
