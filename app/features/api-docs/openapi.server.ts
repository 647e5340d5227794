import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { ApiErrorSchema } from "~/features/api-keys/api-error-schema";
import { API_OPERATIONS, API_WEBHOOKS, type ApiAnswer, type ApiOperation } from "./api-operations.server";

// zod-to-openapi 7 (the zod 3 line) reads its metadata through ZodType.prototype.openapi; once per process.
extendZodWithOpenApi(z);

/**
 * The OpenAPI 3.1 document of /api/v1 and the outbound webhooks, generated
 * from the zod schemas the routes validate with (docs/decisions/0046).
 * Built once per process: it depends on the code, never on the request.
 */
export const API_VERSION = "1.0.0";

const SECURITY_SCHEME = "apiKey";

const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": { description: "Requests this key may make per minute (the plan's rate limit).", schema: { type: "integer" as const } },
  "X-RateLimit-Remaining": { description: "Requests left in the current minute.", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "When the next one-minute window starts, in Unix epoch seconds.", schema: { type: "integer" as const } },
};
const headerRefs = (names: string[]) => Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const API_DESCRIPTION = `The Voxboard API: voice platforms report calls, and voice agents read free times and book appointments while the caller is on the line.

**Authentication.** Every request sends an API key of the account in the Authorization header: \`Authorization: Bearer vbk_…\`. Create keys under Settings → API access → API keys; a key is shown once. A key in the URL (any query parameter that looks like a key, or api_key, apikey, api-key, key, token, access_token) is refused with 400 api_key_in_query even when it is valid: treat it as leaked and revoke it. Each operation names the scope a key needs (x-required-scope, and the scopes of its security requirement).

**Errors** always have one shape: { "error": { "code", "message", "details"? } }. Branch on code; messages are English and may be reworded. Any other path under /api/v1 answers 404 not_found after authentication.

**Rate limit.** Each key may make a number of requests per minute set by the account's plan. Once the key is known, every answer carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset (epoch seconds of the next window); over the limit the answer is 429 rate_limited with Retry-After (seconds). Requests are counted per key in the database, so the limit holds across app servers.

**Tenancy.** A key belongs to one account: everything a request reads or writes is that account's, and another account's ids are simply not found (404).

**Webhooks.** An integration can send chosen events to a URL of yours (see webhooks). Each delivery is signed per the Standard Webhooks specification (webhook-id, webhook-timestamp and webhook-signature headers, with the whsec_ secret shown when the webhook is made), retried on failure, and carries the same webhook-id on every retry so a repeat can be dropped.`;

const error = (code: string, message: string) => ({ error: { code, message } });

/** The answers every operation can give besides its own: authentication, scope, rate limit, failure. */
function commonAnswers(operation: ApiOperation): Record<string, ApiAnswer & { headers?: string[] }> {
  return {
    "401": {
      description: "No Authorization header, not Bearer <key>, an unknown or revoked key, or an expired one (with WWW-Authenticate: Bearer).",
      errors: {
        codes: ["unauthorized", "invalid_api_key", "api_key_expired"],
        example: error("invalid_api_key", "The API key is unknown or has been revoked."),
      },
    },
    "403": {
      description: `The key does not have the ${operation.scope} scope.`,
      errors: {
        codes: ["insufficient_scope"],
        example: {
          error: {
            code: "insufficient_scope",
            message: `This API key lacks the scope ${operation.scope}. Create a key with that scope on the API access page.`,
            details: [{ path: "scope", message: `requires ${operation.scope}` }],
          },
        },
      },
    },
    "429": {
      description: "Over the key's per-minute rate limit: wait Retry-After seconds.",
      errors: {
        codes: ["rate_limited"],
        example: error("rate_limited", "This API key may make 60 requests per minute. Retry after 42 seconds."),
      },
      headers: ["Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"],
    },
    "500": {
      description: "The server could not handle the request; it is safe to retry.",
      errors: { codes: ["internal_error"], example: error("internal_error", "The server could not handle the request. It is safe to retry.") },
    },
  };
}

const KEY_IN_QUERY_CODE = "api_key_in_query";
const KEY_IN_QUERY_TEXT = "or an API key in the URL (api_key_in_query; treat the key as leaked).";

/** The operation's own answers with the common ones, a key-in-the-URL 400 added to every operation. */
export function answersOf(operation: ApiOperation) {
  const answers: Record<string, ApiAnswer & { headers?: string[] }> = { ...operation.answers };
  const bad = answers["400"];
  answers["400"] = bad?.errors
    ? { ...bad, description: `${bad.description} Also: ${KEY_IN_QUERY_TEXT}`, errors: { ...bad.errors, codes: [...bad.errors.codes, KEY_IN_QUERY_CODE] } }
    : {
        description: `An API key in the URL (${KEY_IN_QUERY_CODE}): treat the key as leaked, revoke it and create a new one.`,
        errors: {
          codes: [KEY_IN_QUERY_CODE],
          example: error(
            KEY_IN_QUERY_CODE,
            "API keys must be sent in the Authorization header (Authorization: Bearer <key>), never in the URL. Treat a key that was put in a URL as leaked: revoke it and create a new one.",
          ),
        },
      };
  Object.assign(answers, commonAnswers(operation));
  return Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b)));
}

function responseOf(status: string, answer: ApiAnswer & { headers?: string[] }, errorSchema: z.ZodTypeAny): ResponseConfig {
  // Every answer after the key is known carries the rate-limit headers; a 401 comes before that.
  const headers = headerRefs(answer.headers ?? (status === "401" ? [] : Object.keys(RATE_LIMIT_HEADERS)));
  if (answer.body) {
    return { description: answer.description, headers, content: { "application/json": { schema: answer.body.schema, example: answer.body.example } } };
  }
  const codes = answer.errors?.codes ?? [];
  return {
    description: codes.length ? `${answer.description} Codes: ${codes.join(", ")}.` : answer.description,
    headers,
    content: { "application/json": { schema: errorSchema, example: answer.errors?.example } },
  };
}

function routeOf(operation: ApiOperation, errorSchema: z.ZodTypeAny): RouteConfig {
  return {
    method: operation.method,
    path: operation.path,
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security: [{ [SECURITY_SCHEME]: [operation.scope] }],
    "x-required-scope": operation.scope,
    request: {
      params: operation.params,
      query: operation.query,
      headers: operation.idempotencyHeader
        ? [
            z
              .string()
              .min(8)
              .max(200)
              .optional()
              .openapi({ param: { name: "Idempotency-Key", in: "header" }, description: "The same as clientKey in the body." }),
          ]
        : undefined,
      body: operation.body
        ? {
            required: true,
            description: operation.body.bodyDescription,
            content: Object.fromEntries(
              operation.body.contentTypes.map((type) => [
                type,
                type === "multipart/form-data"
                  ? {
                      schema: {
                        type: "object",
                        properties: {
                          event: { type: "string", description: "The event JSON (the application/json body's schema)." },
                          audio: { type: "string", contentMediaType: "application/octet-stream", description: "The call's recording (optional)." },
                        },
                        required: ["event"],
                      },
                    }
                  : { schema: operation.body!.schema, example: operation.body!.example },
              ]),
            ),
          }
        : undefined,
    },
    responses: Object.fromEntries(Object.entries(answersOf(operation)).map(([status, answer]) => [status, responseOf(status, answer, errorSchema)])),
  };
}

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "vbk_ followed by 43 characters",
    description: "An API key of the account: Authorization: Bearer vbk_…. Never in the URL.",
  });
  for (const [name, header] of Object.entries(RATE_LIMIT_HEADERS)) registry.registerComponent("headers", name, header);
  registry.registerComponent("headers", "Retry-After", { description: "Seconds to wait before the next request (429 only).", schema: { type: "integer" } });
  const errorSchema = registry.register("Error", ApiErrorSchema);
  for (const operation of API_OPERATIONS) registry.registerPath(routeOf(operation, errorSchema));
  for (const webhook of API_WEBHOOKS) {
    registry.registerWebhook({
      method: "post",
      path: webhook.event,
      operationId: `webhook_${webhook.event.replace(/[.-]/g, "_")}`,
      tags: ["Webhooks"],
      summary: webhook.event,
      description: `${webhook.summary} Sent to the URL of an integration's webhook subscribed to ${webhook.event}, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature).`,
      request: {
        body: { required: true, content: { "application/json": { schema: webhook.payload.schema, example: webhook.payload.example } } },
      },
      responses: {
        "2XX": { description: "Received. Any other answer, a timeout (15 s) or a network failure is retried later with the same webhook-id." },
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: { title: "Voxboard API", version: API_VERSION, description: API_DESCRIPTION },
    servers: [{ url: "/", description: "This Voxboard server" }],
    tags: [
      { name: "Calls", description: "Voice platforms report calls; read a call back." },
      { name: "Appointments", description: "Event types, free times and bookings for voice agents." },
      { name: "Webhooks", description: "What Voxboard sends to your URL when an integration's webhook is subscribed to an event." },
    ],
  });
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

let cached: { document: OpenApiDocument; json: string } | undefined;

/** The document and its JSON text, generated on first use and kept for the life of the process. */
export function openApiDocument() {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}
