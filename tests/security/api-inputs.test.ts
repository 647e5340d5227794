/**
 * Issue 22, items 3 and 5: the API answers every input it cannot use with a
 * JSON 400 naming the field, never a 500 (a date far outside the calendar) and
 * never an HTML page (a path that is not valid percent-encoding). The same
 * path over real HTTP is in tests/e2e/security-api.spec.ts.
 */
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "~/features/api-keys/api-keys.server";
import { refuseUndecodablePaths } from "~/lib/http/undecodable-path.server";
import * as appointmentsRoute from "~/routes/api+/v1+/appointments";
import * as slotsRoute from "~/routes/api+/v1+/slots";
import { BASE_URL, loadContext, prepareTestDatabase } from "../support/app";
import { addDays, schedulingWorld, weekdayAhead } from "../support/scheduling";

let key: string;
let eventTypeId: string;
let day: string;

beforeAll(async () => {
  await prepareTestDatabase();
  const world = await schedulingWorld();
  key = (await createApiKey({ tenantId: world.tenantId, userId: world.ownerId, name: "Voice agent" })).key;
  eventTypeId = world.eventType.id;
  day = weekdayAhead("America/New_York", 3);
});

function slots(query: Record<string, string>) {
  const request = new Request(new URL(`/api/v1/slots?${new URLSearchParams(query)}`, BASE_URL), { headers: { Authorization: `Bearer ${key}` } });
  return Promise.resolve(slotsRoute.loader({ request, params: {}, context: loadContext() }));
}

async function problemOf(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; details?: Array<{ path: string; message: string }> } };
  return { status: response.status, code: body.error.code, paths: (body.error.details ?? []).map((detail) => detail.path) };
}

describe("issue 22 item 3: dates outside the calendar are a 400 naming the field", () => {
  const OUT_OF_RANGE = [
    "-000001-01-01",
    "-271821-04-20",
    "+275760-09-13",
    "+275760-09-13T00:00:00Z",
    "-271821-04-20T00:00:00Z",
    "0000-01-01",
    "2026-02-30",
    "2026-13-01",
    "2026-00-10",
    "99999-01-01",
    "1e400",
    "2026-06-01T25:00:00Z",
  ];

  it.each(OUT_OF_RANGE)("GET /api/v1/slots?from=%s is a 400 about from", async (value) => {
    expect(await problemOf(await slots({ eventType: eventTypeId, from: value }))).toEqual({ status: 400, code: "invalid_request", paths: ["from"] });
  });

  it.each(OUT_OF_RANGE)("GET /api/v1/slots?to=%s is a 400 about to", async (value) => {
    expect(await problemOf(await slots({ eventType: eventTypeId, from: day, to: value }))).toEqual({ status: 400, code: "invalid_request", paths: ["to"] });
  });

  it("still takes days and instants in range", async () => {
    expect((await slots({ eventType: eventTypeId, from: day, to: addDays(day, 1) })).status).toBe(200);
    expect((await slots({ eventType: eventTypeId, from: `${day}T00:00:00Z`, to: `${addDays(day, 2)}T00:00:00+02:00` })).status).toBe(200);
  });

  it.each(["-000001-01-01T10:00:00Z", "+275760-09-13T00:00:00Z", "0000-01-01T00:00:00Z", "2026-02-30T10:00:00Z"])(
    "POST /api/v1/appointments with start %s is a 400 about start",
    async (start) => {
      const request = new Request(new URL("/api/v1/appointments", BASE_URL), {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ eventType: eventTypeId, start, contact: { name: "Ada", phone: "+14165550100" } }),
      });
      const response = await Promise.resolve(appointmentsRoute.action({ request, params: {}, context: loadContext() }));
      expect(await problemOf(response)).toMatchObject({ status: 400, paths: ["start"] });
    },
  );
});

describe("issue 22 item 5: a path that is not valid percent-encoding", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(refuseUndecodablePaths());
    // As app/server.ts mounts Remix: Express decodes the "*" parameter, and answers its own HTML 400 when it cannot.
    app.all("*", (_req, res) => res.json({ reached: true }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each(["/api/v1/appointments/%E0%A4%A", "/api/v1/slots/%", "/api/v1/%C0%AF", "/api/v1/appointments/%FF"])("GET %s is a JSON 400", async (path) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: { code: "invalid_request", details: [{ path: "(url)" }] } });
  });

  it("answers a page path with plain text, and lets a valid path through", async () => {
    const page = await fetch(`${base}/recordings/%E0%A4%A`);
    expect(page.status).toBe(400);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const fine = await fetch(`${base}/api/v1/appointments/%E0%A4%A4`);
    expect(await fine.json()).toEqual({ reached: true });
  });
});
