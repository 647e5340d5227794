import { createHash } from "node:crypto";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { CallEventSchema } from "~/features/calls/call-event-schema";
import { ingestCallEvent } from "~/features/calls/ingest.server";
import type { FeedbackViewData } from "~/features/feedback/feedback-params";
import { recordingHref } from "~/features/feedback/feedback-view";
import { FEEDBACK_LINK_LIFETIME_DAYS } from "~/features/feedback/rating-rules";
import { queueFeedbackRequest } from "~/features/feedback/requests.server";
import type { Language } from "~/i18n/config";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { TranslationProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import { Translator } from "~/i18n/translator";
import * as feedbackRoute from "~/routes/_dashboard+/feedback";
import * as newCampaignPage from "~/routes/_dashboard+/campaigns+/new";
import * as editCampaignPage from "~/routes/_dashboard+/campaigns+/$id.edit";
import * as detailRoute from "~/routes/_dashboard+/recordings+/$id";
import * as recordingFeedbackRoute from "~/routes/_dashboard+/recordings+/$id.feedback";
import * as rateRoute from "~/routes/_auth+/rate.$token";
import { BASE_URL, callAction, callLoader, latestEmailTo, prepareTestDatabase, redirectLocation, runOutboxJobs, unwrap } from "../support/app";
import * as factories from "../support/factories";
import { renderPage } from "../support/render-page";

/*
 * Post-call feedback (docs/product/feedback.md): the emailed one-time rating
 * link (sent after an answered call of a campaign that asks, used once, for
 * a limited time, without an account; of two submissions at once exactly one
 * wins), its form's messages in both languages, /feedback's list, filters,
 * CSAT and average, and tenant isolation. Runs on SQLite and PostgreSQL.
 */

const db = () => getDb();

beforeAll(async () => {
  await prepareTestDatabase();
});

/* ---------- the rating link ---------- */

interface World {
  tenant: factories.TestTenant;
  campaignId: string;
  contact: { id: string; phone: string; email: string };
}

/** A tenant with a campaign that asks for feedback (or not) and a contact on its list. */
async function campaignWorld({
  requestFeedback = true,
  email = `carla-${newId().slice(0, 6)}@example.test`,
  optedOut = false,
  country,
}: { requestFeedback?: boolean; email?: string; optedOut?: boolean; country?: string } = {}): Promise<World> {
  const tenant = await factories.tenantWithOwner({
    company: "Maple Plumbing",
    ...(country ? { country, timeZone: country === "DE" ? "Europe/Berlin" : "America/Toronto" } : {}),
  });
  await db().updateTable("tenants").set({ name: "Maple Plumbing" }).where("id", "=", tenant.tenantId).execute();
  const list = await factories.contactList(tenant.tenantId);
  const contact = await factories.contact(tenant.tenantId, { listId: list.id, email, first_name: "Carla", optedOut });
  const campaign = await factories.campaign(tenant.tenantId, {
    contactListId: list.id,
    name: `Follow-up ${newId().slice(0, 6)}`,
    request_feedback: requestFeedback ? 1 : 0,
    status: "running",
  });
  return { tenant, campaignId: campaign.id, contact: { id: contact.id, phone: contact.phone, email } };
}

/** The platform reports the end of a call of the world's campaign (by its name) with the contact. */
async function endCall(world: World, { type = "call.ended" as "call.ended" | "call.missed" | "call.voicemail", campaign = true } = {}) {
  const name = campaign ? (await db().selectFrom("campaigns").select("name").where("id", "=", world.campaignId).executeTakeFirstOrThrow()).name : undefined;
  const platformId = `platform-${newId()}`;
  const result = await ingestCallEvent({
    tenantId: world.tenant.tenantId,
    event: CallEventSchema.parse({
      eventId: `evt-${platformId}`,
      type,
      occurredAt: "2026-03-02T15:00:00Z",
      call: {
        id: platformId,
        direction: "outbound",
        from: "+14165550100",
        to: world.contact.phone,
        ...(name ? { campaign: { name } } : {}),
        transcript: [
          { speaker: "agent", text: "Hello, this is Maple Plumbing about your booking.", startSeconds: 0 },
          { speaker: "customer", text: "Thanks, that is great news!", startSeconds: 6 },
        ],
      },
    }),
  });
  if (result.outcome === "duplicate") throw new Error("the event was new");
  return result.callId;
}

const requestsOf = (tenantId: string) => db().selectFrom("feedback_requests").selectAll().where("tenant_id", "=", tenantId).execute();
const callRow = (id: string) => db().selectFrom("calls").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** Ends a call, lets the job runner send the email and returns the token of its link. */
async function issuedToken(world: World) {
  const callId = await endCall(world);
  await runOutboxJobs();
  const email = latestEmailTo(world.contact.email);
  const token = /\/rate\/([A-Za-z0-9_-]+)/.exec(email?.text ?? "")?.[1];
  if (!token) throw new Error(`no rating link in: ${email?.text}`);
  return { callId, token, email: email! };
}

const openRate = (token: string, query = "", language?: Language) =>
  callLoader(rateRoute.loader, `/rate/${token}${query}`, { params: { token }, ...(language ? { language } : {}) });
const submit = (token: string, form: Record<string, string>, language?: Language) =>
  callAction(rateRoute.action, `/rate/${token}`, { params: { token }, form, ...(language ? { language } : {}) });

describe("asking for feedback after a campaign's call", () => {
  it("emails the answered contact a link to the public rating page; only the token's hash is stored, with its expiry", async () => {
    const world = await campaignWorld();
    const before = Date.now();
    const { callId, token, email } = await issuedToken(world);
    expect(email.subject).toBe("How was your call with Maple Plumbing?");
    expect(email.text).toContain("Hello Carla,");
    expect(email.text).toContain(`${BASE_URL}/rate/${token}`);
    expect(token).toHaveLength(43);
    const [request] = await requestsOf(world.tenant.tenantId);
    expect(request).toMatchObject({ call_id: callId, campaign_id: world.campaignId, contact_id: world.contact.id, email: world.contact.email, used_at: null });
    expect(request!.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(await db().selectFrom("outbox_jobs").select("payload").where("tenant_id", "=", world.tenant.tenantId).execute())).not.toContain(
      token,
    );
    const lifetime = Date.parse(request!.expires_at!) - Date.parse(request!.sent_at!);
    expect(lifetime).toBe(FEEDBACK_LINK_LIFETIME_DAYS * 86_400_000);
    expect(Date.parse(request!.sent_at!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("writes in the organisation's language", async () => {
    const world = await campaignWorld({ country: "DE" });
    const { email } = await issuedToken(world);
    expect(email.subject).toBe("Wie war Ihr Anruf bei Maple Plumbing?");
    expect(email.text).toContain("Guten Tag Carla,");
  });

  it("asks nobody when the campaign does not ask, the call was not answered, or the contact has no email or opted out", async () => {
    const off = await campaignWorld({ requestFeedback: false });
    await endCall(off);
    const missed = await campaignWorld();
    await endCall(missed, { type: "call.missed" });
    await endCall(missed, { type: "call.voicemail" });
    const noEmail = await campaignWorld({ email: "" });
    await endCall(noEmail);
    const optedOut = await campaignWorld({ optedOut: true });
    await endCall(optedOut);
    const noCampaign = await campaignWorld();
    await endCall(noCampaign, { campaign: false });
    for (const world of [off, missed, noEmail, optedOut, noCampaign]) expect(await requestsOf(world.tenant.tenantId)).toEqual([]);
  });

  it("asks once per call, however often the platform reports its end", async () => {
    const world = await campaignWorld();
    const callId = await endCall(world);
    // A later event of the same call (a late transcript) is no new end.
    await ingestCallEvent({
      tenantId: world.tenant.tenantId,
      event: CallEventSchema.parse({
        eventId: `evt-late-${callId}`,
        type: "call.ended",
        occurredAt: "2026-03-02T15:05:00Z",
        call: { id: (await callRow(callId)).external_id, direction: "outbound", from: "+14165550100", to: world.contact.phone, summary: "Booked." },
      }),
    });
    // And should the end be announced again, the request is not doubled (one per call, by a unique key).
    expect(
      await db()
        .transaction()
        .execute((trx) => queueFeedbackRequest(trx, world.tenant.tenantId, callId)),
    ).toBe(0);
    expect(await requestsOf(world.tenant.tenantId)).toHaveLength(1);
    expect(
      await db().selectFrom("outbox_jobs").select("id").where("tenant_id", "=", world.tenant.tenantId).where("kind", "=", "feedback.request").execute(),
    ).toHaveLength(1);
  });
});

describe("the public rating page", () => {
  it("needs no account: it names the business and the call's date, takes a rating once, then thanks", async () => {
    const world = await campaignWorld();
    const { callId, token } = await issuedToken(world);
    const page = unwrap(await openRate(token));
    expect(page.status).toBe(200);
    expect(page.value).toMatchObject({ state: "open", business: "Maple Plumbing", callDate: "March 2, 2026" });
    expect(page.headers.get("Cache-Control")).toBe("no-store");

    const result = await submit(token, { rating: "2", text: "  The technician came late.  " });
    expect(redirectLocation(result)).toBe(`/rate/${token}?done=1`);
    expect(await callRow(callId)).toMatchObject({ feedback_rating: 2, feedback_text: "The technician came late.", feedback_moment_seconds: null });
    expect((await requestsOf(world.tenant.tenantId))[0]!.used_at).not.toBeNull();

    const thanks = unwrap(await openRate(token, "?done=1"));
    expect(thanks).toMatchObject({ status: 200, value: { state: "used", done: true } });
    const html = await renderRate(thanks.value, null, token, "en");
    expect(textOf(html)).toContain("Your rating has reached Maple Plumbing.");
  });

  it("cannot be used twice: a second visit and a second rating get 410, and the first rating stays", async () => {
    const world = await campaignWorld();
    const { callId, token } = await issuedToken(world);
    expect(redirectLocation(await submit(token, { rating: "5" }))).toBe(`/rate/${token}?done=1`);
    expect(unwrap(await openRate(token))).toMatchObject({ status: 410, value: { state: "used", done: false } });
    const again = unwrap(await submit(token, { rating: "1", text: "changed my mind" }));
    expect(again).toMatchObject({ status: 410, value: { state: "used", result: null } });
    expect(await callRow(callId)).toMatchObject({ feedback_rating: 5, feedback_text: null });
    for (const language of ["en", "de"] as const) {
      const html = textOf(await renderRate(unwrap(await openRate(token, "", language)).value, null, token, language));
      expect(html).toContain(language === "en" ? "This link has been used" : "Dieser Link wurde bereits verwendet");
    }
  });

  it("of two submissions at once, exactly one wins", async () => {
    const world = await campaignWorld();
    const { callId, token } = await issuedToken(world);
    const results = await Promise.all([submit(token, { rating: "1", text: "first" }), submit(token, { rating: "5", text: "second" })]);
    const won = results.filter((result) => redirectLocation(result) === `/rate/${token}?done=1`);
    const lost = results.filter((result) => unwrap(result).status === 410);
    expect([won.length, lost.length]).toEqual([1, 1]);
    const winner = results.indexOf(won[0]!) === 0 ? { feedback_rating: 1, feedback_text: "first" } : { feedback_rating: 5, feedback_text: "second" };
    expect(await callRow(callId)).toMatchObject(winner);
  });

  it("expires: after its time the page says so with 410 and a rating is refused", async () => {
    const world = await campaignWorld();
    const { callId, token } = await issuedToken(world);
    await db()
      .updateTable("feedback_requests")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("tenant_id", "=", world.tenant.tenantId)
      .execute();
    expect(unwrap(await openRate(token))).toMatchObject({ status: 410, value: { state: "expired" } });
    expect(unwrap(await submit(token, { rating: "4" }))).toMatchObject({ status: 410, value: { state: "expired" } });
    expect((await callRow(callId)).feedback_rating).toBeNull();
    const html = textOf(await renderRate(unwrap(await openRate(token, "", "de")).value, null, token, "de"));
    expect(html).toContain("Dieser Link ist abgelaufen");
    expect(html).toContain(`${FEEDBACK_LINK_LIFETIME_DAYS} Tage`);
  });

  it("answers 404 for a token nobody issued, whatever its shape, and saves nothing", async () => {
    const stranger = "A".repeat(43);
    expect(unwrap(await openRate(stranger))).toMatchObject({ status: 404, value: { state: "unknown" } });
    expect(unwrap(await submit(stranger, { rating: "5" }))).toMatchObject({ status: 404, value: { state: "unknown" } });
    expect(unwrap(await openRate("short"))).toMatchObject({ status: 404, value: { state: "unknown" } });
    expect(unwrap(await submit("x'; drop table calls; --", { rating: "5" }))).toMatchObject({ status: 404 });
  });

  it("puts every message at its field in both languages and keeps what was typed", async () => {
    const world = await campaignWorld();
    const { token } = await issuedToken(world);
    const long = "x".repeat(2001);
    for (const language of ["en", "de"] as const) {
      const t = await getTranslatorFor(language, "feedback");
      const missing = unwrap(await submit(token, { text: "Kind people" }, language));
      expect(missing.status).toBe(400);
      const reply = (missing.value as { result: { error: Record<string, string[]> } }).result;
      expect(reply.error).toEqual({ rating: ["rate.validation.ratingRequired"] });
      const tooLong = unwrap(await submit(token, { rating: "9", text: long }, language));
      expect((tooLong.value as { result: { error: Record<string, string[]> } }).result.error).toEqual({
        rating: ["rate.validation.ratingRequired"],
        text: ["rate.validation.textTooLong"],
      });
      const loaderData = unwrap(await openRate(token, "", language)).value;
      const html = await renderRate(loaderData, missing.value, token, language);
      expect(textOf(html)).toContain(t("rate.validation.ratingRequired"));
      expect(html).toContain("Kind people");
      expect(textOf(await renderRate(loaderData, tooLong.value, token, language))).toContain(t("rate.validation.textTooLong", { max: 2000 }));
      for (const key of ["rate.validation.ratingRequired", "rate.validation.textTooLong"]) expect(t(key, { max: 2000 })).not.toBe(key);
    }
    expect((await getTranslatorFor("de", "feedback"))("rate.validation.textTooLong", { max: 2000 })).toBe(
      "Ihr Feedback darf höchstens 2.000 Zeichen lang sein.",
    );
    // Nothing was used up by the refused submissions.
    expect((await requestsOf(world.tenant.tenantId))[0]!.used_at).toBeNull();
  });
});

/** The rating page as the server renders it, after a failed submission when `actionData` is given. */
async function renderRate(loaderData: unknown, actionData: unknown, token: string, language: Language) {
  const url = new URL(`/rate/${token}`, BASE_URL);
  const handler = createStaticHandler([
    { id: "page", path: url.pathname, loader: () => loaderData as object, action: () => actionData as object, Component: rateRoute.default as ComponentType },
  ]);
  const context = await handler.query(actionData ? new Request(url, { method: "POST", body: new URLSearchParams() }) : new Request(url));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { translator: new Translator(language, resources[language]) },
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }),
    ),
  );
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/* ---------- /feedback ---------- */

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** A rated call: the rating given `feedbackDaysAgo` days ago. */
async function rated(
  tenantId: string,
  rating: number,
  {
    feedbackDaysAgo = 1,
    text = null,
    campaign = null,
    agent = null,
    sentiment = null,
    moment = null,
    transcript,
  }: {
    feedbackDaysAgo?: number;
    text?: string | null;
    campaign?: string | null;
    agent?: string | null;
    sentiment?: "positive" | "neutral" | "negative" | null;
    moment?: number | null;
    transcript?: Array<{ speaker: string; text: string; startSeconds?: number }>;
  } = {},
) {
  return factories.call(
    tenantId,
    { campaignName: campaign, agentName: agent, createdAt: daysAgo(feedbackDaysAgo + 0.1), transcript: transcript ?? null },
    { feedback_rating: rating, feedback_text: text, feedback_at: daysAgo(feedbackDaysAgo), sentiment, feedback_moment_seconds: moment },
  );
}

const view = async (cookie: string, query = "") => {
  const result = unwrap(await callLoader(feedbackRoute.loader, `/feedback${query}`, { cookie }));
  return { status: result.status, data: (result.value as { view: FeedbackViewData }).view };
};

describe("/feedback", () => {
  let shop: factories.TestTenant;
  let ids: Record<string, string> = {};

  beforeAll(async () => {
    shop = await factories.tenantWithOwner({ withAgent: true });
    ids = {
      delighted: await rated(shop.tenantId, 5, { feedbackDaysAgo: 1, text: "Wonderful", campaign: "Spring", agent: "Ava", sentiment: "positive" }),
      contradicting: await rated(shop.tenantId, 1, { feedbackDaysAgo: 2, campaign: "Spring", agent: "Ben", sentiment: "positive" }),
      middling: await rated(shop.tenantId, 3, { feedbackDaysAgo: 3, text: "Okay", campaign: "Care", agent: "Ava", sentiment: "neutral" }),
      pleased: await rated(shop.tenantId, 4, { feedbackDaysAgo: 40, agent: "Ben", sentiment: "negative", moment: 12.5 }),
    };
    // A call without feedback is no feedback.
    await factories.call(shop.tenantId);
    // Another tenant's feedback, on a campaign and agent of the same names.
    const other = await factories.tenantWithOwner();
    ids.foreign = await rated(other.tenantId, 5, { campaign: "Spring", agent: "Ava", text: "Not yours" });
  });

  it("lists every feedback of the tenant, newest first, with CSAT, the average and the chart over the same feedback", async () => {
    const { status, data } = await view(shop.cookie);
    expect(status).toBe(200);
    expect(data.rows.map((row) => row.callId)).toEqual([ids.delighted, ids.contradicting, ids.middling, ids.pleased]);
    expect(data.total).toBe(4);
    expect(data.figures.total).toMatchObject({ rated: 4, csat: 50, average: 3.25 });
    expect(data.figures.disagreements).toBe(2);
    // From the first feedback (40 days ago) to today: more than 30 days, fewer than 62, so by day.
    expect(data.figures.granularity).toBe("day");
    expect(data.figures.periods.reduce((sum, period) => sum + period.rated, 0)).toBe(4);
    expect(data.options).toEqual({ campaigns: ["Care", "Spring"], agents: ["Ava", "Ben"] });
  });

  it("never shows another tenant's feedback, whatever the filter", async () => {
    for (const query of ["", "?campaign=Spring", "?agent=Ava&rating=5", "?text=with"]) {
      const { data } = await view(shop.cookie, query);
      expect(data.rows.map((row) => row.callId)).not.toContain(ids.foreign);
      expect(JSON.stringify(data)).not.toContain("Not yours");
    }
  });

  it("filters by rating, campaign, agent, dates, disagreement and text; the figures follow", async () => {
    const rows = async (query: string) => (await view(shop.cookie, query)).data.rows.map((row) => row.callId);
    expect(await rows("?rating=5")).toEqual([ids.delighted]);
    expect(await rows("?campaign=Spring")).toEqual([ids.delighted, ids.contradicting]);
    expect(await rows("?agent=Ben")).toEqual([ids.contradicting, ids.pleased]);
    expect(await rows("?disagreement=1")).toEqual([ids.contradicting, ids.pleased]);
    expect(await rows("?text=with")).toEqual([ids.delighted, ids.middling]);
    expect(await rows("?text=without")).toEqual([ids.contradicting, ids.pleased]);
    const zone = "America/Toronto";
    const day = (iso: string) => new Date(iso).toLocaleDateString("en-CA", { timeZone: zone });
    expect(await rows(`?from=${day(daysAgo(45))}&to=${day(daysAgo(10))}`)).toEqual([ids.pleased]);
    const { data } = await view(shop.cookie, "?campaign=Spring");
    expect(data.figures.total).toMatchObject({ rated: 2, csat: 50, average: 3 });
    // Unknown values are no filter.
    expect((await view(shop.cookie, "?rating=7&text=sometimes&from=2026-13-01")).data.rows).toHaveLength(4);
  });

  it("clamps the page and links each row to the recording at its moment: the one named, else the transcript's", async () => {
    const { data } = await view(shop.cookie, "?page=9");
    expect(data.params.page).toBe(1);
    const pleased = data.rows.find((row) => row.callId === ids.pleased)!;
    expect(pleased).toMatchObject({ moment: 12.5, momentNamed: true });
    expect(recordingHref(pleased, data.returnTo)).toBe(`/recordings/${ids.pleased}?t=12.5&returnTo=%2Ffeedback#moment`);

    const worked = await rated(shop.tenantId, 1, {
      feedbackDaysAgo: 0.5,
      transcript: [
        { speaker: "agent", text: "Hello, how can I help?", startSeconds: 0 },
        { speaker: "customer", text: "This is terrible, I am really frustrated.", startSeconds: 7 },
        { speaker: "customer", text: "Goodbye.", startSeconds: 15 },
      ],
    });
    const { data: after } = await view(shop.cookie, "?rating=1");
    expect(after.rows.find((row) => row.callId === worked)).toMatchObject({ moment: 7, momentNamed: false });
    expect(recordingHref({ callId: "c1", moment: null }, "/feedback?rating=1")).toBe("/recordings/c1?returnTo=%2Ffeedback%3Frating%3D1");
    await db().deleteFrom("calls").where("id", "=", worked).execute();
  });

  it("is read by the read-only agent role; a visitor without a session is sent to sign in", async () => {
    expect((await view(shop.agent!.cookie)).status).toBe(200);
    expect(redirectLocation(await callLoader(feedbackRoute.loader, "/feedback?rating=5"))).toBe("/login?redirectTo=%2Ffeedback%3Frating%3D5");
  });

  it("renders its figures, chart and rows in both languages, with an accessible table for the chart", async () => {
    for (const language of ["en", "de"] as const) {
      const loaded = unwrap(await callLoader(feedbackRoute.loader, "/feedback", { cookie: shop.cookie, language })).value;
      const html = await renderPage(feedbackRoute.default as ComponentType, loaded, "/feedback", language);
      const t = await getTranslatorFor(language, "feedback");
      expect(html).toContain('data-testid="csat-chart"');
      expect(html).toContain('data-testid="feedback-chart-table"');
      expect(textOf(html)).toContain(t("figures.csat"));
      expect(textOf(html)).toContain(language === "en" ? "3.3 of 5" : "3,3 von 5");
      expect(html).toContain(`/recordings/${ids.pleased}?t=12.5&amp;returnTo=%2Ffeedback#moment`);
      expect(textOf(html)).toContain(language === "en" ? "Listen from 0:12" : "Ab 0:12 anhören");
    }
  });
});

/* ---------- the campaign setting and the recording's moment ---------- */

describe("the campaign's feedback setting", () => {
  it("is a checkbox of the campaign form, saved ticked and unticked", async () => {
    const tenant = await factories.tenantWithOwner();
    const list = await factories.contactList(tenant.tenantId);
    const number = await factories.phoneNumber(tenant.tenantId);
    await factories.knowledgeBase(tenant.tenantId, { phoneNumberId: number.id, type: "outbound" });
    const form = (requestFeedback: boolean) => {
      const fields = new FormData();
      for (const [name, value] of Object.entries({
        name: "Ask them",
        contactListId: list.id,
        type: "outbound",
        sendingType: "immediate",
        phoneNumberId: number.id,
        windowStart: "09:00",
        windowEnd: "17:00",
      }))
        fields.append(name, value);
      fields.append("windowDays", "1");
      if (requestFeedback) fields.append("requestFeedback", "on");
      return fields;
    };
    const created = await callAction(newCampaignPage.action, "/campaigns/new", { cookie: tenant.cookie, form: form(true) });
    const id = redirectLocation(created)!.split("/").pop()!;
    const row = () => db().selectFrom("campaigns").select("request_feedback").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await row()).request_feedback).toBe(1);
    const edit = unwrap(await callLoader(editCampaignPage.loader, `/campaigns/${id}/edit`, { cookie: tenant.cookie, params: { id } })).value as {
      defaults: { requestFeedback: string };
    };
    expect(edit.defaults.requestFeedback).toBe("on");
    expect(
      redirectLocation(await callAction(editCampaignPage.action, `/campaigns/${id}/edit`, { cookie: tenant.cookie, params: { id }, form: form(false) })),
    ).toBe(`/campaigns/${id}`);
    expect((await row()).request_feedback).toBe(0);
  });
});

describe("the moment a recording's feedback is about", () => {
  it("is offered from the transcript, stored, refused in both languages when it is no moment, and shown on the recording", async () => {
    const tenant = await factories.tenantWithOwner();
    const id = await factories.call(tenant.tenantId, {
      transcript: [
        { speaker: "agent", text: "Hello!", startSeconds: 0 },
        { speaker: "customer", text: "My heating is broken.", startSeconds: 4 },
        { speaker: "agent", text: "A technician comes tomorrow.", startSeconds: 9 },
      ],
    });
    const page = unwrap(await callLoader(recordingFeedbackRoute.loader, `/recordings/${id}/feedback`, { cookie: tenant.cookie, params: { id } })).value as {
      moments: Array<{ seconds: number; speaker: string; excerpt: string }>;
    };
    expect(page.moments).toEqual([
      { seconds: 0, speaker: "agent", excerpt: "Hello!" },
      { seconds: 4, speaker: "customer", excerpt: "My heating is broken." },
      { seconds: 9, speaker: "agent", excerpt: "A technician comes tomorrow." },
    ]);
    const post = (form: Record<string, string>, language: Language = "en") =>
      callAction(recordingFeedbackRoute.action, `/recordings/${id}/feedback`, { cookie: tenant.cookie, params: { id }, form, language });
    for (const language of ["en", "de"] as const) {
      const refused = unwrap(await post({ rating: "2", moment: "-4" }, language));
      expect(refused.status).toBe(400);
      const key = (refused.value as { result: { error: Record<string, string[]> } }).result.error.moment![0]!;
      const t = await getTranslatorFor(language, "recording");
      expect(t(key)).toBe(
        language === "en" ? "Choose a moment of this call, or the call as a whole." : "Wählen Sie eine Stelle dieses Anrufs oder den Anruf als Ganzes.",
      );
    }
    expect(redirectLocation(await post({ rating: "2", moment: "4", returnTo: "/feedback" }))).toBe("/feedback");
    expect(await callRow(id)).toMatchObject({ feedback_rating: 2, feedback_moment_seconds: 4 });

    // The recording opened at that moment marks the turn playing then and starts the audio there.
    const detail = unwrap(await callLoader(detailRoute.loader, `/recordings/${id}?t=5`, { cookie: tenant.cookie, params: { id } })).value;
    const html = await renderPage(detailRoute.default as ComponentType, detail, `/recordings/${id}?t=5`);
    expect(html).toMatch(/<li id="moment" aria-current="time"[^>]*>.*?My heating is broken\./s);
    expect(html.match(/aria-current="time"/g)).toHaveLength(1);
    expect(textOf(html)).toContain("About the moment at 0:04");

    // A rating saved again without a moment is about the call as a whole.
    await post({ rating: "3" });
    expect(await callRow(id)).toMatchObject({ feedback_rating: 3, feedback_moment_seconds: null });
  });
});
