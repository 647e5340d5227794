import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import type { CampaignActivityKind, CallStatus } from "~/db/schema";
import { isWithinCallingWindow } from "~/features/campaigns/schedule/calling-window";
import { DISPATCHING } from "~/features/campaigns/activity-reasons";
import { CONTACT_OUTCOMES, type ContactOutcome } from "~/features/campaigns/results";
import type { CampaignResultsPage } from "~/features/campaigns/results.server";
import * as campaignPage from "~/routes/_dashboard+/campaigns+/$id._index";
import { callLoader, prepareTestDatabase, unwrap } from "../support/app";
import { appointment, call, campaign, contact, contactList, organization, phoneNumber, tenantWithOwner, type TestTenant } from "../support/factories";
import { renderPage } from "../support/render-page";

/*
 * Campaign results (app/features/campaigns/results.ts) through the campaign
 * page's loader, on SQLite and PostgreSQL: the figures of a seeded run, each
 * outcome filter listing as many contacts as its figure, the pages, another
 * tenant's calls that share an external id not counting, and another
 * tenant's campaign answering 404.
 */

const db = () => getDb();
let mine: TestTenant;
let theirs: TestTenant;
let running = "";
let completed = "";
let draft = "";

// Every day 9:00–17:00: some zone of the world is inside that window and some outside at any moment.
const WINDOW = { days: [1, 2, 3, 4, 5, 6, 7], startMinute: 9 * 60, endMinute: 17 * 60 };
const ZONES = [
  "Pacific/Kiritimati",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "Europe/Berlin",
  "America/Sao_Paulo",
  "America/New_York",
  "America/Los_Angeles",
  "Pacific/Honolulu",
];
const openZone = () => ZONES.find((zone) => isWithinCallingWindow(new Date(), zone, WINDOW))!;
const closedZone = () => ZONES.find((zone) => !isWithinCallingWindow(new Date(), zone, WINDOW))!;

interface Seeded {
  kind: CampaignActivityKind | null;
  reason?: string | null;
  call?: { status: CallStatus; cost?: number; booked?: boolean; external?: string };
  zone?: string;
}

/** A campaign whose list has one contact per entry, its run's activity and the calls the platform reported, in list order. */
async function seedCampaign(tenant: TestTenant, status: "running" | "completed", entries: Seeded[]) {
  const stamp = Date.now() - 3_600_000;
  const { id: listId } = await contactList(tenant.tenantId);
  const { id: numberId } = await phoneNumber(tenant.tenantId);
  const { id: campaignId } = await campaign(tenant.tenantId, {
    contactListId: listId,
    phoneNumberId: numberId,
    status,
    window_days: JSON.stringify(WINDOW.days),
    window_start_minute: WINDOW.startMinute,
    window_end_minute: WINDOW.endMinute,
  });
  const runId = newId();
  await db()
    .insertInto("campaign_runs")
    .values({
      id: runId,
      tenant_id: tenant.tenantId,
      campaign_id: campaignId,
      run_key: `manual-${new Date(stamp).toISOString()}`,
      status: status === "running" ? "running" : "done",
      lease_owner: null,
      lease_until: null,
      started_at: new Date(stamp).toISOString(),
      finished_at: status === "running" ? null : now(),
    })
    .execute();
  const org = await organization(tenant);
  for (const [index, entry] of entries.entries()) {
    const created = new Date(stamp + index * 1000).toISOString();
    const person = await contact(tenant.tenantId, {
      listId,
      first_name: `Person ${String(index).padStart(2, "0")}`,
      time_zone: entry.zone ?? null,
      created_at: created,
    });
    if (entry.kind === null) continue;
    const external = entry.call?.external ?? `ext-${newId()}`;
    await db()
      .insertInto("campaign_activity")
      .values({
        id: newId(),
        tenant_id: tenant.tenantId,
        campaign_id: campaignId,
        run_id: runId,
        contact_id: person.id,
        kind: entry.kind,
        phone: person.phone,
        reason: entry.reason ?? null,
        platform_call_id: entry.kind === "placed" ? external : null,
        detail: null,
        created_at: created,
      })
      .execute();
    if (entry.call) {
      const callId = await call(
        tenant.tenantId,
        { externalId: external, status: entry.call.status, direction: "outbound", durationSeconds: 42 },
        entry.call.cost ? { cost_telephony_minor: entry.call.cost, cost_llm_minor: 1, cost_currency: "EUR" } : {},
      );
      if (entry.call.booked) await appointment(tenant.tenantId, org.id, { call_id: callId, contact_id: person.id });
    }
  }
  return campaignId;
}

const open = (id: string, query = "", cookie = mine.cookie) => callLoader(campaignPage.loader, `/campaigns/${id}${query}`, { cookie, params: { id } });
const resultsOf = async (id: string, query = "") => (unwrap(await open(id, query)).value as { results: CampaignResultsPage }).results;

beforeAll(async () => {
  await prepareTestDatabase();
  mine = await tenantWithOwner({ email: "results-owner@example.test", timeZone: "America/Toronto" });
  theirs = await tenantWithOwner({ email: "results-other@example.test" });
  // Another tenant's call with the external id one of our calls has: it must not change our figures.
  await call(theirs.tenantId, { externalId: "shared-external-id", status: "missed" }, { cost_telephony_minor: 99_999, cost_currency: "EUR" });
  running = await seedCampaign(mine, "running", [
    { kind: "placed", call: { status: "ended", cost: 120, booked: true, external: "shared-external-id" } },
    { kind: "placed", call: { status: "ended", cost: 80 } },
    { kind: "placed", call: { status: "ended", cost: 40, booked: true } },
    { kind: "placed", call: { status: "voicemail", cost: 10 } },
    { kind: "placed", call: { status: "missed" } },
    { kind: "placed", call: { status: "missed" } },
    { kind: "placed" },
    { kind: "failed", reason: "interrupted" },
    { kind: "failed", reason: DISPATCHING },
    { kind: "skipped", reason: "opted-out" },
    { kind: "skipped", reason: "duplicate" },
    { kind: null, zone: closedZone() },
    { kind: null, zone: closedZone() },
    { kind: null, zone: closedZone() },
    { kind: null, zone: openZone() },
    ...Array.from({ length: 20 }, () => ({ kind: "placed" as const, call: { status: "missed" as const } })),
  ]);
  completed = await seedCampaign(mine, "completed", [{ kind: "logged" }, { kind: "failed", reason: DISPATCHING }, { kind: null, zone: closedZone() }]);
  draft = (await campaign(mine.tenantId)).id;
});

describe("campaign results", () => {
  it("counts a seeded running campaign's outcomes with one grouped query's figures", async () => {
    const { results, run, contacts } = await resultsOf(running);
    expect(run).toMatchObject({ finishedAt: null });
    expect(results.total).toBe(35);
    expect(results.byOutcome).toEqual({
      answered: 3,
      voicemail: 1,
      "no-answer": 22,
      failed: 1,
      // Placed without a report yet, and one still being placed while the run goes on.
      pending: 2,
      logged: 0,
      skipped: 2,
      waiting: 3,
      "not-called": 1,
    });
    expect(results.dialled).toBe(29);
    expect(results.appointments).toBe(2);
    // 120 + 80 + 40 + 10 plus a cent of LLM each; the other tenant's 99,999 is not ours.
    expect(results.cost).toEqual([{ currency: "EUR", minor: 254 }]);
    expect(contacts).toMatchObject({ total: 35, page: 1, pageCount: 2 });
    expect(contacts.rows).toHaveLength(20);
    expect(contacts.rows[0]).toMatchObject({
      name: "Person 00",
      outcome: "answered",
      appointmentBooked: true,
      durationSeconds: 42,
      callId: expect.any(String),
    });
    expect(contacts.rows[9]).toMatchObject({ outcome: "skipped", skipReason: "opted-out", callId: null });
  });

  it("lists as many contacts under each outcome filter as its figure says", async () => {
    const { results } = await resultsOf(running);
    for (const outcome of CONTACT_OUTCOMES) {
      const filtered = await resultsOf(running, `?outcome=${outcome}&contacts=1`);
      const pages = [filtered.contacts.rows];
      for (let page = 2; page <= filtered.contacts.pageCount; page++)
        pages.push((await resultsOf(running, `?outcome=${outcome}&contacts=${page}`)).contacts.rows);
      const rows = pages.flat();
      expect({ outcome, count: rows.length }).toEqual({ outcome, count: results.byOutcome[outcome] });
      expect(rows.every((row) => row.outcome === outcome)).toBe(true);
    }
  });

  it("pages the contacts through the URL and clamps a page past the end", async () => {
    const second = await resultsOf(running, "?contacts=2");
    expect(second.contacts).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.contacts.rows).toHaveLength(15);
    expect((await resultsOf(running, "?contacts=99")).contacts.page).toBe(2);
    expect((await resultsOf(running, "?outcome=nonsense")).contacts.total).toBe(35);
  });

  it("tells a completed campaign's call being placed as failed and nobody as waiting", async () => {
    const { results, run } = await resultsOf(completed);
    expect(run?.finishedAt).toEqual(expect.any(String));
    expect(results.byOutcome).toMatchObject({ logged: 1, failed: 1, waiting: 0, "not-called": 1, pending: 0 });
    expect(results.dialled).toBe(2);
    expect(results.cost).toEqual([]);
  });

  it("keeps the pre-launch view for a draft", async () => {
    const { value } = unwrap(await open(draft));
    expect((value as { results: unknown }).results).toBeNull();
  });

  it("answers 404 for another tenant's campaign", async () => {
    expect(unwrap(await open(running, "", theirs.cookie)).status).toBe(404);
    expect(unwrap(await open(running, "?outcome=answered", theirs.cookie)).status).toBe(404);
  });

  it("renders the figures and a filtered list without JavaScript, in English and German", async () => {
    const path = `/campaigns/${running}?outcome=voicemail`;
    const data = unwrap(await open(running, "?outcome=voicemail")).value;
    const html = await renderPage(campaignPage.default, data, path);
    expect(html).toContain('data-testid="campaign-results"');
    expect(html).toMatch(/data-figure="answered"[^>]*>[\s\S]*?Answered[\s\S]*?>3</);
    expect(html).toContain("€2.54");
    expect([...html.matchAll(/data-testid="result-contact"/g)]).toHaveLength(1);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/campaigns\/[^"]+"/);
    expect(html).not.toContain("Pre-launch check");
    const german = await renderPage(campaignPage.default, data, path, "de");
    expect(german).toContain("Mailbox");
    expect(german).toContain("2,54");
    for (const outcome of CONTACT_OUTCOMES satisfies readonly ContactOutcome[]) expect(german).not.toContain(`results.outcomes.${outcome}`);
  });
});
