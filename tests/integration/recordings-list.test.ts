import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import type { NewCall } from "~/db/schema";
import { requireReadAccess } from "~/features/access/gate.server";
import type { CallInput } from "~/features/calls/call-row";
import { localDateKey, localDateOf } from "~/lib/dates/date-ranges";
import type { RecordingsListViewData } from "~/features/recordings/list/list-params";
import { loadRecordingsList } from "~/features/recordings/list/list-page.server";
import * as exportRoute from "~/routes/_files+/recordings.export[.]csv";
import * as listRoute from "~/routes/_dashboard+/recordings+/_index";
import { callLoader, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { readCsv } from "../support/csv";
import { call, tenantWithOwner } from "../support/factories";

beforeAll(prepareTestDatabase);

interface Owner {
  tenantId: string;
  cookie: string;
}

type Extra = Pick<NewCall, "feedback_rating" | "sentiment" | "audio_status">;

let sequence = 0;
/** Inserts calls made by buildCallRow, one minute apart (the first is the oldest) unless a spec says when. */
async function insertCalls(tenantId: string, specs: Array<Partial<Omit<CallInput, "tenantId">> & Partial<Extra>>) {
  const ids: string[] = [];
  for (const { feedback_rating, sentiment, audio_status, ...input } of specs) {
    sequence += 1;
    const createdAt = new Date(Date.UTC(2026, 1, 1, 9, 0) + sequence * 60_000).toISOString();
    const columns = { feedback_rating: feedback_rating ?? null, sentiment: sentiment ?? null, ...(audio_status ? { audio_status } : {}) };
    ids.push(await call(tenantId, { createdAt, ...input }, columns));
  }
  return ids;
}

async function list(cookie: string, query = ""): Promise<RecordingsListViewData> {
  const result = await callLoader(listRoute.loader, `/recordings${query}`, { cookie });
  const { status, value } = unwrap(result);
  expect(status).toBe(200);
  return (value as { list: RecordingsListViewData }).list;
}

const idsOf = (data: RecordingsListViewData) => data.rows.map((row) => row.id);

async function allIds(cookie: string, query: string) {
  const ids: string[] = [];
  for (let page = 1; page < 100; page++) {
    const data = await list(cookie, `${query}${query ? "&" : "?"}page=${page}`);
    ids.push(...idsOf(data));
    if (!data.hasNextPage) break;
  }
  return ids;
}

async function exportCsv(cookie: string, query = "", language: "en" | "de" = "en") {
  const response = await callLoader(exportRoute.loader, `/recordings/export.csv${query}`, { cookie, language });
  if (!(response instanceof Response)) throw new Error("export did not return a Response");
  return response;
}

describe("the recordings list", () => {
  let owner: Owner;
  let ids: string[];

  beforeAll(async () => {
    owner = await tenantWithOwner({ timeZone: "Europe/Berlin" });
    ids = await insertCalls(owner.tenantId, [
      ...Array.from({ length: 21 }, (_, index) => ({
        direction: index % 3 === 0 ? "Outbound" : "INBOUND",
        campaignName: ["Spring Sale", "Ärger-Hotline", "Zoë Outreach", "apple days"][index % 4],
        agentName: ["Zoe", "Ärger", "Bert", null][index % 4],
        userName: `Customer ${index}`,
        durationSeconds: (index * 37) % 200,
        summary: index === 4 ? "Wants a refund for order 42" : "General question",
      })),
      { status: "live", campaignName: "Live Only" },
      { status: "queued", summary: "queued refund" },
    ]);
  });

  it("shows the tenant's finished calls, newest first, ten per page, with the total", async () => {
    const first = await list(owner.cookie);
    expect(first.total).toBe(21);
    expect(first.pageCount).toBe(3);
    expect(idsOf(first)).toEqual(ids.slice(0, 21).reverse().slice(0, 10));
    const third = await list(owner.cookie, "?page=3");
    expect(idsOf(third)).toEqual([ids[0]]);
    expect(third.hasNextPage).toBe(false);
    // Past the end: the last page, not an empty one.
    const beyond = await list(owner.cookie, "?page=40");
    expect(beyond.params.page).toBe(3);
    expect(idsOf(beyond)).toEqual([ids[0]]);
  });

  it("never fails on parameters it does not understand", async () => {
    const data = await list(owner.cookie, "?page=-1&sort=price&order=up&status=gone&range=ever&escalated=maybe&view=all&direction=");
    expect(data.params).toMatchObject({ page: 1, sort: "createdAt", order: "desc", status: null, range: null, escalated: false, view: null, direction: null });
    expect(data.total).toBe(21);
  });

  it("filters by direction whatever its case", async () => {
    const inbound = await allIds(owner.cookie, "?direction=InBound");
    const outbound = await allIds(owner.cookie, "?direction=OUTBOUND");
    expect(inbound).toHaveLength(14);
    expect(outbound).toHaveLength(7);
    expect(new Set([...inbound, ...outbound]).size).toBe(21);
    expect((await list(owner.cookie, "?direction=outbound")).params.direction).toBe("outbound");
  });

  it("filters by the exact campaign name and offers the tenant's campaigns in alphabetical order", async () => {
    const data = await list(owner.cookie, `?campaign=${encodeURIComponent("Ärger-Hotline")}`);
    expect(data.total).toBe(5);
    expect(data.rows.every((row) => row.campaignName === "Ärger-Hotline")).toBe(true);
    expect((await list(owner.cookie, "?campaign=spring%20sale")).total).toBe(0);
    // The campaigns of the list's calls: the one only a live call has is not offered.
    expect(data.campaigns).toEqual(["apple days", "Ärger-Hotline", "Spring Sale", "Zoë Outreach"]);
  });

  it("searches case-insensitively, also with one or two characters and characters that mean something to a search engine", async () => {
    const refund = await list(owner.cookie, "?q=REFUND");
    expect(idsOf(refund)).toEqual([ids[4]]);
    expect((await list(owner.cookie, "?q=42")).total).toBe(1);
    expect((await list(owner.cookie, "?q=%C3%A4")).total).toBe(5); // "ä", one character: Ärger as agent and campaign
    expect((await list(owner.cookie, `?q=${encodeURIComponent('"refund')}`)).total).toBe(0);
    expect((await list(owner.cookie, `?q=${encodeURIComponent("refund OR question")}`)).total).toBe(0);
    expect((await list(owner.cookie, `?q=${encodeURIComponent("Customer 1")}`)).total).toBe(11); // 1, 10-19
    expect((await list(owner.cookie, `?q=${encodeURIComponent("NEAR(")}`)).total).toBe(0);
  });

  it("starts a new search at page 1", async () => {
    // The form has no page field, so a search submitted from page 3 asks for page 1.
    const data = await list(owner.cookie, "?q=Customer");
    expect(data.params.page).toBe(1);
    expect(data.returnTo).toBe("/recordings?q=Customer");
  });

  it("sorts by a column across pages without repeating or losing a row", async () => {
    const byAgent = await allIds(owner.cookie, "?sort=agent&order=asc");
    expect(byAgent).toHaveLength(21);
    expect(new Set(byAgent).size).toBe(21);
    const rows = await getDb().selectFrom("calls").select(["id", "agent_name"]).where("id", "in", byAgent).execute();
    const agentOf = new Map(rows.map((row) => [row.id, row.agent_name]));
    const agents = byAgent.map((id) => agentOf.get(id) ?? null);
    // Missing first, then Ärger with the A's, Bert, Zoe.
    expect([...new Set(agents)]).toEqual([null, "Ärger", "Bert", "Zoe"]);
    const descending = await allIds(owner.cookie, "?sort=agent&order=desc");
    expect(descending).toEqual([...byAgent].reverse());
    const data = await list(owner.cookie, "?sort=duration&order=desc");
    const durations = data.rows.map((row) => row.durationSeconds!);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
  });

  it("keeps the view in links", async () => {
    const request = makeRequest("/recordings?direction=inbound&page=2", { cookie: owner.cookie });
    const gate = await requireReadAccess(request, "recordings");
    const data = await loadRecordingsList(request, gate, { basePath: "/recordings" });
    expect(data.basePath).toBe("/recordings");
    expect(data.returnTo).toBe("/recordings?direction=inbound&page=2");
    expect(data.exportHref).toBe("/recordings/export.csv?direction=inbound");
    expect(idsOf(data)).toHaveLength(4);
  });
});

describe("filters that other screens link to", () => {
  it("filters by status, date range in the tenant's time zone, escalation and rating/sentiment disagreement", async () => {
    const owner = await tenantWithOwner({ timeZone: "America/Toronto" });
    const now = Date.now();
    const recent = new Date(now - 60 * 60_000).toISOString();
    const old = new Date(now - 40 * 24 * 60 * 60_000).toISOString();
    const [missed, voicemail, live, escalatedRecent, oldCall, disagreeing, agreeing] = await insertCalls(owner.tenantId, [
      { status: "missed", createdAt: recent },
      { status: "voicemail", createdAt: recent },
      { status: "live", createdAt: recent },
      { escalated: true, createdAt: recent },
      { escalated: true, createdAt: old },
      { feedback_rating: 1, sentiment: "positive", createdAt: old },
      { feedback_rating: 5, sentiment: "positive", createdAt: old },
    ]);
    expect(idsOf(await list(owner.cookie, "?status=missed"))).toEqual([missed]);
    expect(idsOf(await list(owner.cookie, "?status=voicemail"))).toEqual([voicemail]);
    expect(idsOf(await list(owner.cookie, "?status=live"))).toEqual([live]);
    expect(idsOf(await list(owner.cookie)).sort()).toEqual([missed, voicemail, escalatedRecent, oldCall, disagreeing, agreeing].sort());
    expect(idsOf(await list(owner.cookie, "?range=last-7-days")).sort()).toEqual([missed, voicemail, escalatedRecent].sort());
    expect(idsOf(await list(owner.cookie, "?escalated=1")).sort()).toEqual([escalatedRecent, oldCall].sort());
    expect(idsOf(await list(owner.cookie, "?escalated=1&range=last-7-days"))).toEqual([escalatedRecent]);
    expect(idsOf(await list(owner.cookie, "?view=disagreement"))).toEqual([disagreeing]);
  });
});

describe("access", () => {
  it("lets the read-only agent see the list and export it, without delete or feedback actions", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    const demoTenant = (await getDb().selectFrom("users").select("tenant_id").where("email", "=", "agent@demo.test").executeTakeFirstOrThrow()).tenant_id;
    const [id] = await insertCalls(demoTenant, [{ campaignName: "Agent visible campaign" }]);
    const data = await list(agent, `?campaign=${encodeURIComponent("Agent visible campaign")}`);
    expect(idsOf(data)).toEqual([id]);
    expect(data).toMatchObject({ canUpdate: false, canDelete: false });
    const response = await exportCsv(agent, `?campaign=${encodeURIComponent("Agent visible campaign")}`);
    expect(response.status).toBe(200);
    expect(await readCsv(await response.text(), ",")).toHaveLength(2);
  });

  it("sends a visitor who is not signed in to the login page, from the list and from the export", async () => {
    expect(redirectLocation(await callLoader(listRoute.loader, "/recordings?q=x"))).toBe("/login?redirectTo=%2Frecordings%3Fq%3Dx");
    expect(redirectLocation(await callLoader(exportRoute.loader, "/recordings/export.csv"))).toMatch(/^\/login\?redirectTo=/);
  });

  it("never shows one tenant's calls to another, in the list, the campaign options or the export", async () => {
    const a = await tenantWithOwner({ timeZone: "Europe/Berlin" });
    const b = await tenantWithOwner({ timeZone: "Europe/Berlin" });
    await insertCalls(a.tenantId, [{ campaignName: "Secret A", summary: "tenant-a-only secret" }, { campaignName: "Secret A" }]);
    for (const query of ["", "?q=secret", "?q=se", "?campaign=Secret%20A", "?status=ended", "?sort=campaign&order=asc"]) {
      const data = await list(b.cookie, query);
      expect(data.total, query).toBe(0);
      expect(data.rows, query).toEqual([]);
    }
    expect((await list(b.cookie)).campaigns).toEqual([]);
    const csv = await (await exportCsv(b.cookie, "?q=secret")).text();
    expect(await readCsv(csv, ",")).toHaveLength(1);
    expect(csv).not.toContain("Secret A");
    expect((await list(a.cookie, "?q=secret")).total).toBe(2);
  });
});

describe("CSV export", () => {
  let owner: Owner;
  let ids: string[];

  beforeAll(async () => {
    owner = await tenantWithOwner({ timeZone: "Europe/Berlin" });
    ids = await insertCalls(owner.tenantId, [
      ...Array.from({ length: 24 }, (_, index) => ({ campaignName: "Bulk", userName: `User ${String(index).padStart(2, "0")}`, durationSeconds: 60 + index })),
      {
        campaignName: 'Say "hi", please',
        userName: '=HYPERLINK("http://evil.test","click")',
        userCompany: "@SUM(A1:A9)",
        agentName: "-2+3",
        from: "+4930123456",
        to: "\tTabbed",
        summary: "Line one\r\nline two; with a semicolon, and a comma",
        durationSeconds: 125,
        feedback_rating: 4,
        sentiment: "negative",
        escalated: true,
        direction: "outbound",
      },
    ]);
  });

  it("exports every page of the current view, in its order, with an English header", async () => {
    const response = await exportCsv(owner.cookie, "?sort=user&order=desc&page=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const today = localDateKey(localDateOf(new Date(), "Europe/Berlin"));
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="recordings-${today}.csv"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes[0]).toBe(0x22); // the header's first quote, no byte-order mark
    const text = new TextDecoder().decode(bytes);
    const [header, ...rows] = await readCsv(text, ",");
    expect(header).toEqual([
      "ID",
      "Date (ISO 8601, UTC)",
      "Date",
      "Direction",
      "Status",
      "Campaign",
      "From",
      "To",
      "Agent",
      "User",
      "Company",
      "Duration (seconds)",
      "Duration",
      "Rating",
      "Sentiment",
      "Escalated",
      "Summary",
    ]);
    expect(rows).toHaveLength(25);
    expect(rows.map((row) => row[0])).toEqual(await allIds(owner.cookie, "?sort=user&order=desc"));
  });

  it("makes formula-like cells harmless and quotes what needs quoting", async () => {
    const text = await (await exportCsv(owner.cookie, "?q=semicolon")).text();
    const [, row] = await readCsv(text, ",");
    expect(row).toEqual([
      ids[24],
      expect.stringMatching(/^2026-02-01T\d\d:\d\d:00\.000Z$/),
      expect.stringMatching(/^Feb 1, 2026, \d{1,2}:\d\d [AP]M$/),
      "Outbound",
      "Completed",
      'Say "hi", please',
      "'+4930123456",
      "'\tTabbed",
      "'-2+3",
      '\'=HYPERLINK("http://evil.test","click")',
      "'@SUM(A1:A9)",
      "125",
      "2:05",
      "4",
      "Negative",
      "yes",
      "Line one\r\nline two; with a semicolon, and a comma",
    ]);
    expect(text).toContain('"\'=HYPERLINK(""http://evil.test"",""click"")"');
  });

  it("uses semicolons, a byte-order mark and German words when the interface is German", async () => {
    const response = await exportCsv(owner.cookie, "?q=semicolon", "de");
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="aufzeichnungen-\d{4}-\d\d-\d\d\.csv"/);
    // Read the bytes: Response.text() would quietly drop the byte-order mark this test is about.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = await readCsv(new TextDecoder().decode(bytes), ";");
    expect(header?.slice(0, 5)).toEqual(["ID", "Datum (ISO 8601, UTC)", "Datum", "Richtung", "Status"]);
    expect(row?.[3]).toBe("Ausgehend");
    expect(row?.[2]).toMatch(/^01\.02\.2026, \d\d:\d\d$/);
    expect(row?.[16]).toBe("Line one\r\nline two; with a semicolon, and a comma");
    expect(row?.[15]).toBe("ja");
  });

  it("exports only the header when nothing matches", async () => {
    const text = await (await exportCsv(owner.cookie, "?q=nothing-matches-this")).text();
    expect(await readCsv(text, ",")).toHaveLength(1);
  });
});
