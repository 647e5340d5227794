import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as campaignPage from "~/routes/_dashboard+/campaigns+/$id._index";
import * as deletePage from "~/routes/_dashboard+/campaigns+/$id.delete";
import * as editPage from "~/routes/_dashboard+/campaigns+/$id.edit";
import * as listPage from "~/routes/_dashboard+/campaigns+/_index";
import * as newPage from "~/routes/_dashboard+/campaigns+/new";
import * as newKnowledgeBasePage from "~/routes/_dashboard+/knowledge-base+/new";
import { formSearchOf } from "~/features/campaigns/form-params";
import { zonedTimeToInstant } from "~/lib/dates/zoned-time";
import { popToast } from "~/lib/toast/toast.server";
import { callAction, callLoader, cookiesFrom, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { contact, contactList, knowledgeBase, phoneNumber, tenantWithOwner } from "../support/factories";
import { renderPage } from "../support/render-page";

/*
 * The campaign screens through their loaders and actions: every validation
 * message, the knowledge-base-first rule, the life cycle and its refusals,
 * the pre-launch check, and tenant isolation.
 */

let owner = "";
let demo = { tenantId: "", springLeads: "", webinar: "", mainLine: "", sales: "" };
let other = { cookie: "", tenantId: "", listId: "", numberId: "" };

const db = () => getDb();

async function demoIds() {
  const tenant = await db().selectFrom("tenants").select("id").where("name", "=", "Demo Company").executeTakeFirstOrThrow();
  const list = (name: string) =>
    db().selectFrom("contact_lists").select("id").where("tenant_id", "=", tenant.id).where("name", "=", name).executeTakeFirstOrThrow();
  const number = (e164: string) =>
    db().selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenant.id).where("e164", "=", e164).executeTakeFirstOrThrow();
  return {
    tenantId: tenant.id,
    springLeads: (await list("Spring leads")).id,
    webinar: (await list("Webinar attendees")).id,
    mainLine: (await number("+14165550100")).id,
    sales: (await number("+16475550199")).id,
  };
}

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await sessionCookieFor("owner@demo.test");
  demo = await demoIds();
  // A second subscribed tenant with a list, a number and an outbound knowledge base of its own.
  const theirs = await tenantWithOwner({ email: "other-owner@example.test", name: "Other Owner", phone: "4165550177" });
  const { id: listId } = await contactList(theirs.tenantId, { name: "Theirs" });
  const { id: numberId } = await phoneNumber(theirs.tenantId, { e164: "+14165550999", label: "Theirs" });
  await knowledgeBase(theirs.tenantId, { phoneNumberId: numberId, name: "KB", first_message: "Hi", content: "y".repeat(120), is_default: 1 });
  other = { cookie: theirs.cookie, tenantId: theirs.tenantId, listId, numberId };
});

function validForm(overrides: Record<string, string | string[] | undefined> = {}) {
  const fields: Record<string, string | string[] | undefined> = {
    name: "Spring outreach",
    contactListId: demo.springLeads,
    type: "outbound",
    sendingType: "immediate",
    phoneNumberId: demo.mainLine,
    windowDays: ["1", "2", "3", "4", "5"],
    windowStart: "09:00",
    windowEnd: "17:00",
    ...overrides,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return form;
}

/** The field errors of a failed submission. */
function errorsOf(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = value as { result?: { error?: Record<string, string[] | null> } } | undefined;
  return { status, errors: reply?.result?.error ?? {} };
}

const create = (form: FormData, cookie = owner) => callAction(newPage.action, "/campaigns/new", { cookie, form });

async function createCampaign(overrides: Record<string, string | string[] | undefined> = {}, cookie = owner) {
  const result = await create(validForm(overrides), cookie);
  const location = redirectLocation(result);
  if (!location) throw new Error(`campaign not created: ${JSON.stringify(errorsOf(result))}`);
  return location.split("/").pop()!;
}

const campaignRow = (id: string) => db().selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
const act = (id: string, intent: string, cookie = owner, fields: Record<string, string> = {}) =>
  callAction(campaignPage.action, `/campaigns/${id}`, { cookie, form: { intent, ...fields }, params: { id } });
/** A start that has seen the check and accepts that some contacts are skipped (the demo list has one who wants no more calls). */
const startAnyway = (id: string) => act(id, "start", owner, { confirm: "1" });
const open = (id: string, query = "", cookie = owner) => callLoader(campaignPage.loader, `/campaigns/${id}${query}`, { cookie, params: { id } });

/** A wall-clock time in Toronto a week ahead, as a datetime-local value. */
function nextWeekLocal() {
  const date = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Toronto" });
  return `${date}T10:00`;
}

describe("creating a campaign: validation", () => {
  const cases: Array<[string, Record<string, string | string[] | undefined>, string, string]> = [
    ["a missing name", { name: undefined }, "name", "validation.nameRequired"],
    ["a blank name", { name: "   " }, "name", "validation.nameRequired"],
    ["a name under 5 characters", { name: "Abcd" }, "name", "validation.nameTooShort"],
    ["a name over 100 characters", { name: "x".repeat(101) }, "name", "validation.nameTooLong"],
    ["no list", { contactListId: undefined }, "contactListId", "validation.listRequired"],
    ["no type", { type: undefined }, "type", "validation.typeRequired"],
    ["an unknown type", { type: "sideways" }, "type", "validation.typeRequired"],
    ["no sending type", { sendingType: undefined }, "sendingType", "validation.sendingTypeRequired"],
    ["a recurring campaign without frequency", { sendingType: "recurring", scheduleAt: "2030-01-07T10:00" }, "frequency", "validation.frequencyRequired"],
    ["a scheduled campaign without date", { sendingType: "scheduled" }, "scheduleAt", "validation.scheduleRequired"],
    ["a recurring campaign without date", { sendingType: "recurring", frequency: "weekly" }, "scheduleAt", "validation.scheduleRequired"],
    ["a date that does not exist", { sendingType: "scheduled", scheduleAt: "2030-02-30T10:00" }, "scheduleAt", "validation.scheduleInvalid"],
    ["a scheduled time in the past", { sendingType: "scheduled", scheduleAt: "2020-01-06T10:00" }, "scheduleAt", "validation.schedulePast"],
    ["no number", { phoneNumberId: undefined }, "phoneNumberId", "validation.phoneNumberRequired"],
    ["no day in the window", { windowDays: undefined }, "windowDays", "validation.windowDaysRequired"],
    ["an unknown day", { windowDays: ["8"] }, "windowDays", "validation.windowDaysRequired"],
    ["no start time", { windowStart: undefined }, "windowStart", "validation.windowStartRequired"],
    ["no end time", { windowEnd: undefined }, "windowEnd", "validation.windowEndRequired"],
    ["a start time that is not a time", { windowStart: "25:00" }, "windowStart", "validation.timeInvalid"],
    ["an end time that is not a time", { windowEnd: "5pm" }, "windowEnd", "validation.timeInvalid"],
    ["an end before the start", { windowStart: "17:00", windowEnd: "09:00" }, "windowEnd", "validation.windowEndBeforeStart"],
    ["an end equal to the start", { windowStart: "09:00", windowEnd: "09:00" }, "windowEnd", "validation.windowEndBeforeStart"],
  ];

  it.each(cases)("refuses %s with its message", async (_label, overrides, field, message) => {
    const before = await db().selectFrom("campaigns").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const { status, errors } = errorsOf(await create(validForm(overrides)));
    expect(status).toBe(400);
    expect(errors[field]).toEqual([message]);
    const after = await db().selectFrom("campaigns").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("reports every problem of an empty form at once and keeps what was typed", async () => {
    const form = new FormData();
    form.append("name", "Abc");
    form.append("sendingType", "scheduled");
    const { status, value } = unwrap(await create(form));
    expect(status).toBe(400);
    const reply = value as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
    expect(Object.keys(reply.result.error).sort()).toEqual([
      "contactListId",
      "name",
      "phoneNumberId",
      "scheduleAt",
      "type",
      "windowDays",
      "windowEnd",
      "windowStart",
    ]);
    expect(reply.result.initialValue).toMatchObject({ name: "Abc", sendingType: "scheduled" });
  });

  it("has every message in English and German", async () => {
    const en = await getTranslatorFor("en", "campaigns");
    const de = await getTranslatorFor("de", "campaigns");
    const keys = [
      ...new Set([
        ...cases.map((c) => c[3]),
        "validation.listUnknown",
        "validation.phoneNumberUnknown",
        "validation.knowledgeBaseMissing_outbound",
        "validation.knowledgeBaseMissing_inbound",
      ]),
    ];
    for (const key of keys) {
      expect(en(key), key).not.toBe(key);
      expect(de(key), key).not.toBe(key);
      expect(de(key), key).not.toBe(en(key));
    }
    expect(en("validation.nameTooShort")).toBe("Campaign name must be at least 5 characters.");
    // The knowledge-base rule names the type that is missing, not "inbound or outbound".
    expect(en("validation.knowledgeBaseMissing_outbound")).toBe(
      "This number has no outbound knowledge base yet. Create one first, choose an agent, or choose another number or campaign type.",
    );
    expect(en("validation.knowledgeBaseMissing_inbound")).toMatch(/^This number has no inbound knowledge base yet\./);
    expect(de("validation.knowledgeBaseMissing_outbound")).toMatch(/keine Wissensdatenbank für ausgehende Anrufe/);
  });

  it("treats another tenant's list and number as unknown, as field errors", async () => {
    const { status, errors } = errorsOf(await create(validForm({ contactListId: other.listId, phoneNumberId: other.numberId })));
    expect(status).toBe(400);
    expect(errors).toMatchObject({ contactListId: ["validation.listUnknown"], phoneNumberId: ["validation.phoneNumberUnknown"] });
    const { errors: made } = errorsOf(await create(validForm({ contactListId: "no-such-list", phoneNumberId: "no-such-number" })));
    expect(made).toMatchObject({ contactListId: ["validation.listUnknown"], phoneNumberId: ["validation.phoneNumberUnknown"] });
  });
});

describe("the knowledge base comes first", () => {
  it("refuses a number without a knowledge base of the campaign's type, and names the one it will use otherwise", async () => {
    // Sales has no knowledge base at all; Main line has an outbound default and an inbound one.
    expect(errorsOf(await create(validForm({ phoneNumberId: demo.sales }))).errors.phoneNumberId).toEqual(["validation.knowledgeBaseMissing_outbound"]);
    expect(errorsOf(await create(validForm({ phoneNumberId: demo.sales, type: "inbound" }))).errors.phoneNumberId).toEqual([
      "validation.knowledgeBaseMissing_inbound",
    ]);

    const { value } = unwrap(await callLoader(newPage.loader, "/campaigns/new", { cookie: owner }));
    const options = (value as { options: { numbers: Array<{ id: string; knowledgeBases: Record<string, { name: string } | null> }> } }).options;
    const mainLine = options.numbers.find((n) => n.id === demo.mainLine)!;
    expect(mainLine.knowledgeBases.outbound?.name).toBe("Spring lead outreach");
    expect(mainLine.knowledgeBases.inbound?.name).toBe("Main line reception");
    expect(options.numbers.find((n) => n.id === demo.sales)!.knowledgeBases).toEqual({ outbound: null, inbound: null });
    expect(options.numbers.some((n) => n.id === other.numberId)).toBe(false);

    const id = await createCampaign({ type: "inbound", name: "Inbound follow-up" });
    const page = unwrap(await open(id)).value as { knowledgeBase: { name: string } };
    expect(page.knowledgeBase.name).toBe("Main line reception");
  });

  it("uses the number's default of the campaign's type, else the oldest of that type", async () => {
    const stamp = now();
    const inbound = async (name: string, createdAt: string, isDefault: number) => {
      const id = newId();
      await db()
        .insertInto("knowledge_bases")
        .values({
          id,
          tenant_id: demo.tenantId,
          phone_number_id: demo.sales,
          name,
          type: "inbound",
          voice: "mia",
          first_message: "Hello",
          content: "z".repeat(120),
          source_file_name: null,
          is_default: isDefault,
          created_at: createdAt,
          updated_at: stamp,
        })
        .execute();
      return id;
    };
    await inbound("Newer inbound", "2026-02-02T00:00:00.000Z", 0);
    await inbound("Older inbound", "2026-01-01T00:00:00.000Z", 0);
    const id = await createCampaign({ type: "inbound", phoneNumberId: demo.sales, name: "Sales inbound" });
    expect((unwrap(await open(id)).value as { knowledgeBase: { name: string } }).knowledgeBase.name).toBe("Older inbound");
    await inbound("Default inbound", "2026-03-03T00:00:00.000Z", 1);
    expect((unwrap(await open(id)).value as { knowledgeBase: { name: string } }).knowledgeBase.name).toBe("Default inbound");
    // Outbound campaigns on Sales are still refused, naming the type that is missing: the rule is per type.
    expect(errorsOf(await create(validForm({ phoneNumberId: demo.sales }))).errors.phoneNumberId).toEqual(["validation.knowledgeBaseMissing_outbound"]);
    await db().deleteFrom("knowledge_bases").where("phone_number_id", "=", demo.sales).execute();
    // Starting is refused too once the knowledge base is gone.
    const refusal = unwrap(await act(id, "start"));
    expect(refusal).toMatchObject({ status: 409, value: { refusal: "knowledge-base-missing" } });
    expect((await campaignRow(id))!.status).toBe("draft");
  });
});

describe("saving and editing", () => {
  it("saves a draft with the schedule as typed and the window as minutes, then redirects to its page", async () => {
    const local = nextWeekLocal();
    const result = await create(
      validForm({
        name: "  Weekly check-in  ",
        sendingType: "recurring",
        frequency: "weekly",
        scheduleAt: local,
        windowDays: ["5", "1", "3"],
        windowStart: "08:30",
        windowEnd: "18:15",
      }),
    );
    const location = redirectLocation(result)!;
    expect(location).toMatch(/^\/campaigns\/[0-9a-f-]{36}$/);
    const row = await campaignRow(location.split("/").pop()!);
    expect(row).toMatchObject({
      tenant_id: demo.tenantId,
      name: "Weekly check-in",
      status: "draft",
      sending_type: "recurring",
      frequency: "weekly",
      schedule_local: local,
      window_days: "[1,3,5]",
      window_start_minute: 510,
      window_end_minute: 1095,
      next_run_at: null,
      contact_list_id: demo.springLeads,
      phone_number_id: demo.mainLine,
    });
  });

  it("keeps no frequency or schedule a campaign does not use", async () => {
    const id = await createCampaign({ name: "Right away", sendingType: "immediate", frequency: "daily", scheduleAt: "2030-01-07T10:00" });
    expect(await campaignRow(id)).toMatchObject({ frequency: null, schedule_local: null });
  });

  it("edits a draft, and refuses to edit a running campaign", async () => {
    const id = await createCampaign({ name: "Edit me please" });
    const form = validForm({ name: "Edited campaign", contactListId: demo.webinar, windowEnd: "16:00" });
    const edited = await callAction(editPage.action, `/campaigns/${id}/edit`, { cookie: owner, form, params: { id } });
    expect(redirectLocation(edited)).toBe(`/campaigns/${id}`);
    expect(await campaignRow(id)).toMatchObject({ name: "Edited campaign", contact_list_id: demo.webinar, window_end_minute: 960 });

    const invalid = errorsOf(await callAction(editPage.action, `/campaigns/${id}/edit`, { cookie: owner, form: validForm({ name: "no" }), params: { id } }));
    expect(invalid).toMatchObject({ status: 400, errors: { name: ["validation.nameTooShort"] } });

    expect(redirectLocation(await act(id, "start"))).toBe(`/campaigns/${id}`);
    const loaded = unwrap(await callLoader(editPage.loader, `/campaigns/${id}/edit`, { cookie: owner, params: { id } }));
    expect(loaded.value).toMatchObject({ editable: false });
    const refused = unwrap(
      await callAction(editPage.action, `/campaigns/${id}/edit`, { cookie: owner, form: validForm({ name: "Sneaky rename" }), params: { id } }),
    );
    expect(refused.status).toBe(409);
    expect((refused.value as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["refusals.edit"]);
    expect((await campaignRow(id))!.name).toBe("Edited campaign");
  });
});

describe("life cycle", () => {
  it("starts an immediate draft as running now; refuses what the status does not allow", async () => {
    const id = await createCampaign({ name: "Immediate one" });
    const started = await startAnyway(id);
    expect(redirectLocation(started)).toBe(`/campaigns/${id}`);
    let row = (await campaignRow(id))!;
    expect(row.status).toBe("running");
    expect(Math.abs(Date.parse(row.next_run_at!) - Date.now())).toBeLessThan(10_000);

    expect(unwrap(await act(id, "start"))).toMatchObject({ status: 409, value: { refusal: "start" } });
    expect(unwrap(await act(id, "resume"))).toMatchObject({ status: 409, value: { refusal: "resume" } });
    const deleteRefused = unwrap(await callAction(deletePage.action, `/campaigns/${id}/delete`, { cookie: owner, form: {}, params: { id } }));
    expect(deleteRefused).toMatchObject({ status: 409, value: { refusal: "delete" } });
    expect(await campaignRow(id)).toBeDefined();

    expect(redirectLocation(await act(id, "pause"))).toBe(`/campaigns/${id}`);
    row = (await campaignRow(id))!;
    expect(row.status).toBe("paused");
    expect(unwrap(await act(id, "pause"))).toMatchObject({ status: 409, value: { refusal: "pause" } });
    expect(redirectLocation(await act(id, "resume"))).toBe(`/campaigns/${id}`);
    expect((await campaignRow(id))!.status).toBe("running");

    const log = await db()
      .selectFrom("campaign_activity")
      .select("reason")
      .where("campaign_id", "=", id)
      .where("kind", "=", "status")
      .orderBy("created_at")
      .execute();
    expect(log.map((entry) => entry.reason)).toEqual(["running", "paused", "running"]);
  });

  it("schedules a scheduled draft at its time in the tenant's zone", async () => {
    const id = await createCampaign({ name: "Scheduled one", sendingType: "scheduled", scheduleAt: "2030-01-07T10:00" });
    await startAnyway(id);
    // 10:00 in Toronto in January is 15:00 UTC.
    expect(await campaignRow(id)).toMatchObject({ status: "scheduled", next_run_at: "2030-01-07T15:00:00.000Z" });
    const list = unwrap(await callLoader(listPage.loader, "/campaigns?status=scheduled", { cookie: owner })).value as {
      list: { rows: Array<{ id: string; nextRunAt: string }> };
    };
    expect(list.list.rows.find((row) => row.id === id)?.nextRunAt).toBe("2030-01-07T15:00:00.000Z");
    expect(redirectLocation(await act(id, "pause"))).toBe(`/campaigns/${id}`);
    expect(redirectLocation(await act(id, "resume"))).toBe(`/campaigns/${id}`);
    expect(await campaignRow(id)).toMatchObject({ status: "scheduled", next_run_at: "2030-01-07T15:00:00.000Z" });
  });

  it("refuses to start a scheduled draft whose time went by, and to do anything but delete a completed one", async () => {
    const id = await createCampaign({ name: "Late scheduled", sendingType: "scheduled", scheduleAt: "2030-01-07T10:00" });
    await db().updateTable("campaigns").set({ schedule_local: "2021-01-04T10:00" }).where("id", "=", id).execute();
    expect(unwrap(await act(id, "start"))).toMatchObject({ status: 409, value: { refusal: "schedule-passed" } });
    expect((await campaignRow(id))!.status).toBe("draft");

    const completed = await db().selectFrom("campaigns").select("id").where("name", "=", "Webinar thank-you calls").executeTakeFirstOrThrow();
    for (const intent of ["start", "pause", "resume"]) {
      expect(unwrap(await act(completed.id, intent))).toMatchObject({ status: 409, value: { refusal: intent } });
    }
    expect(unwrap(await act(completed.id, "explode")).status).toBe(400);
  });

  it("deletes after a confirmation page, with its activity", async () => {
    const id = await createCampaign({ name: "Delete me soon" });
    await startAnyway(id);
    await act(id, "pause");
    const confirm = unwrap(await callLoader(deletePage.loader, `/campaigns/${id}/delete`, { cookie: owner, params: { id } }));
    expect(confirm.value).toMatchObject({ campaign: { id, name: "Delete me soon" }, allowed: true });
    const deleted = await callAction(deletePage.action, `/campaigns/${id}/delete`, { cookie: owner, form: {}, params: { id } });
    expect(redirectLocation(deleted)).toBe("/campaigns");
    expect(await campaignRow(id)).toBeUndefined();
    expect(await db().selectFrom("campaign_activity").select("id").where("campaign_id", "=", id).execute()).toEqual([]);
    expect(unwrap(await open(id)).status).toBe(404);
  });
});

describe("the campaign page", () => {
  it("runs the pre-launch check at the launch instant, in each contact's own zone", async () => {
    // Monday 7 January 2030, 10:00 in Toronto: 07:00 on the Pacific coast, 08:00 in Denver and Edmonton, 16:00 in Berlin.
    const id = await createCampaign({ name: "Check me first", sendingType: "scheduled", scheduleAt: "2030-01-07T10:00" });
    const stamp = now();
    const sarah = await db()
      .selectFrom("contacts")
      .select("phone")
      .where("list_id", "=", demo.springLeads)
      .where("first_name", "=", "Sarah")
      .executeTakeFirstOrThrow();
    for (const [name, phone] of [
      ["Sarah again", sarah.phone],
      ["Broken number", "+1555"],
    ] as const) {
      await contact(demo.tenantId, { listId: demo.springLeads, first_name: name, phone, created_at: stamp });
    }
    const withoutCheck = unwrap(await open(id)).value as { report: unknown };
    expect(withoutCheck.report).toBeNull();
    const { value } = unwrap(await open(id, "?check=1"));
    const report = (value as { report: { at: string; summary: { total: number; toCall: number; skipped: number; byReason: Record<string, number> } } }).report;
    expect(report.at).toBe("2030-01-07T15:00:00.000Z");
    // The five on the Pacific coast and in the Mountain zone are not skipped: they wait, the first until 09:00 in Denver and Edmonton (16:00 UTC).
    expect(report.summary).toEqual({
      total: 32,
      toCall: 24,
      waiting: 5,
      skipped: 3,
      byReason: { invalid: 1, "opted-out": 1, duplicate: 1, "outside-window": 0 },
      nextWindowAt: "2030-01-07T16:00:00.000Z",
    });
  });

  it("shows the activity log a page at a time and says calls are only logged", async () => {
    const completed = await db().selectFrom("campaigns").select("id").where("name", "=", "Webinar thank-you calls").executeTakeFirstOrThrow();
    const { value } = unwrap(await open(completed.id));
    const page = value as {
      platformConfigured: boolean;
      activity: { total: number; entries: Array<{ kind: string; contactName: string | null; phone: string | null }> };
    };
    expect(page.platformConfigured).toBe(false);
    // Seeded: a weekday 10:00 run in Toronto; the two attendees on the Pacific coast (07:00 there) were outside the window.
    expect(page.activity.total).toBe(12);
    // Its eight calls were placed, one of them failed (app/seed/demo-campaigns.server.ts WEBINAR_RESULTS).
    expect(page.activity.entries.filter((entry) => entry.kind === "placed")).toHaveLength(7);
    expect(page.activity.entries.filter((entry) => entry.kind === "failed")).toHaveLength(1);
    expect(
      page.activity.entries
        .filter((entry) => entry.kind === "skipped")
        .map((entry) => entry.phone)
        .sort(),
    ).toEqual(["+14155550271", "+16045550263"]);
    expect(page.activity.entries.find((entry) => entry.kind === "placed")).toMatchObject({
      contactName: expect.any(String),
      phone: expect.stringMatching(/^\+/),
    });

    const stamp = Date.now();
    await db()
      .insertInto("campaign_activity")
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          id: newId(),
          tenant_id: demo.tenantId,
          campaign_id: completed.id,
          run_id: null,
          contact_id: null,
          kind: "status" as const,
          phone: null,
          reason: "paused",
          platform_call_id: null,
          detail: null,
          created_at: new Date(stamp - index * 1000).toISOString(),
        })),
      )
      .execute();
    const second = unwrap(await open(completed.id, "?page=2")).value as { activity: { page: number; pageCount: number; entries: unknown[] } };
    expect(second.activity).toMatchObject({ page: 2, pageCount: 2 });
    expect(second.activity.entries).toHaveLength(17);
    const clamped = unwrap(await open(completed.id, "?page=99")).value as { activity: { page: number } };
    expect(clamped.activity.page).toBe(2);
  });

  it("lists campaigns by status and sorts them through the URL", async () => {
    const listOf = async (query: string) =>
      (
        unwrap(await callLoader(listPage.loader, `/campaigns${query}`, { cookie: owner })).value as {
          list: { rows: Array<{ name: string; status: string }>; total: number };
        }
      ).list;
    const completed = await listOf("?status=completed");
    expect(completed.rows.map((row) => row.name)).toContain("Webinar thank-you calls");
    expect(completed.rows.every((row) => row.status === "completed")).toBe(true);
    const byName = await listOf("?sort=name&order=asc");
    const names = byName.rows.map((row) => row.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byStatus = await listOf("?sort=status&order=asc");
    const order = ["draft", "scheduled", "running", "paused", "completed"];
    const ranks = byStatus.rows.map((row) => order.indexOf(row.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // A nonsense filter falls back to all campaigns.
    expect((await listOf("?status=nonsense")).total).toBe((await listOf("")).total);
  });

  it("shows the calling window on the user's clock: 12-hour in English, 24-hour in German", async () => {
    const id = await createCampaign({ name: "Office hours only", windowDays: ["1", "2", "3", "4", "5"], windowStart: "09:00", windowEnd: "17:30" });
    const page = unwrap(await open(id)).value;
    const english = await renderPage(campaignPage.default, page, `/campaigns/${id}`, "en");
    expect(english).toMatch(/Mon, Tue, Wed, Thu, Fri, 9:00\sAM–5:30\sPM/);
    expect(english).not.toContain("09:00–17:30");
    const german = await renderPage(campaignPage.default, page, `/campaigns/${id}`, "de");
    expect(german).toContain("Mo, Di, Mi, Do, Fr, 09:00–17:30");
  });

  it("gives each row of the list the actions its status allows, as plain links without JavaScript", async () => {
    const draft = await createCampaign({ name: "Row actions draft" });
    const completed = await db().selectFrom("campaigns").select("id").where("name", "=", "Webinar thank-you calls").executeTakeFirstOrThrow();
    const actionsOf = (html: string, id: string) => {
      const row = new RegExp(`<tr[^>]*data-campaign-id="${id}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? "";
      return [...row.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(([, href, text]) => `${text} ${href}`);
    };
    const render = async (query: string) =>
      renderPage(listPage.default, unwrap(await callLoader(listPage.loader, `/campaigns${query}`, { cookie: owner })).value, `/campaigns${query}`);
    // The newest draft comes first.
    const drafts = await render("?status=draft");
    expect(drafts).not.toMatch(/<table(?![^>]*data-testid="campaigns-table")/);
    expect(actionsOf(drafts, draft)).toEqual([
      `Row actions draft /campaigns/${draft}`,
      `Open /campaigns/${draft}`,
      `Edit /campaigns/${draft}/edit`,
      `Delete /campaigns/${draft}/delete`,
    ]);
    // A completed campaign can no longer be edited, only opened or deleted.
    const done = await render("?status=completed");
    expect(actionsOf(done, completed.id)).toEqual([
      `Webinar thank-you calls /campaigns/${completed.id}`,
      `Open /campaigns/${completed.id}`,
      `Delete /campaigns/${completed.id}/delete`,
    ]);
  });
});

/** A list of the demo tenant's own, with contacts as given (all in Toronto unless said otherwise). */
async function listWith(name: string, contacts: Array<{ phone: string; optedOut?: boolean }>) {
  const stamp = now();
  const { id: listId } = await contactList(demo.tenantId, { name, createdAt: stamp });
  for (const [index, { phone, optedOut }] of contacts.entries()) {
    const created = new Date(Date.parse(stamp) + index * 1000).toISOString();
    await contact(demo.tenantId, {
      listId,
      first_name: `${name} ${index}`,
      phone,
      time_zone: "America/Toronto",
      opted_out_at: optedOut ? stamp : null,
      created_at: created,
    });
  }
  return listId;
}

/** A Toronto date a few days away, and its weekday: a window on that day only is closed now, whatever the time. */
function dayAhead(days = 3) {
  const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString("en-CA", { timeZone: "America/Toronto" });
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
  return { date, weekday: String(weekday) };
}

type StartCheck = {
  blocker: string | null;
  summary: { toCall: number; waiting: number; skipped: number; byReason: Record<string, number>; nextWindowAt: string | null };
};

describe("starting: the pre-launch check decides", () => {
  it("refuses to start a campaign nobody would ever be called by, and says why at the Start button", async () => {
    const empty = await createCampaign({ name: "Empty list campaign", contactListId: await listWith("Nobody here", []) });
    const unreachable = await createCampaign({
      name: "Unreachable campaign",
      contactListId: await listWith("Unreachable", [{ phone: "+1555" }, { phone: "+14165550911", optedOut: true }, { phone: "+1555" }]),
    });
    const noDay = await createCampaign({ name: "No day campaign", contactListId: demo.webinar });
    await db().updateTable("campaigns").set({ window_days: "[]" }).where("id", "=", noDay).execute();

    for (const [id, blocker] of [
      [empty, "empty-list"],
      [unreachable, "nobody-callable"],
      [noDay, "no-weekday"],
    ] as const) {
      const page = unwrap(await open(id)).value as { startCheck: StartCheck };
      expect(page.startCheck.blocker).toBe(blocker);
      // Confirming does not help: there is nobody to call.
      const refused = unwrap(await startAnyway(id));
      expect(refused).toMatchObject({ status: 409, value: { refusal: blocker } });
      expect((await campaignRow(id))!.status).toBe("draft");
    }
    const refused = unwrap(await startAnyway(unreachable)).value as { check: StartCheck };
    expect(refused.check.summary.byReason).toMatchObject({ invalid: 2, "opted-out": 1 });

    const html = await renderPage(campaignPage.default, unwrap(await open(unreachable)).value, `/campaigns/${unreachable}`);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="start-blocked"[^>]*>Start<\/button>/);
    expect(html).toContain("This campaign cannot start: nobody on its list can be called");
  });

  it("asks before starting when somebody would be skipped, and starts once confirmed", async () => {
    // Spring leads has a lead who wants no more calls.
    const id = await createCampaign({ name: "Needs a yes first" });
    const page = unwrap(await open(id)).value as { startCheck: StartCheck };
    expect(page.startCheck).toMatchObject({ blocker: null });
    expect(page.startCheck.summary.byReason["opted-out"]).toBeGreaterThanOrEqual(1);

    const asked = unwrap(await act(id, "start"));
    expect(asked.status).toBe(409);
    const value = asked.value as { refusal: string; check: StartCheck };
    expect(value.refusal).toBe("confirmation-needed");
    expect(value.check.summary.skipped).toBe(page.startCheck.summary.skipped);
    expect((await campaignRow(id))!.status).toBe("draft");

    // Without JavaScript Start leads to ?start=1: the page with the numbers and "Start anyway".
    const confirming = unwrap(await open(id, "?start=1")).value;
    const html = await renderPage(campaignPage.default, confirming, `/campaigns/${id}?start=1`);
    expect(html).toContain('data-testid="start-confirmation"');
    expect(html).toMatch(/<input type="hidden" name="confirm" value="1"\/>/);
    expect(html).toContain("Start anyway");
    expect(html).toMatch(/\d+ opted out|no more calls/);

    expect(redirectLocation(await startAnyway(id))).toBe(`/campaigns/${id}`);
    expect(["running", "scheduled"]).toContain((await campaignRow(id))!.status);
  });

  it("starts without asking when everybody is merely outside their window: the campaign runs and they wait, nobody is skipped", async () => {
    const { date, weekday } = dayAhead();
    const listId = await listWith("Night owls", [{ phone: "+14165550921" }, { phone: "+14165550922" }, { phone: "+14165550923" }]);
    const id = await createCampaign({ name: "Waits for Thursday", contactListId: listId, windowDays: [weekday] });
    const started = await act(id, "start");
    expect(redirectLocation(started)).toBe(`/campaigns/${id}`);
    const { toast } = await popToast(makeRequest("/", { cookie: cookiesFrom(started as Response) }));
    expect(toast).toMatchObject({ key: "campaigns:toast.startedWaiting", values: { count: 3 } });
    expect((await campaignRow(id))!.status).toBe("running");
    expect(await db().selectFrom("campaign_activity").select("id").where("campaign_id", "=", id).where("kind", "=", "skipped").execute()).toEqual([]);

    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    const opensAt = zonedTimeToInstant({ year, month, day, hour: 9, minute: 0 }, "America/Toronto").toISOString();
    const page = unwrap(await open(id)).value as { waiting: { count: number; nextWindowAt: string } };
    expect(page.waiting).toEqual({ count: 3, nextWindowAt: opensAt });
    const html = await renderPage(campaignPage.default, page, `/campaigns/${id}`);
    expect(html).toContain("3 contacts are waiting for their calling window to open. Next opening:");
  });
});

describe("the campaign form keeps its state", () => {
  const load = async (query = "") => unwrap(await callLoader(newPage.loader, `/campaigns/new${query}`, { cookie: owner })).value;

  it("server-renders only the fields the sending type needs, so nothing moves when scripts load", async () => {
    const immediate = await renderPage(newPage.default, await load(), "/campaigns/new");
    expect(immediate).not.toContain('name="frequency"');
    expect(immediate).not.toContain('name="scheduleAt"');
    // Without scripts a small Apply reloads the form as filled in (a GET to its own page) to show another type's fields.
    expect(immediate).toMatch(
      /<noscript><button type="submit" formmethod="get" formaction="\/campaigns\/new" formnovalidate=""[^>]*>Apply<\/button><\/noscript>/i,
    );
    const recurring = await renderPage(
      newPage.default,
      await load("?name=Weekly+push&sendingType=recurring&windowDays=2&windowStart=08:00&windowEnd=12:00"),
      "/campaigns/new",
    );
    expect(recurring).toContain('name="frequency"');
    expect(recurring).toContain('name="scheduleAt"');
    expect(recurring).toMatch(/value="Weekly push"/);
    const scheduled = await renderPage(newPage.default, await load("?sendingType=scheduled"), "/campaigns/new");
    expect(scheduled).not.toContain('name="frequency"');
    expect(scheduled).toContain('name="scheduleAt"');
  });

  it("shows per number which knowledge base types it has", async () => {
    const html = await renderPage(newPage.default, await load(), "/campaigns/new");
    expect(html).toContain("Main line · +1 (416) 555-0100 — inbound, outbound</option>");
    expect(html).toMatch(/Sales · \+1 \(647\) 555-0199 — (no knowledge base|inbound)<\/option>/);
  });

  it("goes to create the missing knowledge base and comes back to the form as it was left", async () => {
    const number = await db()
      .selectFrom("phone_numbers")
      .select("id")
      .where("tenant_id", "=", demo.tenantId)
      .where("e164", "=", "+16475550199")
      .executeTakeFirstOrThrow();
    await db().deleteFrom("knowledge_bases").where("phone_number_id", "=", number.id).execute();
    const typed = {
      name: "Sales outreach",
      contactListId: demo.springLeads,
      type: "outbound",
      sendingType: "recurring",
      frequency: "weekly",
      scheduleAt: "2030-01-07T10:00",
      phoneNumberId: number.id,
      agentId: "",
      // A ticked box survives the detour too.
      requestFeedback: "on",
      windowDays: ["2", "4"],
      windowStart: "08:30",
      windowEnd: "18:00",
    };
    const failed = await create(validForm(typed));
    expect(errorsOf(failed).errors.phoneNumberId).toEqual(["validation.knowledgeBaseMissing_outbound"]);

    // The form as it comes back from the server, number and type chosen: the warning names the missing type and links to the
    // knowledge-base form with the form's values in returnTo.
    const html = await renderPage(newPage.default, await load(`?${formSearchOf(typed)}`), "/campaigns/new");
    expect(html).toContain("This number has no outbound knowledge base yet.");
    const href = /href="(\/knowledge-base\/new\?[^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    const url = new URL(href, "http://localhost");
    expect(url.searchParams.get("number")).toBe(number.id);
    expect(url.searchParams.get("type")).toBe("outbound");
    const returnTo = url.searchParams.get("returnTo")!;
    expect(returnTo.startsWith("/campaigns/new?name=Sales+outreach&")).toBe(true);

    const kbPage = unwrap(await callLoader(newKnowledgeBasePage.loader, `${url.pathname}${url.search}`, { cookie: owner })).value as {
      defaultValue: { phoneNumberId: string; type: string };
      cancelHref: string;
    };
    expect(kbPage.defaultValue).toMatchObject({ phoneNumberId: number.id, type: "outbound" });
    expect(kbPage.cancelHref).toBe(returnTo);

    const kb = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save",
      name: "Sales outbound",
      type: "outbound",
      phoneNumberId: number.id,
      voice: "ava",
      firstMessage: "Hello from sales",
      content: "x".repeat(120),
      template: "blank",
      transferMode: "none",
      "transferNumbers[0]": "",
      toolName: "",
    }))
      kb.append(name, value);
    const saved = await callAction(newKnowledgeBasePage.action, `${url.pathname}${url.search}`, { cookie: owner, form: kb });
    expect(redirectLocation(saved)).toBe(returnTo);

    // Back on the form: everything as typed, and the number now has its outbound knowledge base.
    const back = (await load(returnTo.slice("/campaigns/new".length))) as {
      defaults: Record<string, unknown>;
      options: { numbers: Array<{ id: string; knowledgeBases: Record<string, { name: string } | null> }> };
    };
    expect(back.defaults).toEqual(typed);
    expect(back.options.numbers.find((n) => n.id === number.id)!.knowledgeBases.outbound?.name).toBe("Sales outbound");
    expect(redirectLocation(await create(validForm(back.defaults as Record<string, string | string[]>)))).toMatch(/^\/campaigns\/[0-9a-f-]{36}$/);
  });

  it("goes back only to a path of this site", async () => {
    const number = await db()
      .selectFrom("phone_numbers")
      .select("id")
      .where("tenant_id", "=", demo.tenantId)
      .where("e164", "=", "+16475550199")
      .executeTakeFirstOrThrow();
    for (const returnTo of ["//evil.test/campaigns/new", "https://evil.test/", "/\\evil.test"]) {
      const query = `?number=${number.id}&type=inbound&returnTo=${encodeURIComponent(returnTo)}`;
      const kb = new FormData();
      for (const [name, value] of Object.entries({
        intent: "save",
        name: `Inbound ${newId().slice(0, 4)}`,
        type: "inbound",
        phoneNumberId: number.id,
        voice: "ava",
        firstMessage: "Hello",
        content: "y".repeat(120),
        template: "blank",
        transferMode: "none",
        "transferNumbers[0]": "",
        toolName: "",
      }))
        kb.append(name, value);
      const saved = await callAction(newKnowledgeBasePage.action, `/knowledge-base/new${query}`, { cookie: owner, form: kb });
      expect(redirectLocation(saved)).toMatch(/^\/knowledge-base(\?|$)/);
    }
  });
});

describe("access and tenant isolation", () => {
  it("answers another tenant's campaign id exactly like a missing one, and changes nothing", async () => {
    const id = await createCampaign({ name: "Demo's own campaign" });
    const before = await campaignRow(id);
    const asOther = { cookie: other.cookie, params: { id } };
    expect(unwrap(await callLoader(campaignPage.loader, `/campaigns/${id}`, asOther)).status).toBe(404);
    expect(unwrap(await callLoader(editPage.loader, `/campaigns/${id}/edit`, asOther)).status).toBe(404);
    expect(unwrap(await callLoader(deletePage.loader, `/campaigns/${id}/delete`, asOther)).status).toBe(404);
    expect(
      unwrap(
        await callAction(editPage.action, `/campaigns/${id}/edit`, {
          ...asOther,
          form: validForm({ contactListId: other.listId, phoneNumberId: other.numberId }),
        }),
      ).status,
    ).toBe(404);
    for (const intent of ["start", "pause", "resume"]) expect(unwrap(await act(id, intent, other.cookie)).status).toBe(404);
    expect(unwrap(await callAction(deletePage.action, `/campaigns/${id}/delete`, { ...asOther, form: {} })).status).toBe(404);
    expect(await campaignRow(id)).toEqual(before);
    expect(unwrap(await act("no-such-id", "start")).status).toBe(404);

    const theirs = (unwrap(await callLoader(listPage.loader, "/campaigns", { cookie: other.cookie })).value as { list: { total: number } }).list;
    expect(theirs.total).toBe(0);
    const theirId = await createCampaign({ name: "Their campaign", contactListId: other.listId, phoneNumberId: other.numberId }, other.cookie);
    expect((await campaignRow(theirId))!.tenant_id).toBe(other.tenantId);
    expect(unwrap(await open(theirId)).status).toBe(404);
    const ours = (unwrap(await callLoader(listPage.loader, "/campaigns", { cookie: owner })).value as { list: { rows: Array<{ id: string }> } }).list;
    expect(ours.rows.some((row) => row.id === theirId)).toBe(false);
  });

  it("keeps read-only users out of the screen and its actions", async () => {
    const agent = await sessionCookieFor("agent@demo.test");
    const id = await createCampaign({ name: "Agent cannot see" });
    expect(redirectLocation(await callLoader(listPage.loader, "/campaigns", { cookie: agent }))).toBe("/overview");
    expect(unwrap(await callLoader(newPage.loader, "/campaigns/new", { cookie: agent })).status).toBe(403);
    expect(unwrap(await create(validForm(), agent)).status).toBe(403);
    expect(unwrap(await act(id, "start", agent)).status).toBe(403);
    expect(unwrap(await callAction(deletePage.action, `/campaigns/${id}/delete`, { cookie: agent, form: {}, params: { id } })).status).toBe(403);
    expect((await campaignRow(id))!.status).toBe("draft");
  });
});
