import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { createDeal } from "~/features/deals/deals.server";
import { ensurePipelines, listPipelines, listStages } from "~/features/deals/pipelines.server";
import { deleteAccount } from "~/features/profile/profile.server";
import { registerWebhook } from "~/features/integrations/delivery/webhooks.server";
import type { Language } from "~/i18n/config";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { TranslationProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import { Translator } from "~/i18n/translator";
import * as editPage from "~/routes/_dashboard+/crm-deals+/$id.edit";
import * as deletePage from "~/routes/_dashboard+/crm-deals+/$id.delete";
import * as boardPage from "~/routes/_dashboard+/crm-deals+/_index";
import * as newPage from "~/routes/_dashboard+/crm-deals+/new";
import * as pipelinePage from "~/routes/_dashboard+/crm-deals+/pipelines.$id._index";
import * as deletePipelinePage from "~/routes/_dashboard+/crm-deals+/pipelines.$id.delete";
import * as newPipelinePage from "~/routes/_dashboard+/crm-deals+/pipelines.new";
import * as removeStagePage from "~/routes/_dashboard+/crm-deals+/pipelines.$id.stages.$stageId.delete";
import * as recordingPage from "~/routes/_dashboard+/recordings+/$id";
import { BASE_URL, callAction, callLoader, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";
import { call, contact, contactList, integration, organization, tenantUser, tenantWithOwner, type TestTenant } from "../support/factories";

/*
 * Deals through their loaders and actions, on SQLite and PostgreSQL alike:
 * the default pipeline made once however many first visits race, every form's
 * messages in both languages, the move's rules, stage editing, the board and
 * the list, tenant isolation of deals and pipelines, and the deliveries the
 * integration hub queues for deal events.
 */

const db = () => getDb();

let ours: TestTenant;
let theirs: TestTenant;
let ourContact = "";
let theirContact = "";

beforeAll(async () => {
  await prepareTestDatabase();
  ours = await tenantWithOwner({ name: "Dana Deals", phone: "4165550181" });
  theirs = await tenantWithOwner({ name: "Other Owner", phone: "4165550182" });
  const list = await contactList(ours.tenantId, { name: "Leads" });
  ourContact = (
    await contact(ours.tenantId, { listId: list.id, first_name: "Sarah", last_name: "Thompson", company: "Maple Leaf Dental", phone: "+14165550123" })
  ).id;
  theirContact = (await contact(theirs.tenantId, { first_name: "Theirs" })).id;
});

async function stagesOf(tenant: TestTenant) {
  await ensurePipelines(tenant.tenantId);
  const [pipeline] = await listPipelines(tenant.tenantId);
  const stages = await listStages(tenant.tenantId, pipeline!.id);
  const byKey = (key: string) => stages.find((stage) => stage.system_key === key)!.id;
  return { pipelineId: pipeline!.id, stages, byKey };
}

function form(fields: Record<string, string | undefined>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  return data;
}

function errorsOf(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = value as { result?: { error?: Record<string, string[] | null> } } | undefined;
  return { status, errors: reply?.result?.error ?? {} };
}

async function createDealVia(tenant: TestTenant, fields: Record<string, string | undefined>, language: "en" | "de" = "en") {
  return callAction(newPage.action, "/crm-deals/new", { cookie: tenant.cookie, form: form(fields), language });
}

async function newDeal(tenant: TestTenant, fields: Record<string, string | undefined> = {}) {
  const { byKey } = await stagesOf(tenant);
  const title = fields.title ?? `Deal ${Math.random().toString(36).slice(2, 8)}`;
  const result = await createDealVia(tenant, { title, value: "1000", stageId: byKey("new"), ...fields });
  expect(redirectLocation(result), JSON.stringify(errorsOf(result))).toBe("/crm-deals");
  return (await db().selectFrom("deals").selectAll().where("tenant_id", "=", tenant.tenantId).where("title", "=", title).executeTakeFirstOrThrow())!;
}

const move = (tenant: { cookie: string }, fields: Record<string, string>) =>
  callAction(boardPage.action, "/crm-deals?index", { cookie: tenant.cookie, form: { intent: "move", returnTo: "/crm-deals?view=list", ...fields } });

describe("the default pipeline", () => {
  it("is made on the first visit with new, qualified, proposal, negotiation, won and lost, once however many visits race", async () => {
    const fresh = await tenantWithOwner({ name: "Racing Owner", phone: "4165550183" });
    await Promise.all([ensurePipelines(fresh.tenantId), ensurePipelines(fresh.tenantId), ensurePipelines(fresh.tenantId)]);
    const view = unwrap(await callLoader(boardPage.loader, "/crm-deals", { cookie: fresh.cookie })).value as {
      view: { stages: Array<{ name: string; kind: string }> };
    };
    expect(await listPipelines(fresh.tenantId)).toHaveLength(1);
    expect(view.view.stages).toEqual([
      { id: expect.any(String), name: "New", kind: "open" },
      { id: expect.any(String), name: "Qualified", kind: "open" },
      { id: expect.any(String), name: "Proposal", kind: "open" },
      { id: expect.any(String), name: "Negotiation", kind: "open" },
      { id: expect.any(String), name: "Won", kind: "won" },
      { id: expect.any(String), name: "Lost", kind: "lost" },
    ]);
    // The built-in names follow each reader's language until someone renames them.
    const german = unwrap(await callLoader(boardPage.loader, "/crm-deals", { cookie: fresh.cookie, language: "de" })).value as {
      view: { stages: Array<{ name: string }> };
    };
    expect(german.view.stages.map((stage) => stage.name)).toEqual(["Neu", "Qualifiziert", "Angebot", "Verhandlung", "Gewonnen", "Verloren"]);
  });
});

describe("the deal form", () => {
  const cases: Array<[string, Record<string, string | undefined>, string, string]> = [
    ["no title", { title: undefined }, "title", "validation.titleRequired"],
    ["a blank title", { title: "   " }, "title", "validation.titleRequired"],
    ["a title over 120 characters", { title: "x".repeat(121) }, "title", "validation.titleTooLong"],
    ["no value", { value: undefined }, "value", "validation.valueRequired"],
    ["a value that is not an amount", { value: "lots" }, "value", "validation.valueInvalid"],
    ["a negative value", { value: "-5" }, "value", "validation.valueInvalid"],
    ["three decimal places", { value: "10.005" }, "value", "validation.valueTooPrecise"],
    ["a value beyond a trillion", { value: "1000000000000.01" }, "value", "validation.valueTooLarge"],
    ["no stage", { stageId: undefined }, "stageId", "validation.stageRequired"],
    ["a date that does not exist", { expectedCloseOn: "2026-02-30" }, "expectedCloseOn", "validation.closeDateInvalid"],
    ["a lost reason over 500 characters", { lostReason: "x".repeat(501) }, "lostReason", "validation.lostReasonTooLong"],
  ];

  it.each(cases)("refuses %s at its field, saving nothing", async (_label, overrides, field, message) => {
    const { byKey } = await stagesOf(ours);
    const before = await db().selectFrom("deals").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const { status, errors } = errorsOf(await createDealVia(ours, { title: "A deal", value: "100", stageId: byKey("new"), ...overrides }));
    expect(status).toBe(400);
    expect(errors[field]).toEqual([message]);
    const after = await db().selectFrom("deals").select(db().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses another tenant's stage, contact and member, and a lost stage without a reason, each at its field", async () => {
    const { byKey } = await stagesOf(ours);
    const other = await stagesOf(theirs);
    const base = { title: "Checked", value: "100" };
    expect(errorsOf(await createDealVia(ours, { ...base, stageId: other.byKey("new") })).errors).toEqual({ stageId: ["validation.stageUnknown"] });
    const refused = errorsOf(await createDealVia(ours, { ...base, stageId: byKey("lost"), contactId: theirContact, ownerId: theirs.ownerId }));
    expect(refused).toEqual({
      status: 400,
      errors: { contactId: ["validation.contactUnknown"], ownerId: ["validation.ownerUnknown"], lostReason: ["validation.lostReasonRequired"] },
    });
    // What was typed comes back with the messages.
    const reply = unwrap(await createDealVia(ours, { ...base, value: "12,5x", stageId: byKey("new") })).value as {
      result: { initialValue: Record<string, string> };
    };
    expect(reply.result.initialValue).toMatchObject({ title: "Checked", value: "12,5x" });
  });

  it("reads the value in the user's language and stores minor units in the tenant's currency (its billing currency, else euros)", async () => {
    const { byKey } = await stagesOf(ours);
    const german = await createDealVia(
      ours,
      { title: "Deutsch", value: "1.234,50", stageId: byKey("new"), contactId: ourContact, expectedCloseOn: "2030-05-04" },
      "de",
    );
    expect(redirectLocation(german)).toBe("/crm-deals");
    const row = await db().selectFrom("deals").selectAll().where("title", "=", "Deutsch").executeTakeFirstOrThrow();
    const account = await db().selectFrom("billing_accounts").select("currency").where("tenant_id", "=", ours.tenantId).executeTakeFirst();
    expect({ value: Number(row.value_minor), currency: row.currency, close: row.expected_close_on, contact: row.contact_id }).toEqual({
      value: 123_450,
      currency: account?.currency ?? "EUR",
      close: "2030-05-04",
      contact: ourContact,
    });
    await createDealVia(ours, { title: "English", value: "1,234.50", stageId: byKey("new") });
    expect(Number((await db().selectFrom("deals").select("value_minor").where("title", "=", "English").executeTakeFirstOrThrow()).value_minor)).toBe(123_450);
  });

  it("has every message in English and German, each different", async () => {
    const en = await getTranslatorFor("en", "deals");
    const de = await getTranslatorFor("de", "deals");
    const keys = [
      ...new Set([
        ...cases.map((each) => each[3]),
        "validation.stageUnknown",
        "validation.contactUnknown",
        "validation.ownerUnknown",
        "validation.lostReasonRequired",
        "validation.dealGone",
        "validation.changedMeanwhile",
        "validation.pipelineNameRequired",
        "validation.pipelineNameTooLong",
        "validation.pipelineNameTaken",
        "validation.tooManyPipelines",
        "validation.pipelineHasDeals",
        "validation.lastPipeline",
        "validation.stageNameRequired",
        "validation.stageNameTooLong",
        "validation.stageNameTaken",
        "validation.kindRequired",
        "validation.tooManyStages",
        "validation.lastOpenStage",
        "validation.kindHasDeals",
        "validation.targetRequired",
        "failures.createFailed",
        "failures.saveFailed",
        "failures.deleteFailed",
        "failures.moveFailed",
        "failures.pipelineFailed",
      ]),
    ];
    for (const key of keys) {
      expect(en(key), key).not.toBe(key);
      expect(de(key), key).not.toBe(key);
      expect(de(key), key).not.toBe(en(key));
    }
    expect(en("validation.lostReasonRequired")).toBe("Say why the deal was lost.");
    expect(de("validation.lostReasonRequired")).toBe("Geben Sie an, warum der Deal verloren wurde.");
  });

  it("renders a refused form in German with the message at its field and the typed value kept", async () => {
    const { byKey } = await stagesOf(ours);
    const page = unwrap(await callLoader(newPage.loader, "/crm-deals/new", { cookie: ours.cookie, language: "de" })).value;
    const refused = unwrap(await createDealVia(ours, { title: "Offen", value: "viel", stageId: byKey("new") }, "de")).value as { result: unknown };
    const html = await renderAfterPost(newPage.default, page, refused, "/crm-deals/new", "de");
    expect(html).toContain("Geben Sie den Wert als Betrag ein, etwa 1.234,50.");
    expect(html).toContain('value="viel"');
    expect(html).toContain('aria-invalid="true"');
  });
});

/** Renders a page the way it arrives after a POST without JavaScript: the action's answer and the loader's data. */
async function renderAfterPost(Component: ComponentType, loaderData: unknown, actionData: unknown, path: string, language: Language) {
  const url = new URL(path, BASE_URL);
  const handler = createStaticHandler([{ id: "page", path: url.pathname, loader: () => loaderData as object, action: () => actionData as object, Component }]);
  const context = await handler.query(new Request(url, { method: "POST", body: new URLSearchParams() }));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const translator = new Translator(language, resources[language]);
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { translator },
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    ),
  );
}

describe("moving a deal", () => {
  it("asks why at the reason field when the stage is lost, closes the deal, and opens it again on the way back", async () => {
    const { byKey } = await stagesOf(ours);
    const deal = await newDeal(ours);
    const refused = unwrap(await move(ours, { dealId: deal.id, stageId: byKey("lost") }));
    expect(refused).toMatchObject({
      status: 400,
      value: { dealId: deal.id, stageId: byKey("lost"), errors: { lostReason: ["validation.lostReasonRequired"] } },
    });
    expect((await db().selectFrom("deals").select("stage_id").where("id", "=", deal.id).executeTakeFirstOrThrow()).stage_id).toBe(byKey("new"));

    expect(redirectLocation(await move(ours, { dealId: deal.id, stageId: byKey("lost"), lostReason: "Went with a competitor" }))).toBe("/crm-deals?view=list");
    const lost = await db().selectFrom("deals").selectAll().where("id", "=", deal.id).executeTakeFirstOrThrow();
    expect({ stage: lost.stage_id, reason: lost.lost_reason, closed: lost.closed_at !== null }).toEqual({
      stage: byKey("lost"),
      reason: "Went with a competitor",
      closed: true,
    });

    await move(ours, { dealId: deal.id, stageId: byKey("proposal") });
    const reopened = await db().selectFrom("deals").selectAll().where("id", "=", deal.id).executeTakeFirstOrThrow();
    expect({ stage: reopened.stage_id, reason: reopened.lost_reason, closed: reopened.closed_at }).toEqual({
      stage: byKey("proposal"),
      reason: null,
      closed: null,
    });
  });

  it("refuses a stage of another pipeline and a deal of another tenant, and keeps the agent (read-only) out", async () => {
    const { byKey } = await stagesOf(ours);
    const deal = await newDeal(ours);
    const other = await stagesOf(theirs);
    expect(unwrap(await move(ours, { dealId: deal.id, stageId: other.byKey("won") }))).toMatchObject({
      status: 400,
      value: { errors: { stageId: ["validation.stageUnknown"] } },
    });
    expect(unwrap(await move(theirs, { dealId: deal.id, stageId: other.byKey("won") }))).toMatchObject({
      status: 404,
      value: { errors: { "": ["validation.dealGone"] } },
    });
    const agent = await tenantUser(ours.tenantId, { role: "agent" });
    const forbidden = await move(agent, { dealId: deal.id, stageId: byKey("won") });
    expect((forbidden as Response).status).toBe(403);
    expect((await db().selectFrom("deals").select("stage_id").where("id", "=", deal.id).executeTakeFirstOrThrow()).stage_id).toBe(byKey("new"));
  });

  it("moves through the deal's form by the same rules", async () => {
    const { byKey } = await stagesOf(ours);
    const deal = await newDeal(ours, { title: "Edited" });
    const edit = (fields: Record<string, string>) =>
      callAction(editPage.action, `/crm-deals/${deal.id}/edit`, {
        cookie: ours.cookie,
        params: { id: deal.id },
        form: form({ title: "Edited", value: "2000", ...fields }),
      });
    expect(errorsOf(await edit({ stageId: byKey("lost") })).errors).toEqual({ lostReason: ["validation.lostReasonRequired"] });
    expect(redirectLocation(await edit({ stageId: byKey("won"), ownerId: ours.ownerId }))).toBe("/crm-deals");
    const won = await db().selectFrom("deals").selectAll().where("id", "=", deal.id).executeTakeFirstOrThrow();
    expect({ stage: won.stage_id, value: Number(won.value_minor), owner: won.owner_user_id, closed: won.closed_at !== null }).toEqual({
      stage: byKey("won"),
      value: 200_000,
      owner: ours.ownerId,
      closed: true,
    });
  });
});

describe("the board and the list", () => {
  it("count and total every stage, and filter, sort and page the list from the URL", async () => {
    const tenant = await tenantWithOwner({ name: "Board Owner", phone: "4165550184" });
    const { byKey } = await stagesOf(tenant);
    await newDeal(tenant, { title: "Alpha", value: "100", stageId: byKey("new"), expectedCloseOn: "2030-01-10" });
    await newDeal(tenant, { title: "Bravo", value: "250.50", stageId: byKey("new"), expectedCloseOn: "2030-03-10" });
    await newDeal(tenant, { title: "Charlie", value: "1000", stageId: byKey("won"), ownerId: tenant.ownerId });
    type View = {
      view: {
        board: Array<{ stage: { name: string }; count: number; totals: Array<{ valueMinor: number }>; cards: Array<{ title: string }> }> | null;
        list: { rows: Array<{ title: string }>; total: number } | null;
        params: Record<string, unknown>;
        returnTo: string;
      };
    };
    const board = (unwrap(await callLoader(boardPage.loader, "/crm-deals", { cookie: tenant.cookie })).value as View).view.board!;
    expect(board.map((column) => [column.stage.name, column.count, column.totals.map((total) => total.valueMinor)])).toEqual([
      ["New", 2, [35_050]],
      ["Qualified", 0, []],
      ["Proposal", 0, []],
      ["Negotiation", 0, []],
      ["Won", 1, [100_000]],
      ["Lost", 0, []],
    ]);
    const list = async (query: string) => (unwrap(await callLoader(boardPage.loader, `/crm-deals?${query}`, { cookie: tenant.cookie })).value as View).view;
    expect((await list("view=list&sort=value&order=asc")).list!.rows.map((row) => row.title)).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect((await list(`view=list&stage=${byKey("new")}&sort=title&order=desc`)).list!.rows.map((row) => row.title)).toEqual(["Bravo", "Alpha"]);
    expect((await list(`view=list&owner=${tenant.ownerId}`)).list!.rows.map((row) => row.title)).toEqual(["Charlie"]);
    expect((await list("view=list&closeFrom=2030-02-01&sort=title")).list!.rows.map((row) => row.title)).toEqual(["Bravo"]);
    expect((await list("view=list&closeTo=2030-02-01&sort=title")).list!.rows.map((row) => row.title)).toEqual(["Alpha"]);
    expect((await list("view=list&q=brav")).list!.rows.map((row) => row.title)).toEqual(["Bravo"]);
    // The close date sorts dated deals first either way; a deal without one comes last.
    expect((await list("view=list&sort=close&order=desc")).list!.rows.map((row) => row.title)).toEqual(["Bravo", "Alpha", "Charlie"]);
    // Unknown values fall back to the defaults, and the URL the page keeps is the canonical one.
    const lenient = await list(`view=list&stage=nope&owner=${theirs.ownerId}&sort=sideways&page=x&pipeline=${(await stagesOf(theirs)).pipelineId}`);
    expect(lenient.list!.total).toBe(3);
    expect(lenient.returnTo).toBe("/crm-deals?view=list");
  });
});

describe("the list's pages", () => {
  it("holds 25 deals a page, and a page past the last is the last", async () => {
    const tenant = await tenantWithOwner({ name: "Paging Owner", phone: "4165550189" });
    const { pipelineId, byKey } = await stagesOf(tenant);
    for (let index = 0; index < 26; index++) {
      const made = await createDeal(
        tenant.tenantId,
        pipelineId,
        {
          title: `Deal ${String(index).padStart(2, "0")}`,
          valueMinor: 100,
          stageId: byKey("new"),
          lostReason: null,
          contactId: null,
          ownerId: null,
          expectedCloseOn: null,
        },
        { createdBy: tenant.ownerId },
      );
      expect(made.ok).toBe(true);
    }
    type Page = { view: { list: { rows: Array<{ title: string }>; total: number; pageCount: number }; params: { page: number } } };
    const page = async (query: string) =>
      (unwrap(await callLoader(boardPage.loader, `/crm-deals?view=list&sort=title&${query}`, { cookie: tenant.cookie })).value as Page).view;
    const first = await page("page=1");
    expect([first.list.rows.length, first.list.total, first.list.pageCount]).toEqual([25, 26, 2]);
    const last = await page("page=99");
    expect([last.params.page, last.list.rows.map((row) => row.title)]).toEqual([2, ["Deal 25"]]);
  });
});

describe("tenant isolation", () => {
  it("keeps another tenant's deals and pipelines out of every page and action", async () => {
    const deal = await newDeal(ours, { title: "Ours only" });
    const { pipelineId, byKey } = await stagesOf(ours);
    const board = JSON.stringify(unwrap(await callLoader(boardPage.loader, `/crm-deals?pipeline=${pipelineId}`, { cookie: theirs.cookie })).value);
    expect(board).not.toContain("Ours only");
    expect(board).not.toContain(pipelineId);
    const status = (result: unknown) => (result instanceof Response ? result.status : unwrap(result).status);
    const asTheirs = { cookie: theirs.cookie };
    expect(status(await callLoader(editPage.loader, `/crm-deals/${deal.id}/edit`, { ...asTheirs, params: { id: deal.id } }))).toBe(404);
    expect(
      status(
        await callAction(editPage.action, `/crm-deals/${deal.id}/edit`, {
          ...asTheirs,
          params: { id: deal.id },
          form: { title: "Taken", value: "1", stageId: byKey("new") },
        }),
      ),
    ).toBe(404);
    expect(status(await callLoader(deletePage.loader, `/crm-deals/${deal.id}/delete`, { ...asTheirs, params: { id: deal.id } }))).toBe(404);
    expect(status(await callAction(deletePage.action, `/crm-deals/${deal.id}/delete`, { ...asTheirs, params: { id: deal.id }, form: {} }))).toBe(404);
    expect(status(await callLoader(pipelinePage.loader, `/crm-deals/pipelines/${pipelineId}`, { ...asTheirs, params: { id: pipelineId } }))).toBe(404);
    expect(
      status(
        await callAction(pipelinePage.action, `/crm-deals/pipelines/${pipelineId}`, {
          ...asTheirs,
          params: { id: pipelineId },
          form: { intent: "rename", name: "Taken" },
        }),
      ),
    ).toBe(404);
    expect(
      status(await callAction(deletePipelinePage.action, `/crm-deals/pipelines/${pipelineId}/delete`, { ...asTheirs, params: { id: pipelineId }, form: {} })),
    ).toBe(404);
    expect(
      status(
        await callLoader(removeStagePage.loader, `/crm-deals/pipelines/${pipelineId}/stages/${byKey("new")}/delete`, {
          ...asTheirs,
          params: { id: pipelineId, stageId: byKey("new") },
        }),
      ),
    ).toBe(404);
    // A deal made by them in their pipeline cannot be put in our stage, nor given our contact.
    const other = await stagesOf(theirs);
    expect(errorsOf(await createDealVia(theirs, { title: "Sneaky", value: "1", stageId: byKey("new") })).errors).toEqual({
      stageId: ["validation.stageUnknown"],
    });
    expect(errorsOf(await createDealVia(theirs, { title: "Sneaky", value: "1", stageId: other.byKey("new"), contactId: ourContact })).errors).toEqual({
      contactId: ["validation.contactUnknown"],
    });
    const still = await db().selectFrom("deals").selectAll().where("id", "=", deal.id).executeTakeFirstOrThrow();
    expect(still.title).toBe("Ours only");
    expect((await listPipelines(ours.tenantId)).map((pipeline) => pipeline.id)).toContain(pipelineId);
  });
});

describe("what a deal points at going away", () => {
  it("a deleted contact, call or member leaves the deal without them; a deleted tenant takes its deals and pipelines along", async () => {
    const tenant = await tenantWithOwner({ name: "Leaving Owner", phone: "4165550188" });
    const colleague = await tenantUser(tenant.tenantId, { role: "admin" });
    const person = await contact(tenant.tenantId, { first_name: "Gone" });
    const callId = await call(tenant.tenantId);
    const { byKey } = await stagesOf(tenant);
    const made = await createDeal(
      tenant.tenantId,
      (await listPipelines(tenant.tenantId))[0]!.id,
      { title: "Orphan", valueMinor: 100, stageId: byKey("won"), lostReason: null, contactId: person.id, ownerId: colleague.userId, expectedCloseOn: null },
      { createdBy: tenant.ownerId, callId },
    );
    if (!made.ok) throw new Error("refused");
    await db().deleteFrom("contacts").where("id", "=", person.id).execute();
    await db().deleteFrom("calls").where("id", "=", callId).execute();
    await deleteAccount({ id: colleague.userId, tenantId: tenant.tenantId });
    const orphan = await db().selectFrom("deals").selectAll().where("id", "=", made.id).executeTakeFirstOrThrow();
    expect({ contact: orphan.contact_id, call: orphan.call_id, owner: orphan.owner_user_id }).toEqual({ contact: null, call: null, owner: null });
    expect(await deleteAccount({ id: tenant.ownerId, tenantId: tenant.tenantId })).toMatchObject({ tenantDeleted: true });
    expect(await db().selectFrom("deals").select("id").where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
    expect(await db().selectFrom("deal_pipelines").select("id").where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
    expect(await db().selectFrom("deal_stages").select("id").where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
  });
});

describe("pipelines and stages", () => {
  it("are edited by the rules: unique names, an open stage kept, a kind changed only while empty, a stage's deals moved before it goes", async () => {
    const tenant = await tenantWithOwner({ name: "Editing Owner", phone: "4165550185" });
    const { pipelineId, byKey } = await stagesOf(tenant);
    const post = (fields: Record<string, string>) =>
      callAction(pipelinePage.action, `/crm-deals/pipelines/${pipelineId}`, { cookie: tenant.cookie, params: { id: pipelineId }, form: fields });

    expect(redirectLocation(await post({ intent: "add-stage", name: "Demo booked", kind: "open" }))).toBe(`/crm-deals/pipelines/${pipelineId}`);
    const names = async () => (await listStages(tenant.tenantId, pipelineId)).map((stage) => stage.name ?? stage.system_key);
    // A new open stage goes before the closing ones.
    expect(await names()).toEqual(["new", "qualified", "proposal", "negotiation", "Demo booked", "won", "lost"]);
    expect(errorsOf(await post({ intent: "add-stage", name: "qualified ", kind: "open" })).errors).toEqual({ name: ["validation.stageNameTaken"] });
    expect(errorsOf(await post({ intent: "add-stage", name: "", kind: "sideways" })).errors).toEqual({
      name: ["validation.stageNameRequired"],
      kind: ["validation.kindRequired"],
    });
    expect(errorsOf(await post({ intent: "add-stage", name: "x".repeat(41), kind: "open" })).errors).toEqual({ name: ["validation.stageNameTooLong"] });

    await post({ intent: "stage-up", stageId: byKey("negotiation") });
    expect(await names()).toEqual(["new", "qualified", "negotiation", "proposal", "Demo booked", "won", "lost"]);
    // Saved under the name it shows, a built-in stage keeps showing in each reader's language.
    await post({ intent: "save-stage", stageId: byKey("proposal"), name: "Proposal", kind: "open" });
    await post({ intent: "save-stage", stageId: byKey("qualified"), name: "Vetted", kind: "open" });
    expect(await names()).toEqual(["new", "Vetted", "negotiation", "proposal", "Demo booked", "won", "lost"]);

    await newDeal(tenant, { title: "Sits in new", stageId: byKey("new") });
    expect(errorsOf(await post({ intent: "save-stage", stageId: byKey("new"), name: "New", kind: "won" })).errors).toEqual({
      kind: ["validation.kindHasDeals"],
    });

    const remove = (stageId: string, fields: Record<string, string> = {}) =>
      callAction(removeStagePage.action, `/crm-deals/pipelines/${pipelineId}/stages/${stageId}/delete`, {
        cookie: tenant.cookie,
        params: { id: pipelineId, stageId },
        form: fields,
      });
    expect(errorsOf(await remove(byKey("new"))).errors).toEqual({ targetStageId: ["validation.targetRequired"] });
    expect(errorsOf(await remove(byKey("new"), { targetStageId: byKey("lost") })).errors).toEqual({ lostReason: ["validation.lostReasonRequired"] });
    expect(redirectLocation(await remove(byKey("new"), { targetStageId: byKey("proposal") }))).toBe(`/crm-deals/pipelines/${pipelineId}`);
    const moved = await db().selectFrom("deals").select("stage_id").where("tenant_id", "=", tenant.tenantId).executeTakeFirstOrThrow();
    expect(moved.stage_id).toBe(byKey("proposal"));
    expect(await names()).toEqual(["Vetted", "negotiation", "proposal", "Demo booked", "won", "lost"]);

    // Every pipeline keeps an open stage: the last one can neither go nor turn into a closing one.
    for (const stageId of [
      byKey("qualified"),
      byKey("negotiation"),
      (await listStages(tenant.tenantId, pipelineId)).find((stage) => stage.name === "Demo booked")!.id,
    ])
      await remove(stageId);
    expect(errorsOf(await remove(byKey("proposal"), { targetStageId: byKey("won") })).errors).toEqual({ "": ["validation.lastOpenStage"] });
    expect(errorsOf(await post({ intent: "save-stage", stageId: byKey("proposal"), name: "Proposal", kind: "won" })).errors).toEqual({
      kind: ["validation.lastOpenStage"],
    });
  });

  it("adds, renames and deletes pipelines: names unique per tenant, never the last one, never one that holds deals", async () => {
    const tenant = await tenantWithOwner({ name: "Pipelines Owner", phone: "4165550186" });
    const { pipelineId: first } = await stagesOf(tenant);
    const create = (name: string) => callAction(newPipelinePage.action, "/crm-deals/pipelines/new", { cookie: tenant.cookie, form: { name } });
    expect(errorsOf(await create("")).errors).toEqual({ name: ["validation.pipelineNameRequired"] });
    expect(errorsOf(await create("x".repeat(61))).errors).toEqual({ name: ["validation.pipelineNameTooLong"] });
    expect(redirectLocation(await create("Partners"))).toMatch(/^\/crm-deals\/pipelines\/[0-9a-f-]+\?returnTo=/);
    expect(errorsOf(await create(" partners")).errors).toEqual({ name: ["validation.pipelineNameTaken"] });
    const second = (await listPipelines(tenant.tenantId)).find((pipeline) => pipeline.name === "Partners")!;
    expect(await listStages(tenant.tenantId, second.id)).toHaveLength(6);

    const renamed = await callAction(pipelinePage.action, `/crm-deals/pipelines/${first}`, {
      cookie: tenant.cookie,
      params: { id: first },
      form: { intent: "rename", name: "PARTNERS" },
    });
    expect(errorsOf(renamed).errors).toEqual({ name: ["validation.pipelineNameTaken"] });

    const secondStages = await listStages(tenant.tenantId, second.id);
    await newDeal(tenant, { title: "Partner deal", stageId: secondStages[0]!.id, pipeline: second.id });
    const remove = (id: string) =>
      callAction(deletePipelinePage.action, `/crm-deals/pipelines/${id}/delete`, { cookie: tenant.cookie, params: { id }, form: {} });
    expect(unwrap(await remove(second.id))).toMatchObject({ status: 409, value: { refusal: "validation.pipelineHasDeals" } });
    // The default goes; the other becomes the default.
    expect(redirectLocation(await remove(first))).toBe("/crm-deals");
    const left = await listPipelines(tenant.tenantId);
    expect(left.map((pipeline) => [pipeline.id, pipeline.is_default])).toEqual([[second.id, 1]]);
    await db().deleteFrom("deals").where("tenant_id", "=", tenant.tenantId).execute();
    expect(unwrap(await remove(second.id))).toMatchObject({ status: 409, value: { refusal: "validation.lastPipeline" } });
  });
});

describe("deals made from a recording or a contact", () => {
  it("prefill the title and the contact whose number the call's customer has, and link back to the call", async () => {
    const callId = await call(ours.tenantId, { direction: "inbound", from: "+1 416-555-0123", to: "+14165550100", userName: "Sarah T." });
    const recording = unwrap(await callLoader(recordingPage.loader, `/recordings/${callId}`, { cookie: ours.cookie, params: { id: callId } })).value as {
      dealLink: { href: string; label: string } | null;
    };
    expect(recording.dealLink).toEqual({ href: `/crm-deals/new?call=${callId}`, label: "Create deal" });
    const agent = await tenantUser(ours.tenantId, { role: "agent" });
    const agentsView = unwrap(await callLoader(recordingPage.loader, `/recordings/${callId}`, { cookie: agent.cookie, params: { id: callId } })).value as {
      dealLink: unknown;
    };
    expect(agentsView.dealLink).toBeNull();

    const page = unwrap(await callLoader(newPage.loader, `/crm-deals/new?call=${callId}`, { cookie: ours.cookie })).value as {
      defaults: Record<string, string>;
      hidden: Record<string, string>;
    };
    expect(page.defaults).toMatchObject({ title: "Deal with Sarah Thompson", contactId: ourContact, ownerId: ours.ownerId });
    expect(page.hidden.call).toBe(callId);
    const { byKey } = await stagesOf(ours);
    await createDealVia(ours, { ...page.defaults, value: "500", stageId: byKey("new"), ...page.hidden });
    const made = await db().selectFrom("deals").selectAll().where("call_id", "=", callId).executeTakeFirstOrThrow();
    expect(made.contact_id).toBe(ourContact);
    // Another tenant's call is not theirs to start from.
    const foreign = unwrap(await callLoader(newPage.loader, `/crm-deals/new?call=${callId}`, { cookie: theirs.cookie })).value as {
      defaults: Record<string, string>;
    };
    expect(foreign.defaults.title).toBeUndefined();
  });

  it("from a contact: the form starts with the contact", async () => {
    const page = unwrap(await callLoader(newPage.loader, `/crm-deals/new?contact=${ourContact}`, { cookie: ours.cookie })).value as {
      defaults: Record<string, string>;
      contacts: { options: Array<{ id: string; label: string }> };
    };
    expect(page.defaults).toMatchObject({ title: "Deal with Sarah Thompson", contactId: ourContact });
    expect(page.contacts.options[0]).toEqual({ id: ourContact, label: "Sarah Thompson · Maple Leaf Dental" });
    // The contact search keeps what was typed: the form sent back as a GET.
    const searched = unwrap(await callLoader(newPage.loader, `/crm-deals/new?title=Typed&value=12&contactSearch=thomp`, { cookie: ours.cookie })).value as {
      defaults: Record<string, string>;
      contacts: { options: Array<{ id: string }>; total: number };
    };
    expect(searched.defaults).toMatchObject({ title: "Typed", value: "12" });
    expect(searched.contacts.options.map((option) => option.id)).toEqual([ourContact]);
  });
});

describe("domain events to the integration hub", () => {
  it("queue a delivery for each deal event a tenant's webhook subscribed to, in the change's transaction", async () => {
    const tenant = await tenantWithOwner({ name: "Hub Owner", phone: "4165550187" });
    const org = await organization(tenant);
    const connection = await integration(tenant.tenantId, org.id);
    await registerWebhook(tenant.tenantId, connection.id, { url: "http://127.0.0.1:9/hook", events: ["deal.created", "deal.stage-changed", "deal.deleted"] });
    const deliveries = () =>
      db()
        .selectFrom("integration_deliveries")
        .select(["event", "record_kind", "target", "snapshot"])
        .where("tenant_id", "=", tenant.tenantId)
        .orderBy("created_at")
        .execute();
    const { byKey } = await stagesOf(tenant);
    const deal = await newDeal(tenant, { title: "Hooked", value: "99.95" });
    await move(tenant, { dealId: deal.id, stageId: byKey("lost") });
    expect(await deliveries()).toHaveLength(1);
    await move(tenant, { dealId: deal.id, stageId: byKey("won") });
    // deal.updated is not subscribed: a change of value queues nothing.
    await callAction(editPage.action, `/crm-deals/${deal.id}/edit`, {
      cookie: tenant.cookie,
      params: { id: deal.id },
      form: form({ title: "Hooked", value: "120", stageId: byKey("won") }),
    });
    await callAction(deletePage.action, `/crm-deals/${deal.id}/delete`, { cookie: tenant.cookie, params: { id: deal.id }, form: {} });
    const queued = await deliveries();
    expect(queued.map((row) => [row.event, row.record_kind, row.target])).toEqual([
      ["deal.created", "deal", "webhook"],
      ["deal.stage-changed", "deal", "webhook"],
      ["deal.deleted", "deal", "webhook"],
    ]);
    const moved = JSON.parse(queued[1]!.snapshot) as Record<string, unknown>;
    expect(moved).toMatchObject({
      "deal.title": "Hooked",
      "deal.value": "99.95",
      "deal.stageName": "Won",
      "deal.stageKind": "won",
      "deal.previousStageName": "New",
    });
    expect(JSON.parse(queued[2]!.snapshot)).toMatchObject({ "deal.value": "120.00" });
  });
});
