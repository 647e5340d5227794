import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getTemplate } from "~/features/integrations/templates/templates.server";
import { startCrmSuiteStub, type CrmSuiteStub } from "../support/stubs/crm-suite-stub";
import { startGymStub, type GymStub } from "../support/stubs/gym-stub";

/** The template's example payload and response of one endpoint. */
function example(templateId: string, endpointName: string) {
  const endpoint = getTemplate(templateId)?.endpoints.find((candidate) => candidate.endpointName === endpointName);
  if (!endpoint) throw new Error(`No endpoint ${endpointName} in ${templateId}`);
  return { payload: structuredClone(endpoint.examplePayload) as Record<string, unknown>, response: endpoint.exampleResponse as Record<string, unknown> };
}

const keysOf = (value: unknown) => Object.keys(value as object).sort();

interface Call {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function call(url: string, { method = "GET", body, headers = {}, signal }: Call) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as unknown };
}

/** The value at a dotted path of a JSON answer ("data.0.id"). */
function at(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((current, key) => (current !== null && typeof current === "object" ? (current as Record<string, unknown>)[key] : undefined), value);
}

/** One field of every item of a JSON list. */
const pluck = (list: unknown, key: string) => (list as Array<Record<string, unknown>>).map((item) => item[key]);

describe("the ClubCore stub (gym-management template)", () => {
  let gym: GymStub;
  const api = (path: string, init: Call = {}) => call(`${gym.baseUrl}${path}`, { ...init, headers: { "X-API-Key": gym.apiKey, ...init.headers } });

  beforeAll(async () => {
    gym = await startGymStub();
  });
  afterAll(() => gym.close());
  beforeEach(() => gym.reset());

  it("refuses a missing or wrong X-API-Key with ClubCore's 401", async () => {
    const missing = await call(`${gym.baseUrl}/users`, {});
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
    expect((await api("/users", { headers: { "X-API-Key": "wrong" } })).status).toBe(401);
    expect(gym.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(gym.requests.map((request) => [request.method, request.path, request.status])).toEqual([
      ["GET", "/v1/users", 401],
      ["GET", "/v1/users", 401],
    ]);
    expect(gym.requests[1]?.headers["x-api-key"]).toBe("wrong");
  });

  it("adds members as the template's example shows, checks the fields, finds, pages and updates them", async () => {
    const { payload, response } = example("gym-management", "createUser");
    const created = await api("/users", { method: "POST", body: payload });
    expect(created.status).toBe(201);
    expect(keysOf(created.body)).toEqual(keysOf(response));
    expect(created.body).toMatchObject({ firstName: "Ada", roleId: "7", roleName: "Member", status: "prospect", email: "ada.lovelace@example.com" });
    expect(at(created.body, "createdAt")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const id = String(at(created.body, "id"));
    expect(gym.members[0]).toMatchObject({ id, externalId: "ct_7f3a9c", marketingOptIn: false });
    expect(gym.requests[0]).toMatchObject({ method: "POST", body: payload, status: 201, replayed: false });

    const bad = await api("/users", { method: "POST", body: { ...payload, mobilePhone: "0416 555", email: "nope", nickname: "A", role: undefined } });
    expect(bad.status).toBe(422);
    expect(at(bad.body, "error.code")).toBe("validation_failed");
    expect(pluck(at(bad.body, "error.details"), "field").sort()).toEqual(["email", "email", "mobilePhone", "nickname", "role"]);
    expect(gym.members).toHaveLength(1);

    gym.addMember({ firstName: "Grace", lastName: "Hopper" });
    gym.addMember({ firstName: "Alan", lastName: "Turing", status: "active" });
    const first = await api("/users?page=1&page_size=2");
    expect(pluck(at(first.body, "data"), "firstName")).toEqual(["Ada", "Grace"]);
    expect(at(first.body, "pagination")).toEqual({ page: 1, page_size: 2, total: 3, totalPages: 2 });
    expect(at((await api("/users?page=2&page_size=2")).body, "data")).toHaveLength(1);
    expect(at((await api("/users")).body, "pagination")).toEqual({ page: 1, page_size: 25, total: 3, totalPages: 1 });
    expect((await api("/users?page_size=101")).status).toBe(422);

    const byEmail = await api("/users?email=ADA.LOVELACE%40example.com");
    expect(pluck(at(byEmail.body, "data"), "id")).toEqual([id]);
    expect(at((await api(`/users?mobilePhone=${encodeURIComponent("+14165550123")}`)).body, "pagination.total")).toBe(1);
    expect(at((await api("/users?search=tur")).body, "data.0.lastName")).toBe("Turing");
    expect(at((await api("/users?status=active")).body, "pagination.total")).toBe(1);
    // The template names the free-text filter "search": an unknown parameter is refused, not ignored.
    const unknown = await api("/users?q=ada");
    expect(unknown.status).toBe(422);
    expect(at(unknown.body, "error.details")).toEqual([{ field: "q", message: "is not a known field" }]);

    const updated = await api(`/users/${id}`, { method: "PUT", body: { email: "ada@lovelace.example", mobilePhone: "+14165550199", role: "9" } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      email: "ada@lovelace.example",
      mobilePhone: "+14165550199",
      roleId: "9",
      roleName: "Role 9",
      createdAt: at(created.body, "createdAt"),
    });
    expect((await api("/users/usr_1", { method: "PUT", body: { firstName: "X" } })).body).toEqual({
      error: { code: "not_found", message: "No member with id usr_1." },
    });
    expect((await api(`/users/${id}`, { method: "PUT", body: {} })).status).toBe(422);
    expect((await api(`/users/${id}`, { method: "PUT", body: { clubId: "other" } })).status).toBe(422);
  });

  it("books events for existing members only, in UTC, and lists them in a window", async () => {
    const member = gym.addMember();
    const { payload, response } = example("gym-management", "createEvent");
    const booked = await api("/events", { method: "POST", body: { ...payload, attendeeId: member.id } });
    expect(booked.status).toBe(201);
    expect(keysOf(booked.body)).toEqual(keysOf(response));
    expect(booked.body).toMatchObject({ attendeeId: member.id, status: "scheduled", staffId: null, externalId: "apt_91c2", startTime: "2025-03-04T15:00:00Z" });

    const stranger = await api("/events", { method: "POST", body: { ...payload, attendeeId: "usr_1" } });
    expect(stranger.status).toBe(422);
    expect(at(stranger.body, "error.details")).toEqual([{ field: "attendeeId", message: "No member with id usr_1." }]);
    const local = await api("/events", { method: "POST", body: { ...payload, attendeeId: member.id, startTime: "2025-03-04T16:00:00+01:00" } });
    expect(pluck(at(local.body, "error.details"), "field")).toEqual(["startTime"]);
    const backwards = await api("/events", { method: "POST", body: { ...payload, attendeeId: member.id, endTime: "2025-03-04T14:00:00Z" } });
    expect(at(backwards.body, "error.details")).toEqual([{ field: "endTime", message: "must be after startTime" }]);
    expect(gym.events).toHaveLength(1);

    const week = await api("/events?startFrom=2025-03-04T00:00:00Z&startTo=2025-03-11T00:00:00Z&page=1&page_size=25");
    expect(week.body).toEqual({ data: [booked.body], pagination: { page: 1, page_size: 25, total: 1, totalPages: 1 } });
    expect(at((await api("/events?startFrom=2025-03-05T00:00:00Z")).body, "data")).toEqual([]);
    expect((await api("/events?startFrom=2025-03-05")).status).toBe(422);
  });

  it("answers a repeated Idempotency-Key with the first answer and adds nothing", async () => {
    const { payload } = example("gym-management", "createUser");
    const headers = { "Idempotency-Key": "create-ct_7f3a9c" };
    const first = await api("/users", { method: "POST", body: payload, headers });
    const again = await api("/users", { method: "POST", body: payload, headers });
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(gym.members).toHaveLength(1);
    expect(gym.requests.map((request) => request.replayed)).toEqual([false, true]);
    expect(at((await api("/users", { method: "POST", body: payload, headers: { "Idempotency-Key": "another" } })).body, "id")).not.toBe(at(first.body, "id"));
  });

  it("fails as told: 429 with Retry-After, 503, a hang, a dropped connection, by method and path", async () => {
    gym.fail({ method: "GET", path: "/v1/users" }, { status: 429, retryAfter: 7 });
    gym.fail({ path: /^\/v1\/events/ }, { status: 503 }, 2);
    expect((await api("/events")).status).toBe(503);
    const limited = await api("/users");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(at(limited.body, "error.code")).toBe("rate_limited");
    expect((await api("/users")).status).toBe(200);
    expect((await api("/events")).status).toBe(503);
    expect((await api("/events")).status).toBe(200);

    gym.failNext({ hang: true });
    const startedAt = Date.now();
    await expect(api("/users", { signal: AbortSignal.timeout(150) })).rejects.toThrow();
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    gym.failNext({ dropConnection: true });
    await expect(api("/users")).rejects.toThrow();
    expect(gym.requests.slice(-2).map((request) => request.status)).toEqual([0, 0]);
    expect((await api("/users")).status).toBe(200);
  });

  it("a dropped answer after the work is done, then a retry with the same key, makes one member", async () => {
    const { payload } = example("gym-management", "createUser");
    const headers = { "Idempotency-Key": "lost-answer" };
    gym.failNext({ dropConnection: true, afterHandling: true });
    await expect(api("/users", { method: "POST", body: payload, headers })).rejects.toThrow();
    expect(gym.members).toHaveLength(1);
    const retry = await api("/users", { method: "POST", body: payload, headers });
    expect(at(retry.body, "id")).toBe(gym.members[0]?.id);
    expect(gym.requests.at(-1)?.replayed).toBe(true);
    expect(gym.members).toHaveLength(1);
  });
});

describe("the CRM suite stub (crm-suite template, v3 objects)", () => {
  let crm: CrmSuiteStub;
  const api = (path: string, init: Call = {}) => call(`${crm.baseUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${crm.token}`, ...init.headers } });
  const CONTACTS = "/crm/v3/objects/contacts";
  const MEETINGS = "/crm/v3/objects/meetings";

  beforeAll(async () => {
    crm = await startCrmSuiteStub();
  });
  afterAll(() => crm.close());
  beforeEach(() => crm.reset());

  it("refuses a missing or wrong bearer token with a 401 in the CRM's envelope", async () => {
    const missing = await call(`${crm.baseUrl}${CONTACTS}`, {});
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({
      status: "error",
      message: expect.any(String),
      correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      category: "INVALID_AUTHENTICATION",
    });
    expect((await api(CONTACTS, { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
    expect(crm.requests.map((request) => request.status)).toEqual([401, 401]);
  });

  it("creates contacts as the template's example shows, refuses a second with the same email, reads and updates them", async () => {
    const { payload, response } = example("crm-suite", "createContact");
    const created = await api(CONTACTS, { method: "POST", body: payload });
    expect(created.status).toBe(201);
    expect(keysOf(created.body)).toEqual(keysOf(response));
    expect(created.body).toMatchObject({
      id: "51",
      archived: false,
      properties: { email: "grace.hopper@example.com", phone: "+14165550177", hs_object_id: "51" },
    });
    expect(at(created.body, "properties.createdate")).toBe(at(created.body, "createdAt"));

    const duplicate = await api(CONTACTS, { method: "POST", body: { properties: { email: "Grace.Hopper@example.com" } } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ status: "error", message: "Contact already exists. Existing ID: 51", category: "CONFLICT" });
    const invalid = await api(CONTACTS, { method: "POST", body: { properties: { phone: "call me", favourite: "teal" } } });
    expect(invalid.status).toBe(400);
    expect(at(invalid.body, "category")).toBe("VALIDATION_ERROR");
    expect(pluck(at(invalid.body, "errors"), "in")).toEqual(["properties.phone", "properties.favourite"]);
    expect(crm.contacts).toHaveLength(1);

    const read = await api(`${CONTACTS}/51?properties=phone,jobtitle`);
    expect(at(read.body, "properties")).toEqual({
      phone: "+14165550177",
      jobtitle: null,
      createdate: expect.any(String),
      hs_object_id: "51",
      lastmodifieddate: expect.any(String),
    });
    expect(at((await api(`${CONTACTS}/grace.hopper%40example.com?idProperty=email`)).body, "id")).toBe("51");
    expect((await api(`${CONTACTS}/999`)).body).toMatchObject({ status: "error", category: "OBJECT_NOT_FOUND" });

    const patched = await api(`${CONTACTS}/51`, { method: "PATCH", body: example("crm-suite", "updateContact").payload });
    expect(patched.status).toBe(200);
    expect(at(patched.body, "properties")).toMatchObject({
      phone: "+14165550178",
      jobtitle: "Practice manager",
      firstname: "Grace",
      company: "Harbour Dental",
    });
    expect((await api(`${CONTACTS}/999`, { method: "PATCH", body: { properties: { firstname: "X" } } })).status).toBe(404);
    crm.addContact({ email: "other@example.com" });
    expect(at((await api(`${CONTACTS}/51`, { method: "PATCH", body: { properties: { email: "OTHER@example.com" } } })).body, "message")).toBe(
      "Contact already exists. Existing ID: 52",
    );
  });

  it("lists with a cursor and searches with filter groups, a query, sorts and an offset", async () => {
    for (const [firstname, lastname, phone] of [
      ["Ada", "Lovelace", "+14165550101"],
      ["Grace", "Hopper", "+14165550102"],
      ["Alan", "Turing", "+14165550103"],
    ] as const) {
      crm.addContact({ firstname, lastname, phone, email: `${firstname.toLowerCase()}@example.com` });
    }
    const first = await api(`${CONTACTS}?limit=2`);
    expect(pluck(at(first.body, "results"), "id")).toEqual(["51", "52"]);
    expect(keysOf(at(first.body, "results.0.properties"))).toEqual(["createdate", "email", "firstname", "hs_object_id", "lastmodifieddate", "lastname"]);
    expect(at(first.body, "paging.next")).toEqual({ after: "53", link: `${crm.baseUrl}${CONTACTS}?after=53` });
    const second = await api(`${CONTACTS}?limit=2&after=${String(at(first.body, "paging.next.after"))}`);
    expect(second.body).toEqual({ results: [expect.objectContaining({ id: "53" })] });
    expect((await api(`${CONTACTS}?limit=101`)).status).toBe(400);
    expect((await api(`${CONTACTS}?associations=meetings`)).status).toBe(400);

    const search = (body: unknown) => api(`${CONTACTS}/search`, { method: "POST", body });
    const byPhoneOrEmail = await search(example("crm-suite", "searchContacts").payload);
    expect(byPhoneOrEmail.body).toEqual({ total: 0, results: [] });
    const either = await search({
      filterGroups: [
        { filters: [{ propertyName: "phone", operator: "EQ", value: "+14165550102" }] },
        { filters: [{ propertyName: "email", operator: "EQ", value: "ALAN@example.com" }] },
      ],
      properties: ["firstname", "phone"],
    });
    expect(at(either.body, "total")).toBe(2);
    expect(pluck(pluck(at(either.body, "results"), "properties"), "firstname")).toEqual(["Grace", "Alan"]);
    expect(keysOf(at(either.body, "results.0.properties"))).toEqual(["createdate", "firstname", "hs_object_id", "lastmodifieddate", "phone"]);
    expect((await search({ filterGroups: [{ filters: [{ propertyName: "lastname", operator: "CONTAINS_TOKEN", value: "hop*" }] }] })).body).toMatchObject({
      total: 1,
    });
    expect((await search({ filterGroups: [{ filters: [{ propertyName: "email", operator: "CONTAINS_TOKEN", value: "*@example.com" }] }] })).body).toMatchObject(
      { total: 3 },
    );
    expect(at((await search({ query: "turing" })).body, "results.0.id")).toBe("53");

    const paged = await search({ sorts: [{ propertyName: "firstname", direction: "DESCENDING" }], limit: 2 });
    expect(pluck(pluck(at(paged.body, "results"), "properties"), "firstname")).toEqual(["Grace", "Alan"]);
    expect(at(paged.body, "paging")).toEqual({ next: { after: "2" } });
    const rest = await search({ sorts: [{ propertyName: "firstname", direction: "DESCENDING" }], limit: 2, after: "2" });
    expect(rest.body).toMatchObject({ total: 3, results: [expect.objectContaining({ id: "51" })] });
    expect(at(rest.body, "paging")).toBeUndefined();
    expect((await search({ filterGroups: [{ filters: [{ propertyName: "email", operator: "LIKE", value: "x" }] }] })).status).toBe(400);
    expect((await search({ limit: 201 })).status).toBe(400);
  });

  it("records meetings with their contact, lists them with associations, searches a window and patches the outcome", async () => {
    crm.addContact();
    const { payload, response } = example("crm-suite", "createMeeting");
    const created = await api(MEETINGS, { method: "POST", body: payload });
    expect(created.status).toBe(201);
    expect(keysOf(created.body)).toEqual(keysOf(response));
    expect(keysOf(at(created.body, "properties"))).toEqual(keysOf(response.properties));
    expect(at(created.body, "associations")).toEqual({ contacts: { results: [{ id: "51", type: "meeting_event_to_contact" }] } });
    expect(crm.meetings[0]?.contactIds).toEqual(["51"]);

    const noContact = await api(MEETINGS, {
      method: "POST",
      body: { ...payload, associations: [{ to: { id: "77" }, types: [{ associationCategory: "HUBSPOT_DEFINED", associationTypeId: 200 }] }] },
    });
    expect(noContact.status).toBe(400);
    const missing = await api(MEETINGS, { method: "POST", body: { properties: { hs_meeting_title: "Call", hs_meeting_start_time: "tomorrow" } } });
    expect(pluck(at(missing.body, "errors"), "in").sort()).toEqual(["properties.hs_meeting_end_time", "properties.hs_meeting_start_time"]);
    crm.addMeeting({ hs_meeting_start_time: "2025-03-12T09:00:00Z" });
    expect(crm.meetings[1]?.properties.hs_meeting_start_time).toBe("2025-03-12T09:00:00.000Z");

    const listed = await api(`${MEETINGS}?${new URLSearchParams(example("crm-suite", "listMeetings").payload as Record<string, string>)}`);
    expect(at(listed.body, "results.0.associations.contacts.results.0.id")).toBe("51");
    expect(at(listed.body, "results.1.associations")).toBeUndefined();
    expect(at(listed.body, "results.0.properties")).not.toHaveProperty("hs_meeting_body");
    expect(at((await api(`${MEETINGS}/9012`)).body, "associations")).toBeUndefined();
    expect(at((await api(`${MEETINGS}/9012?associations=contacts`)).body, "associations.contacts.results")).toHaveLength(1);

    const week = await api(`${MEETINGS}/search`, { method: "POST", body: example("crm-suite", "searchMeetings").payload });
    expect(week.body).toMatchObject({ total: 1, results: [{ id: "9012", properties: { hs_meeting_outcome: "SCHEDULED" } }] });
    expect(at(week.body, "results.0.associations")).toBeUndefined();

    const cancelled = await api(`${MEETINGS}/9012`, { method: "PATCH", body: example("crm-suite", "updateMeeting").payload });
    expect(at(cancelled.body, "properties")).toMatchObject({
      hs_meeting_outcome: "CANCELED",
      hs_meeting_notes: "Cancelled by the caller.",
      hs_meeting_title: "Cleaning consultation",
    });
    expect(at(cancelled.body, "associations.contacts.results")).toHaveLength(1);
    expect((await api(`${MEETINGS}/9999`, { method: "PATCH", body: { properties: { hs_meeting_outcome: "NO_SHOW" } } })).status).toBe(404);
    expect((await api(`${MEETINGS}/9012`, { method: "PATCH", body: { properties: { hs_meeting_outcome: "LATE" } } })).status).toBe(400);
  });

  it("replays a repeated Idempotency-Key and fails as told: 429, 503, a hang, a dropped connection", async () => {
    const body = { properties: { email: "once@example.com" } };
    const headers = { "Idempotency-Key": "contact-once" };
    const first = await api(CONTACTS, { method: "POST", body, headers });
    const again = await api(CONTACTS, { method: "POST", body, headers });
    expect(again).toMatchObject({ status: 201, body: first.body });
    expect(crm.contacts).toHaveLength(1);
    expect(crm.requests.map((request) => request.replayed)).toEqual([false, true]);
    expect(crm.requests[1]?.headers["idempotency-key"]).toBe("contact-once");

    crm.fail({ method: "POST", path: `${CONTACTS}/search` }, { status: 429, retryAfter: "2" });
    crm.fail({}, { status: 503 });
    expect((await api(CONTACTS)).status).toBe(503);
    const limited = await api(`${CONTACTS}/search`, { method: "POST", body: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("2");
    expect(limited.body).toMatchObject({ status: "error", errorType: "RATE_LIMIT" });
    expect(at((await api(`${CONTACTS}/search`, { method: "POST", body: {} })).body, "total")).toBe(1);

    crm.fail({ path: /\/meetings/ }, { hang: true });
    await expect(api(MEETINGS, { signal: AbortSignal.timeout(150) })).rejects.toThrow();
    crm.failNext({ dropConnection: true });
    await expect(api(CONTACTS)).rejects.toThrow();
    expect((await api(MEETINGS)).status).toBe(200);
    expect(crm.requests.slice(-3).map((request) => [request.path, request.status])).toEqual([
      [MEETINGS, 0],
      [CONTACTS, 0],
      [MEETINGS, 200],
    ]);
  });
});

describe("closing a stub", () => {
  it("ends hanging connections, so nothing is left open", async () => {
    const gym = await startGymStub({ apiKey: "k" });
    const crm = await startCrmSuiteStub({ token: "t" });
    gym.failNext({ hang: true });
    crm.failNext({ hang: true });
    const pending = [
      fetch(`${gym.baseUrl}/users`, { headers: { "X-API-Key": "k" } }),
      fetch(`${crm.baseUrl}/crm/v3/objects/contacts`, { headers: { Authorization: "Bearer t" } }),
    ].map((request) =>
      request.then(
        () => "answered",
        () => "failed",
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([gym.requests.length, crm.requests.length]).toEqual([1, 1]);
    const startedAt = Date.now();
    await Promise.all([gym.close(), crm.close()]);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(await Promise.all(pending)).toEqual(["failed", "failed"]);
  });
});
