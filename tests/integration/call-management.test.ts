import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import type { CallStatus } from "~/db/schema";
import type { CallInput } from "~/features/calls/call-row";
import * as callManagement from "~/routes/_dashboard+/call-management";
import { callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { call, tenantWithOwner } from "../support/factories";
import { renderPage } from "../support/render-page";

type LoaderValue = Awaited<ReturnType<typeof callManagement.loader>>;
type View = LoaderValue["view"];

const NOW = Date.now();
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

async function insertCall(tenantId: string, id: string, status: CallStatus, fields: Partial<CallInput> & { createdAt: string }) {
  await call(tenantId, { id, status, ...fields });
}

const ANALYSIS = {
  summary: "Customer asked about the renewal.",
  sentiment: "positive",
  sentimentScore: 0.6,
  outcome: "appointment-booked",
  topics: ["contract"],
  actionItems: [],
  entities: { emails: [], phoneNumbers: [], dates: [], amounts: [] },
  language: "en",
  provider: "builtin",
};

async function analyse(id: string, sentiment: "positive" | "neutral" | "negative", rating: number | null) {
  await getDb()
    .updateTable("calls")
    .set({ analysis: JSON.stringify({ ...ANALYSIS, sentiment }), analysis_status: "done", analyzed_at: ago(10), sentiment, feedback_rating: rating })
    .where("id", "=", id)
    .execute();
}

let a: { tenantId: string; cookie: string };
let b: { tenantId: string; cookie: string };
let quiet: { tenantId: string; cookie: string };
const transcript = [{ speaker: "Agent", text: "Hello" }];

beforeAll(async () => {
  await prepareTestDatabase();
  [a, b, quiet] = [
    await tenantWithOwner({ name: "Owner a", phone: "4165550177" }),
    await tenantWithOwner({ name: "Owner b", phone: "4165550177" }),
    await tenantWithOwner({ name: "Owner quiet", phone: "4165550177" }),
  ];

  await insertCall(a.tenantId, "a-live-old", "live", {
    createdAt: ago(120),
    startedAt: ago(120),
    from: "+14165550001",
    to: "+14165559999",
    campaignName: "Spring",
    agentName: "Ava",
  });
  await insertCall(a.tenantId, "a-live-new", "live", {
    createdAt: ago(30),
    startedAt: ago(30),
    direction: "outbound",
    from: "+14165559999",
    to: "+4930111222",
  });
  await insertCall(a.tenantId, "a-queued-old", "queued", { createdAt: ago(90), queuedAt: ago(90), from: "+14165550002" });
  await insertCall(a.tenantId, "a-queued-new", "queued", { createdAt: ago(10), queuedAt: ago(10), from: "+14165550003" });
  await insertCall(a.tenantId, "a-missed", "missed", { createdAt: ago(3600), from: "+14165550004", to: "+14165559999", campaignName: "Spring" });
  await insertCall(a.tenantId, "a-voicemail", "voicemail", { createdAt: ago(7200), direction: "outbound", from: "+14165559999", to: "+4930555666" });
  await insertCall(a.tenantId, "a-analysed", "ended", { createdAt: ago(9000), campaignName: "Spring", transcript, durationSeconds: 60 });
  await insertCall(a.tenantId, "a-not-analysed", "ended", { createdAt: ago(9500), transcript, durationSeconds: 60 });
  await insertCall(a.tenantId, "a-no-transcript", "ended", { createdAt: ago(9600), durationSeconds: 5 });
  await analyse("a-analysed", "negative", 2);

  await insertCall(b.tenantId, "b-live", "live", { createdAt: ago(60), startedAt: ago(60) });
  await insertCall(b.tenantId, "b-queued", "queued", { createdAt: ago(60), queuedAt: ago(60) });
  for (let i = 0; i < 22; i++)
    await insertCall(b.tenantId, `b-missed-${String(i).padStart(2, "0")}`, "missed", { createdAt: ago(10_000 + i * 60), from: "+4930000000" });
  await insertCall(b.tenantId, "b-analysed", "ended", { createdAt: ago(9000), transcript });
  await analyse("b-analysed", "positive", 5);
});

async function load(cookie: string, query = "", language?: "en" | "de") {
  const result = await callLoader(callManagement.loader, `/call-management${query}`, { cookie, language });
  const { status, value } = unwrap(result);
  expect(status).toBe(200);
  return value as LoaderValue;
}

function viewOf<T extends View["tab"]>(value: LoaderValue, tab: T) {
  expect(value.view.tab).toBe(tab);
  return value.view as Extract<View, { tab: T }>;
}

const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);

describe("/call-management tabs", () => {
  it("opens Active Calls by default and for an unknown tab", async () => {
    expect((await load(a.cookie)).view.tab).toBe("live-calls");
    expect((await load(a.cookie, "?tab=nonsense")).view.tab).toBe("live-calls");
  });

  it("live-calls: the tenant's live calls, newest first, with elapsed time", async () => {
    const view = viewOf(await load(a.cookie, "?tab=live-calls"), "live-calls");
    expect(ids(view.items)).toEqual(["a-live-new", "a-live-old"]);
    const old = view.items[1]!;
    expect(old).toMatchObject({ direction: "inbound", from: "+14165550001", to: "+14165559999", campaign: "Spring", agent: "Ava", startedAt: ago(120) });
    expect(old.elapsedSeconds).toBeGreaterThanOrEqual(120);
    expect(old.elapsedSeconds).toBeLessThan(180);
    expect(view.connected).toBe(true);
    expect(viewOf(await load(b.cookie, "?tab=live-calls"), "live-calls").items.map((c) => c.id)).toEqual(["b-live"]);
  });

  it("callqueue: the tenant's queued calls, newest first, position 1 for the longest wait", async () => {
    const view = viewOf(await load(a.cookie, "?tab=callqueue"), "callqueue");
    expect(view.items.map((c) => [c.id, c.position])).toEqual([
      ["a-queued-new", 2],
      ["a-queued-old", 1],
    ]);
    expect(view.items[1]!.waitingSeconds).toBeGreaterThanOrEqual(90);
    expect(view.items[1]!.queuedAt).toBe(ago(90));
    expect(ids(viewOf(await load(b.cookie, "?tab=callqueue"), "callqueue").items)).toEqual(["b-queued"]);
  });

  it("missedcalls: missed calls and voicemails, the number to call back, paged", async () => {
    const view = viewOf(await load(a.cookie, "?tab=missedcalls"), "missedcalls");
    expect(view.items).toEqual([
      { id: "a-missed", createdAt: ago(3600), status: "missed", direction: "inbound", contactNumber: "+14165550004", campaign: "Spring" },
      { id: "a-voicemail", createdAt: ago(7200), status: "voicemail", direction: "outbound", contactNumber: "+4930555666", campaign: null },
    ]);
    const first = viewOf(await load(b.cookie, "?tab=missedcalls"), "missedcalls");
    expect(first).toMatchObject({ total: 22, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items.every((item) => item.id.startsWith("b-"))).toBe(true);
    const second = viewOf(await load(b.cookie, "?tab=missedcalls&page=2"), "missedcalls");
    expect(ids(second.items)).toEqual(["b-missed-20", "b-missed-21"]);
    // A page past the end shows the last one.
    expect(viewOf(await load(b.cookie, "?tab=missedcalls&page=99"), "missedcalls").page).toBe(2);
  });

  it("post-call-analysis: analysed calls with sentiment, outcome and rating, and how many are not analysed yet", async () => {
    const view = viewOf(await load(a.cookie, "?tab=post-call-analysis"), "post-call-analysis");
    expect(view.items).toEqual([
      { id: "a-analysed", createdAt: ago(9000), campaign: "Spring", sentiment: "negative", outcome: "appointment-booked", rating: 2 },
    ]);
    // Only the finished call with a transcript: a call without one cannot be analysed.
    expect(view.notAnalysed).toBe(1);
    const other = viewOf(await load(b.cookie, "?tab=post-call-analysis"), "post-call-analysis");
    expect(ids(other.items)).toEqual(["b-analysed"]);
    expect(other.notAnalysed).toBe(0);
  });

  it("recordings: the old tab redirects to the one recordings screen and keeps the view's filters", async () => {
    const result = await callLoader(callManagement.loader, "/call-management?tab=recordings&direction=inbound&page=2", { cookie: a.cookie });
    expect(redirectLocation(result)).toBe("/recordings?direction=inbound&page=2");
  });

  it("never shows another tenant's calls on any tab", async () => {
    for (const tab of ["live-calls", "callqueue", "missedcalls", "post-call-analysis"]) {
      const html = JSON.stringify(await load(a.cookie, `?tab=${tab}`));
      expect({ tab, leaks: html.includes('"b-') }).toEqual({ tab, leaks: false });
      const other = JSON.stringify(await load(b.cookie, `?tab=${tab}`));
      expect({ tab, leaks: other.includes('"a-') }).toEqual({ tab, leaks: false });
    }
  });
});

describe("whether a voice platform is connected", () => {
  it("says none is when the tenant has no API key and nothing live or queued", async () => {
    expect(viewOf(await load(quiet.cookie), "live-calls").connected).toBe(false);
    expect(viewOf(await load(quiet.cookie, "?tab=callqueue"), "callqueue").connected).toBe(false);
  });

  it("a revoked key does not count, an active one does", async () => {
    const key = { tenant_id: quiet.tenantId, name: "Platform", created_at: ago(100), created_by: null, last_used_at: null };
    await getDb()
      .insertInto("api_keys")
      .values({ ...key, id: newId(), prefix: "vx_old", key_hash: newId(), revoked_at: ago(50) })
      .execute();
    expect(viewOf(await load(quiet.cookie), "live-calls").connected).toBe(false);
    const activeId = newId();
    await getDb()
      .insertInto("api_keys")
      .values({ ...key, id: activeId, prefix: "vx_new", key_hash: newId(), revoked_at: null })
      .execute();
    expect(viewOf(await load(quiet.cookie), "live-calls").connected).toBe(true);
    await getDb().deleteFrom("api_keys").where("tenant_id", "=", quiet.tenantId).execute();
  });
});

describe("the rendered tabs (no JavaScript)", () => {
  const tabLink = (html: string, tab: string) => html.match(new RegExp(`<a[^>]*href="/call-management\\?tab=${tab}"[^>]*>`))?.[0] ?? "";

  it("marks the current tab, shows the last update and a refresh link to the same URL", async () => {
    const html = await renderPage(callManagement.default, await load(a.cookie, "?tab=callqueue"), "/call-management?tab=callqueue");
    expect(tabLink(html, "callqueue")).toContain('aria-current="page"');
    expect(tabLink(html, "live-calls")).not.toContain("aria-current");
    for (const label of ["Active Calls", "Call Queue", "Recordings", "Missed Calls", "Post call analysis"]) expect(html).toContain(`>${label}</a>`);
    // The same 12-hour clock as the call times in English (a 24-hour one in German).
    expect(html).toMatch(/data-testid="last-updated">Last updated <time dateTime="[^"]+">\d{1,2}:\d\d:\d\d\s[AP]M<\/time>/);
    const refresh = html.match(/<a[^>]*data-testid="refresh-link"[^>]*>Refresh<\/a>/)?.[0];
    expect(refresh).toContain('href="/call-management?tab=callqueue"');
    expect(html).toContain('data-testid="queued-calls"');
    expect(html).not.toContain("No voice platform is connected yet");
  });

  it("explains an empty live tab when no platform is connected, in English and German", async () => {
    const en = await renderPage(callManagement.default, await load(quiet.cookie), "/call-management");
    expect(en).toContain("No voice platform is connected yet: calls appear here when a platform sends call events to the API (Settings → API access).");
    expect(en).toContain("No calls are in progress right now.");
    expect(en).toContain('href="/api-access"');
    const de = await renderPage(callManagement.default, await load(quiet.cookie, "", "de"), "/call-management", "de");
    expect(de).toContain("Noch ist keine Sprachplattform verbunden");
    expect(de).toMatch(/Zuletzt aktualisiert <time dateTime="[^"]+">\d\d:\d\d:\d\d<\/time>/);
  });

  it("marks voicemails, links each missed call to its detail and its number to a call back", async () => {
    const html = await renderPage(callManagement.default, await load(a.cookie, "?tab=missedcalls"), "/call-management?tab=missedcalls");
    expect(html).toMatch(/data-status="voicemail"[\s\S]*>Voicemail</);
    expect(html).toContain('href="/recordings/a-missed"');
    expect(html).toContain('href="tel:+14165550004"');
  });

  it("pages with plain links that stay on the tab", async () => {
    const html = await renderPage(callManagement.default, await load(b.cookie, "?tab=missedcalls"), "/call-management?tab=missedcalls");
    expect(html).toContain('href="/call-management?tab=missedcalls&amp;page=2"');
    expect(html).toContain("Page 1 of 2 · 22 calls");
  });

  it("shows the analysis in words and how many calls wait for one", async () => {
    const html = await renderPage(callManagement.default, await load(a.cookie, "?tab=post-call-analysis"), "/call-management?tab=post-call-analysis");
    expect(html).toContain(">Negative<");
    expect(html).toContain(">Appointment booked<");
    expect(html).toContain(">2 of 5<");
    expect(html).toMatch(/data-testid="not-analysed">1 finished call with a transcript has not been analysed yet/);
  });
});

describe("who may open /call-management", () => {
  it("the read-only agent reads every tab of its own tenant", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    for (const tab of ["live-calls", "callqueue", "missedcalls", "post-call-analysis"]) {
      expect((await load(agent, `?tab=${tab}`)).view.tab).toBe(tab);
    }
    // The agent may not open API access, so the notice does not link there.
    expect((await load(agent)).canOpenApiAccess).toBe(false);
  });

  it("without a session → sign-in, keeping the tab; without a plan → choose a plan", async () => {
    expect(redirectLocation(await callLoader(callManagement.loader, "/call-management?tab=missedcalls"))).toBe(
      "/login?redirectTo=%2Fcall-management%3Ftab%3Dmissedcalls",
    );
    const trial = await sessionCookieFor("trial@demo.test");
    expect(redirectLocation(await callLoader(callManagement.loader, "/call-management", { cookie: trial }))).toBe("/choose-plan");
  });
});
