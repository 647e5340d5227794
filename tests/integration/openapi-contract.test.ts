import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, it } from "vitest";
import { API_OPERATIONS, API_WEBHOOKS, NOT_OPERATIONS } from "~/features/api-docs/api-operations.server";
import { answersOf, buildOpenApiDocument, openApiDocument } from "~/features/api-docs/openapi.server";
import { openApiPathOfRouteFile, undocumentedRouteFiles, undocumentedWebhookEvents } from "~/features/api-docs/route-coverage";
import { referenceView } from "~/features/api-docs/reference-model";
import { ApiErrorSchema } from "~/features/api-keys/api-error-schema";
import { webhookBody } from "~/features/integrations/delivery/webhooks.server";
import { INTEGRATION_EVENTS } from "~/features/integrations/events";
import { loader as documentLoader } from "~/routes/api-docs_.openapi[.]json";
import { loadContext } from "../support/app";

/**
 * The contract between /api/v1, the outbound webhooks and the OpenAPI document
 * (docs/decisions/0046): every route file and every webhook event is in the
 * document, every example passes its zod schema and the document's JSON
 * schema, and the document is valid OpenAPI 3.1.
 */
const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const API_DIR = "api+/v1+";
const routeFiles = readdirSync(path.join(ROUTES_DIR, API_DIR))
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => `${API_DIR}/${name}`);

// The generated document, walked by key in assertions; its precise type is the library's union of 3.0 and 3.1 objects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const document = buildOpenApiDocument() as unknown as Json;

/** An Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) check of a value against a schema of the document, its $refs resolved in it. */
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ ...document, $id: "openapi.json" });
function jsonSchemaErrors(pointer: string, value: unknown) {
  const validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
  return validate(value) ? [] : validate.errors;
}
const escape = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

describe("the OpenAPI document covers the API", () => {
  it("finds the route files", () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(6);
  });

  it("documents every /api/v1 route file (or names why it is not an operation)", () => {
    expect(undocumentedRouteFiles(routeFiles, Object.keys(document.paths), Object.keys(NOT_OPERATIONS))).toEqual([]);
  });

  it("documents each route at the method its module serves", async () => {
    for (const operation of API_OPERATIONS) {
      expect(routeFiles, operation.routeFile).toContain(operation.routeFile);
      expect(openApiPathOfRouteFile(operation.routeFile)).toBe(operation.path);
      expect(document.paths[operation.path]?.[operation.method], `${operation.method} ${operation.path}`).toBeDefined();
      const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, operation.routeFile))) as Record<string, unknown>;
      expect(typeof module[operation.method === "get" ? "loader" : "action"], operation.routeFile).toBe("function");
    }
  });

  it("would catch a route added without documentation", () => {
    const withNew = [...routeFiles, `${API_DIR}/contacts.$contactId.tsx`, `${API_DIR}/campaigns.tsx`];
    expect(undocumentedRouteFiles(withNew, Object.keys(document.paths), Object.keys(NOT_OPERATIONS))).toEqual([
      `${API_DIR}/contacts.$contactId.tsx`,
      `${API_DIR}/campaigns.tsx`,
    ]);
    // Nor does a path documented with another parameter name count.
    expect(undocumentedRouteFiles([`${API_DIR}/calls.$id.tsx`], Object.keys(document.paths), [])).toEqual([`${API_DIR}/calls.$id.tsx`]);
    expect(openApiPathOfRouteFile(`${API_DIR}/calls.$callId.tsx`)).toBe("/api/v1/calls/{callId}");
    expect(openApiPathOfRouteFile(`${API_DIR}/$.tsx`)).toBe("/api/v1/*");
  });

  it("documents every event a webhook can subscribe to", () => {
    expect(undocumentedWebhookEvents(INTEGRATION_EVENTS, Object.keys(document.webhooks ?? {}))).toEqual([]);
    expect(undocumentedWebhookEvents([...INTEGRATION_EVENTS, "invoice.paid"], Object.keys(document.webhooks ?? {}))).toEqual(["invoice.paid"]);
  });

  it("documents the scope each route asks requireApiTenant for", () => {
    for (const operation of API_OPERATIONS) {
      const source = readFileSync(path.join(ROUTES_DIR, operation.routeFile), "utf8");
      const enforced = [...source.matchAll(/requireApiTenant\(\s*request\s*,\s*"([^"]+)"\s*\)/g)].map((match) => match[1]);
      expect(enforced, operation.routeFile).toEqual([operation.scope]);
    }
  });

  it("names the key header the API reads and a scope per operation", () => {
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    for (const operation of API_OPERATIONS) {
      const documented = document.paths[operation.path][operation.method];
      expect(documented["x-required-scope"]).toBe(operation.scope);
      expect(documented.security).toEqual([{ apiKey: [operation.scope] }]);
      expect(Object.keys(documented.responses)).toEqual(
        expect.arrayContaining(["200", "400", "401", "403", "429", "500"].filter((s) => s !== "200" || !documented.responses["201"])),
      );
      expect(Object.keys(documented.responses["429"].headers)).toContain("Retry-After");
    }
  });
});

describe("every example validates", () => {
  const bodies = API_OPERATIONS.flatMap((operation) => {
    const pointer = `/paths/${escape(operation.path)}/${operation.method}`;
    const request = operation.body
      ? [
          {
            label: `${operation.operationId} request`,
            schema: operation.body.schema,
            example: operation.body.example,
            pointer: `${pointer}/requestBody/content/application~1json/schema`,
          },
        ]
      : [];
    const answers = Object.entries(answersOf(operation)).map(([status, answer]) => ({
      label: `${operation.operationId} ${status}`,
      schema: answer.body?.schema ?? ApiErrorSchema,
      example: answer.body?.example ?? answer.errors?.example,
      pointer: `${pointer}/responses/${status}/content/application~1json/schema`,
    }));
    return [...request, ...answers];
  });
  const webhooks = API_WEBHOOKS.map((webhook) => ({
    label: `webhook ${webhook.event}`,
    schema: webhook.payload.schema,
    example: webhook.payload.example,
    pointer: `/webhooks/${escape(webhook.event)}/post/requestBody/content/application~1json/schema`,
  }));

  it.each([...bodies, ...webhooks].map((each) => [each.label, each] as const))("%s against its zod schema and the document's JSON schema", (_label, each) => {
    expect(each.example).toBeDefined();
    const parsed = each.schema.safeParse(each.example);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(jsonSchemaErrors(each.pointer, each.example)).toEqual([]);
  });

  it("puts the examples into the document", () => {
    const booking = API_OPERATIONS.find((operation) => operation.operationId === "bookAppointment")!;
    expect(document.paths["/api/v1/appointments"].post.requestBody.content["application/json"].example).toEqual(booking.body!.example);
    expect(document.paths["/api/v1/appointments"].post.responses["409"].content["application/json"].example.error.code).toBe("slot_taken");
  });

  it("rejects a bad example (the check can fail)", () => {
    const booking = API_OPERATIONS.find((operation) => operation.operationId === "bookAppointment")!;
    const bad = { ...(booking.body!.example as object), start: 42 };
    expect(booking.body!.schema.safeParse(bad).success).toBe(false);
    expect(jsonSchemaErrors("/paths/~1api~1v1~1appointments/post/requestBody/content/application~1json/schema", bad)).not.toEqual([]);
  });

  it("describes the body a webhook really sends", () => {
    for (const event of INTEGRATION_EVENTS) {
      const body = JSON.parse(
        webhookBody(
          event,
          "contact",
          "c-1",
          { "contact.email": "maria@example.com", "call.durationSeconds": 184, "x.missing": undefined },
          new Date("2026-12-01T14:05:16Z"),
        ),
      );
      const parsed = API_WEBHOOKS[0]!.payload.schema.safeParse(body);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
      expect(jsonSchemaErrors(`/webhooks/${escape(event)}/post/requestBody/content/application~1json/schema`, body)).toEqual([]);
    }
  });
});

describe("the document itself", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("the validator rejects a broken document (the check can fail)", async () => {
    const broken = structuredClone(document);
    delete broken.info;
    broken.paths["/api/v1/slots"].get.responses = "none";
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("is served at /api-docs/openapi.json, made once, with cache headers and an ETag", async () => {
    expect(openApiDocument()).toBe(openApiDocument());
    const response = await documentLoader({ request: new Request("http://localhost/api-docs/openapi.json"), params: {}, context: loadContext() });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toMatch(/max-age=\d+/);
    const served = (await response.json()) as Json;
    expect(served.openapi).toBe("3.1.0");
    expect(Object.keys(served.paths)).toEqual(Object.keys(document.paths));
    const etag = response.headers.get("ETag")!;
    const again = await documentLoader({
      request: new Request("http://localhost/api-docs/openapi.json", { headers: { "If-None-Match": etag } }),
      params: {},
      context: loadContext(),
    });
    expect(again.status).toBe(304);
  });

  it("turns into the reference page's sections, grouped by tag", () => {
    const view = referenceView(document);
    expect(view.sections.map((section) => section.name)).toEqual(["Calls", "Appointments", "Webhooks"]);
    const slots = view.sections[1]!.operations.find((operation) => operation.path === "/api/v1/slots")!;
    expect(slots.parameters.map((parameter) => parameter.name)).toEqual(["timeZone", "eventType", "from", "to"]);
    expect(slots.parameters.find((parameter) => parameter.name === "eventType")?.required).toBe(true);
    const booking = view.sections[1]!.operations.find((operation) => operation.path === "/api/v1/appointments")!;
    expect(booking.body?.fields.find((field) => field.name === "contact")?.children.map((field) => field.name)).toEqual(["name", "phone", "email"]);
    expect(view.sections[2]!.operations).toHaveLength(INTEGRATION_EVENTS.length);
  });
});
