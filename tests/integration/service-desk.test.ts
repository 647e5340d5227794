import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { CallEventSchema } from "~/features/calls/call-event-schema";
import { ingestCallEvent } from "~/features/calls/ingest.server";
import { saveFeedback } from "~/features/recordings/recording.server";
import { setAvailability } from "~/features/service-desk/members.server";
import { saveServiceDeskSettings, DEFAULT_SETTINGS } from "~/features/service-desk/settings.server";
import { createTicket } from "~/features/service-desk/tickets.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import { ensureSubscriptions, subscribe } from "~/lib/events/bus.server";
import type { DomainEvent } from "~/lib/events/events";
import * as recordingRoute from "~/routes/_dashboard+/recordings+/$id";
import * as ticketRoute from "~/routes/_dashboard+/service-desk+/$id";
import * as indexRoute from "~/routes/_dashboard+/service-desk+/_index";
import * as newRoute from "~/routes/_dashboard+/service-desk+/new";
import * as settingsRoute from "~/routes/_dashboard+/service-desk+/settings";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";
import * as factories from "../support/factories";

/*
 * The service desk (docs/product/service-desk.md) on both databases: every
 * form's messages in English and German, automatic tickets exactly once per
 * call (also when the same event or two ratings arrive at once, as from two
 * app servers), the round robin, the state machine and first response, the
 * list's tabs and filters, permissions and tenant isolation.
 */

const db = () => getDb();

/** Ticket events as the app announced them, in order. */
const announced: DomainEvent[] = [];
/** When set, a subscriber of this file refuses a rating after the app's subscribers ran: the whole save must roll back. */
let refuseRatings = false;

beforeAll(async () => {
  await prepareTestDatabase();
  await ensureSubscriptions();
  for (const kind of ["ticket.created", "ticket.assigned", "ticket.status-changed"] as const) {
    subscribe(kind, async (_trx, event) => {
      announced.push(event);
    });
  }
  subscribe("call.rated", async () => {
    if (refuseRatings) throw new Error("refused for the test");
  });
});

type Form = Record<string, string>;

function newTicket(cookie: string, form: Form, language?: "en" | "de") {
  return callAction(newRoute.action, "/service-desk/new", { cookie, form, language });
}

function onTicket(cookie: string, id: string, form: Form, language?: "en" | "de") {
  return callAction(ticketRoute.action, `/service-desk/${id}`, { cookie, params: { id }, form, language });
}

function replyOf(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = value as { result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } } | undefined;
  return { status, errors: reply?.result?.error ?? {}, typed: reply?.result?.initialValue ?? {} };
}

const translators = async () => ({ en: await getTranslatorFor("en", "service-desk"), de: await getTranslatorFor("de", "service-desk") });

/** The messages at a field in both languages; every key must have words in each, different ones. */
async function said(errors: string[] | null | undefined) {
  const { en, de } = await translators();
  const keys = errors ?? [];
  for (const key of keys) {
    expect(en(key)).not.toBe(key);
    expect(de(key)).not.toBe(key);
    expect(de(key)).not.toBe(en(key));
  }
  return { en: keys.map((key) => en(key)), de: keys.map((key) => de(key)) };
}

const ticketsOf = (tenantId: string) => db().selectFrom("tickets").selectAll().where("tenant_id", "=", tenantId).orderBy("number").execute();
const activityOf = (ticketId: string) =>
  db().selectFrom("ticket_activity").selectAll().where("ticket_id", "=", ticketId).orderBy("created_at").orderBy("kind").execute();

async function createdId(result: unknown) {
  const location = redirectLocation(result);
  expect(location).toMatch(/^\/service-desk\/[0-9a-f-]{36}$/);
  return location!.split("/").pop()!;
}

/** A tenant with its owner, a support member and a read-only agent. */
async function desk() {
  const tenant = await factories.tenantWithOwner({ withAgent: true });
  const support = await factories.tenantUser(tenant.tenantId, { role: "support", name: "Sam Support" });
  return { ...tenant, support, agent: tenant.agent! };
}

let eventSequence = 0;
function endedEvent(callId: string, call: Record<string, unknown> = {}) {
  eventSequence += 1;
  return CallEventSchema.parse({
    eventId: `evt-desk-${eventSequence}-${newId().slice(0, 6)}`,
    type: "call.ended",
    occurredAt: "2026-03-02T15:00:00Z",
    call: { id: callId, direction: "inbound", from: "+14165550177", to: "+14165550100", summary: "The caller wants a refund.", ...call },
  });
}

describe("the forms say what is wrong at the field, in both languages, and save nothing", () => {
  it("the new-ticket form", async () => {
    const tenant = await desk();
    const other = await factories.tenantWithOwner();
    const otherContact = await factories.contact(other.tenantId);
    const otherCall = await factories.call(other.tenantId);

    const empty = replyOf(await newTicket(tenant.cookie, { subject: "  ", priority: "normal", description: "Typed text" }));
    expect(empty.status).toBe(400);
    expect(await said(empty.errors.subject)).toEqual({ en: ["Enter a subject"], de: ["Geben Sie einen Betreff ein"] });
    expect(empty.typed).toMatchObject({ description: "Typed text" });

    const long = replyOf(
      await newTicket(
        tenant.cookie,
        { subject: "x".repeat(201), description: "y".repeat(5001), priority: "someday", tags: "a, b, c, d, e, f, g, h, i, j, k" },
        "de",
      ),
    );
    expect((await said(long.errors.subject)).en).toEqual(["The subject is too long (at most 200 characters)"]);
    expect((await said(long.errors.description)).de).toEqual(["Die Beschreibung ist zu lang (höchstens 5.000 Zeichen)"]);
    expect((await said(long.errors.priority)).en).toEqual(["Choose a priority"]);
    expect((await said(long.errors.tags)).de).toEqual(["Ein Ticket darf höchstens 10 Schlagwörter haben"]);
    const longTag = replyOf(await newTicket(tenant.cookie, { subject: "Refund", priority: "high", tags: `ok, ${"t".repeat(33)}` }));
    expect((await said(longTag.errors.tags)).en).toEqual(["A tag can have at most 32 characters"]);

    const foreignContact = replyOf(await newTicket(tenant.cookie, { subject: "Refund", priority: "high", contactId: otherContact.id }));
    expect(await said(foreignContact.errors.contactId)).toEqual({
      en: ["This contact does not exist (any more). Choose another one."],
      de: ["Diesen Kontakt gibt es nicht (mehr). Wählen Sie einen anderen."],
    });
    const notMember = replyOf(await newTicket(tenant.cookie, { subject: "Refund", priority: "high", assignee: tenant.agent.userId }));
    expect(await said(notMember.errors.assignee)).toEqual({
      en: ["Choose a member who works tickets"],
      de: ["Wählen Sie ein Mitglied, das Tickets bearbeitet"],
    });
    const nobody = replyOf(await newTicket(tenant.cookie, { subject: "Refund", priority: "high", assignee: "round-robin" }));
    expect((await said(nobody.errors.assignee)).en[0]).toMatch(/^Nobody is available for the round robin/);
    const foreignCall = replyOf(await newTicket(tenant.cookie, { subject: "Refund", priority: "high", callId: otherCall }));
    expect((await said(foreignCall.errors[""])).de).toEqual(["Diesen Anruf gibt es nicht (mehr)."]);
    expect(await ticketsOf(tenant.tenantId)).toEqual([]);

    const call = await factories.call(tenant.tenantId);
    await createdId(await newTicket(tenant.cookie, { subject: "First", priority: "normal", callId: call }));
    const second = unwrap(await newTicket(tenant.cookie, { subject: "Second", priority: "normal", callId: call }));
    const secondReply = replyOf(await newTicket(tenant.cookie, { subject: "Second", priority: "normal", callId: call }));
    expect(second.status).toBe(409);
    expect((await said(secondReply.errors[""])).en).toEqual(["This call already has a ticket: a call gets one ticket."]);
    expect((second.value as { existing: { number: number } }).existing.number).toBe(1);
    expect((await ticketsOf(tenant.tenantId)).map((ticket) => ticket.subject)).toEqual(["First"]);
  });

  it("the ticket page's forms", async () => {
    const tenant = await desk();
    const other = await factories.tenantWithOwner();
    const id = await createdId(await newTicket(tenant.cookie, { subject: "Refund", priority: "normal" }));
    const cases: Array<[Form, string, string, string]> = [
      [{ intent: "details", subject: "", description: "" }, "subject", "Enter a subject", "Geben Sie einen Betreff ein"],
      [{ intent: "status" }, "status", "Choose a status", "Wählen Sie einen Status"],
      [{ intent: "priority", priority: "whenever" }, "priority", "Choose a priority", "Wählen Sie eine Priorität"],
      [{ intent: "assign", assignee: tenant.agent.userId }, "assignee", "Choose a member who works tickets", "Wählen Sie ein Mitglied, das Tickets bearbeitet"],
      [{ intent: "tags", tags: "x".repeat(40) }, "tags", "A tag can have at most 32 characters", "Ein Schlagwort darf höchstens 32 Zeichen haben"],
      [
        { intent: "contact", contactId: (await factories.contact(other.tenantId)).id },
        "contactId",
        "This contact does not exist (any more). Choose another one.",
        "Diesen Kontakt gibt es nicht (mehr). Wählen Sie einen anderen.",
      ],
      [{ intent: "note", body: "   " }, "body", "Write the note first", "Schreiben Sie zuerst die Notiz"],
      [
        { intent: "note", body: "n".repeat(5001) },
        "body",
        "The note is too long (at most 5,000 characters)",
        "Die Notiz ist zu lang (höchstens 5.000 Zeichen)",
      ],
      [{ intent: "link-call", callId: await factories.call(other.tenantId) }, "", "This call does not exist (any more).", "Diesen Anruf gibt es nicht (mehr)."],
    ];
    for (const [form, field, english, german] of cases) {
      const reply = replyOf(await onTicket(tenant.cookie, id, form));
      expect({ form: form.intent, status: reply.status >= 400 }).toEqual({ form: form.intent, status: true });
      expect({ form: form.intent, said: await said(reply.errors[field]) }).toEqual({ form: form.intent, said: { en: [english], de: [german] } });
    }
    // A move the state machine does not allow: closed tickets only reopen.
    expect(redirectLocation(await onTicket(tenant.cookie, id, { intent: "status", status: "closed" }))).toBe(`/service-desk/${id}`);
    const pending = replyOf(await onTicket(tenant.cookie, id, { intent: "status", status: "pending" }));
    expect(pending.status).toBe(409);
    expect((await said(pending.errors.status)).en[0]).toMatch(/^The ticket cannot move to this status/);
    // The call a ticket was made from stays linked.
    const call = await factories.call(tenant.tenantId);
    const fromCall = await createdId(await newTicket(tenant.cookie, { subject: "From a call", priority: "normal", callId: call }));
    const unlink = replyOf(await onTicket(tenant.cookie, fromCall, { intent: "unlink-call", callId: call }));
    expect(await said(unlink.errors[""])).toEqual({
      en: ["The call a ticket was made from stays linked to it."],
      de: ["Der Anruf, aus dem ein Ticket erstellt wurde, bleibt mit ihm verknüpft."],
    });
    const [ticket] = await ticketsOf(tenant.tenantId);
    expect(ticket).toMatchObject({ subject: "Refund", priority: "normal", status: "closed", contact_id: null });
    expect(await db().selectFrom("ticket_notes").select("id").where("ticket_id", "=", id).execute()).toEqual([]);
  });

  it("the settings form", async () => {
    const tenant = await factories.tenantWithOwner();
    const valid: Form = {
      autoTickets: "on",
      ...Object.fromEntries(
        ["urgent", "high", "normal", "low"].flatMap((level) => [
          [`${level}FirstResponse`, "1"],
          [`${level}FirstResponseUnit`, "hours"],
          [`${level}Resolution`, "2"],
          [`${level}ResolutionUnit`, "days"],
        ]),
      ),
    };
    const post = (changes: Form) => callAction(settingsRoute.action, "/service-desk/settings", { cookie: tenant.cookie, form: { ...valid, ...changes } });
    const bad = replyOf(
      await post({
        urgentFirstResponse: "",
        highFirstResponse: "1,5",
        normalFirstResponse: "0",
        lowResolution: "400",
        lowResolutionUnit: "days",
        normalResolutionUnit: "weeks",
      }),
    );
    expect(bad.status).toBe(400);
    expect(await said(bad.errors.urgentFirstResponse)).toEqual({ en: ["Enter a number"], de: ["Geben Sie eine Zahl ein"] });
    expect(await said(bad.errors.highFirstResponse)).toEqual({ en: ["Enter a whole number, such as 4"], de: ["Geben Sie eine ganze Zahl ein, etwa 4"] });
    expect((await said(bad.errors.normalFirstResponse)).en).toEqual(["Enter at least 1"]);
    expect((await said(bad.errors.normalResolutionUnit)).de).toEqual(["Wählen Sie Minuten, Stunden oder Tage"]);
    const tooLate = replyOf(await post({ lowResolution: "400", highFirstResponse: "3", highFirstResponseUnit: "days" }));
    expect((await said(tooLate.errors.lowResolution)).en).toEqual(["A target can be at most 365 days"]);
    expect(await said(tooLate.errors.highFirstResponse)).toEqual({
      en: ["The first response cannot be due after the resolution"],
      de: ["Die erste Antwort darf nicht später fällig sein als die Lösung"],
    });
    expect(await db().selectFrom("service_desk_settings").select("tenant_id").where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
    // Valid: saved, and the automatic tickets' box unchecked turns them off.
    const { autoTickets: _on, ...off } = valid;
    expect(
      redirectLocation(
        await callAction(settingsRoute.action, "/service-desk/settings", {
          cookie: tenant.cookie,
          form: { ...off, urgentFirstResponse: "15", urgentFirstResponseUnit: "minutes" },
        }),
      ),
    ).toBe("/service-desk/settings");
    const page = unwrap(await callLoader(settingsRoute.loader, "/service-desk/settings", { cookie: tenant.cookie }));
    expect((page.value as { defaults: Record<string, unknown> }).defaults).toMatchObject({
      autoTickets: false,
      urgentFirstResponse: "15",
      urgentFirstResponseUnit: "minutes",
      lowResolution: "2",
      lowResolutionUnit: "days",
    });
  });
});

describe("automatic tickets: exactly once per call, inside the call's transaction", () => {
  it("an escalated call gets one high-priority ticket with its contact and call, made by the app", async () => {
    const tenant = await desk();
    const contact = await factories.contact(tenant.tenantId, { first_name: "Ines", last_name: "Ortiz", phone: "+14165550177" });
    const result = await ingestCallEvent({ tenantId: tenant.tenantId, event: endedEvent(`p-${newId()}`, { escalated: true }) });
    if (result.outcome === "duplicate") throw new Error("the event was new");
    const [ticket, ...more] = await ticketsOf(tenant.tenantId);
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({
      number: 1,
      subject: "Ines Ortiz",
      description: "The caller wants a refund.",
      source: "escalated",
      priority: "high",
      status: "open",
      source_call_id: result.callId,
      contact_id: contact.id,
      created_by: null,
      assignee_user_id: null,
    });
    expect(await db().selectFrom("ticket_calls").select("call_id").where("ticket_id", "=", ticket!.id).execute()).toEqual([{ call_id: result.callId }]);
    expect((await activityOf(ticket!.id)).map((entry) => [entry.kind, entry.actor_user_id, entry.to_value])).toEqual([["created", null, "escalated"]]);
    expect(announced.filter((event) => event.tenantId === tenant.tenantId)).toEqual([
      { kind: "ticket.created", tenantId: tenant.tenantId, ticketId: ticket!.id },
    ]);
    // The recording offers the ticket it has, not a second one.
    const recording = unwrap(await callLoader(recordingRoute.loader, `/recordings/${result.callId}`, { cookie: tenant.cookie, params: { id: result.callId } }));
    expect((recording.value as { ticketLink: unknown }).ticketLink).toEqual({ href: `/service-desk/${ticket!.id}`, label: "Open ticket #1" });
    const form = unwrap(await callLoader(newRoute.loader, `/service-desk/new?call=${result.callId}`, { cookie: tenant.cookie }));
    expect((form.value as { page: { kind: string } }).page.kind).toBe("call-has-ticket");
  });

  it("the same event arriving twice at once (two app servers) makes one ticket; a call that was not escalated makes none", async () => {
    const tenant = await desk();
    const event = endedEvent(`p-${newId()}`, { escalated: true });
    const outcomes = await Promise.all([ingestCallEvent({ tenantId: tenant.tenantId, event }), ingestCallEvent({ tenantId: tenant.tenantId, event })]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["created", "duplicate"]);
    // A second end reported under another event id announces nothing new.
    await ingestCallEvent({ tenantId: tenant.tenantId, event: { ...event, eventId: `${event.eventId}-again` } });
    await ingestCallEvent({ tenantId: tenant.tenantId, event: endedEvent(`p-${newId()}`, { escalated: false }) });
    await ingestCallEvent({ tenantId: tenant.tenantId, event: endedEvent(`p-${newId()}`) });
    expect((await ticketsOf(tenant.tenantId)).map((ticket) => ticket.source)).toEqual(["escalated"]);
  });

  it("a rating of 2 or lower makes one ticket, also when two ratings are saved at once; a higher rating makes none", async () => {
    const tenant = await desk();
    const rated = await factories.call(tenant.tenantId);
    const twice = await factories.call(tenant.tenantId);
    const fine = await factories.call(tenant.tenantId);
    expect(await saveFeedback(tenant.tenantId, rated, { rating: 2, text: "Nobody listened", moment: null })).toBe(true);
    await saveFeedback(tenant.tenantId, rated, { rating: 1, text: "Worse on second thought", moment: null });
    const saves = await Promise.all([
      saveFeedback(tenant.tenantId, twice, { rating: 1, text: "From the page", moment: null }),
      saveFeedback(tenant.tenantId, twice, { rating: 2, text: "From the rating link", moment: null }),
    ]);
    expect(saves).toEqual([true, true]);
    await saveFeedback(tenant.tenantId, fine, { rating: 3, text: null, moment: null });
    const tickets = await ticketsOf(tenant.tenantId);
    expect(tickets.map((ticket) => [ticket.source, ticket.priority, ticket.source_call_id]).sort()).toEqual(
      [
        ["low-rating", "normal", rated],
        ["low-rating", "normal", twice],
      ].sort(),
    );
    expect(tickets.map((ticket) => ticket.number).sort()).toEqual([1, 2]);
  });

  it("an escalated call rated low later keeps its one ticket; with automatic tickets off, neither makes one", async () => {
    const tenant = await desk();
    const escalated = await ingestCallEvent({ tenantId: tenant.tenantId, event: endedEvent(`p-${newId()}`, { escalated: true }) });
    if (escalated.outcome === "duplicate") throw new Error("the event was new");
    await saveFeedback(tenant.tenantId, escalated.callId, { rating: 1, text: null, moment: null });
    expect((await ticketsOf(tenant.tenantId)).map((ticket) => ticket.source)).toEqual(["escalated"]);

    const quiet = await desk();
    await saveServiceDeskSettings(quiet.tenantId, { ...DEFAULT_SETTINGS, autoTickets: false });
    const call = await ingestCallEvent({ tenantId: quiet.tenantId, event: endedEvent(`p-${newId()}`, { escalated: true }) });
    if (call.outcome === "duplicate") throw new Error("the event was new");
    await saveFeedback(quiet.tenantId, call.callId, { rating: 1, text: null, moment: null });
    expect(await ticketsOf(quiet.tenantId)).toEqual([]);
  });

  it("a rating whose transaction fails leaves neither the rating nor its ticket", async () => {
    const tenant = await desk();
    const call = await factories.call(tenant.tenantId);
    refuseRatings = true;
    try {
      await expect(saveFeedback(tenant.tenantId, call, { rating: 1, text: "Bad", moment: null })).rejects.toThrow("refused for the test");
    } finally {
      refuseRatings = false;
    }
    expect(await ticketsOf(tenant.tenantId)).toEqual([]);
    const row = await db().selectFrom("calls").select("feedback_rating").where("id", "=", call).executeTakeFirstOrThrow();
    expect(row.feedback_rating).toBeNull();
  });
});

describe("assignment and the round robin", () => {
  it("takes turns among the available members in a fixed order, skipping the unavailable, and says when nobody is available", async () => {
    const tenant = await desk();
    const second = await factories.tenantUser(tenant.tenantId, { role: "support" });
    const away = await factories.tenantUser(tenant.tenantId, { role: "support" });
    await setAvailability(tenant.tenantId, tenant.ownerId, true);
    await setAvailability(tenant.tenantId, tenant.support.userId, true);
    await setAvailability(tenant.tenantId, second.userId, true);
    await setAvailability(tenant.tenantId, away.userId, false);
    const available = [tenant.ownerId, tenant.support.userId, second.userId].sort();
    const picks: string[] = [];
    for (let index = 0; index < 6; index++) {
      const id = await createdId(await newTicket(tenant.support.cookie, { subject: `Turn ${index}`, priority: "normal", assignee: "round-robin" }));
      picks.push((await db().selectFrom("tickets").select("assignee_user_id").where("id", "=", id).executeTakeFirstOrThrow()).assignee_user_id!);
    }
    expect(picks).toEqual([...available, ...available]);
    // Marked available on the desk (the list's form), the member joins the turn after the current one.
    expect(
      redirectLocation(
        await callAction(indexRoute.action, "/service-desk?index", { cookie: tenant.support.cookie, form: { intent: "availability", available: "0" } }),
      ),
    ).toBe("/service-desk");
    const [one, two] = [tenant.ownerId, second.userId].sort();
    const next: string[] = [];
    for (let index = 0; index < 2; index++) {
      const id = (await db().selectFrom("tickets").select("id").where("tenant_id", "=", tenant.tenantId).orderBy("number").executeTakeFirstOrThrow()).id;
      await onTicket(tenant.cookie, id, { intent: "assign", assignee: "round-robin" });
      next.push((await db().selectFrom("tickets").select("assignee_user_id").where("id", "=", id).executeTakeFirstOrThrow()).assignee_user_id!);
    }
    expect(new Set(next)).toEqual(new Set([one, two]));
    expect(next).not.toContain(tenant.support.userId);
  });

  it("hands out turns one at a time when tickets are assigned at once (two app servers), fairly and with distinct numbers", async () => {
    const tenant = await desk();
    await setAvailability(tenant.tenantId, tenant.ownerId, true);
    await setAvailability(tenant.tenantId, tenant.support.userId, true);
    const scope = { id: tenant.tenantId, timeZone: "America/Toronto", country: "CA" };
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        createTicket(
          scope,
          { subject: `Rush ${index}`, description: "", priority: "high", contactId: null, assignee: "round-robin", tags: [], callId: null },
          tenant.ownerId,
        ),
      ),
    );
    expect(made.every((result) => result.ok)).toBe(true);
    const tickets = await ticketsOf(tenant.tenantId);
    expect(tickets.map((ticket) => ticket.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const perMember = new Map<string, number>();
    for (const ticket of tickets) perMember.set(ticket.assignee_user_id!, (perMember.get(ticket.assignee_user_id!) ?? 0) + 1);
    expect([...perMember.values()]).toEqual([4, 4]);
  });

  it("take it, assign, unassign: each logged with who did it and announced", async () => {
    const tenant = await desk();
    const id = await createdId(await newTicket(tenant.cookie, { subject: "Take me", priority: "low" }));
    expect(redirectLocation(await onTicket(tenant.support.cookie, id, { intent: "take" }))).toBe(`/service-desk/${id}`);
    await onTicket(tenant.support.cookie, id, { intent: "assign", assignee: tenant.ownerId });
    await onTicket(tenant.cookie, id, { intent: "assign", assignee: "" });
    const log = (await activityOf(id)).filter((entry) => entry.kind === "assignee").map((entry) => [entry.actor_user_id, entry.from_value, entry.to_value]);
    expect(log).toEqual([
      [tenant.support.userId, null, tenant.support.userId],
      [tenant.support.userId, tenant.support.userId, tenant.ownerId],
      [tenant.ownerId, tenant.ownerId, null],
    ]);
    expect(
      announced
        .filter((event) => event.kind === "ticket.assigned" && event.ticketId === id)
        .map((event) => event.kind === "ticket.assigned" && event.assigneeUserId),
    ).toEqual([tenant.support.userId, tenant.ownerId, null]);
  });
});

describe("working a ticket", () => {
  it("moves through the allowed statuses; the first note or status change by someone other than the creator is the first response", async () => {
    const tenant = await desk();
    await db().updateTable("tenants").set({ time_zone: "Europe/Berlin" }).where("id", "=", tenant.tenantId).execute();
    const id = await createdId(await newTicket(tenant.cookie, { subject: "Wrong invoice", priority: "normal", tags: "Billing, refund, billing" }));
    let ticket = (await ticketsOf(tenant.tenantId))[0]!;
    // Normal: first response in 4 hours, resolution in 1 day (the same time of day in the tenant's zone).
    expect(Date.parse(ticket.first_response_due_at) - Date.parse(ticket.created_at)).toBe(4 * 3_600_000);
    expect(ticket.resolution_due_at.slice(11)).toBe(ticket.created_at.slice(11));
    expect(ticket.due_at).toBe(ticket.first_response_due_at);
    expect(await db().selectFrom("ticket_tags").select("tag").where("ticket_id", "=", id).orderBy("tag").execute()).toEqual([
      { tag: "billing" },
      { tag: "refund" },
    ]);

    // The creator's own note is not a response to the customer's problem; the support member's is.
    await onTicket(tenant.cookie, id, { intent: "note", body: "Opened while on the phone." });
    expect((await ticketsOf(tenant.tenantId))[0]!.first_responded_at).toBeNull();
    await onTicket(tenant.support.cookie, id, { intent: "note", body: "Checked the invoice: the minutes are right." });
    ticket = (await ticketsOf(tenant.tenantId))[0]!;
    expect(ticket.first_responded_at).not.toBeNull();
    expect(ticket.due_at).toBe(ticket.resolution_due_at);

    // A new priority moves both deadlines from the ticket's creation.
    await onTicket(tenant.support.cookie, id, { intent: "priority", priority: "urgent" });
    ticket = (await ticketsOf(tenant.tenantId))[0]!;
    expect(Date.parse(ticket.resolution_due_at) - Date.parse(ticket.created_at)).toBe(4 * 3_600_000);

    for (const status of ["pending", "resolved", "open", "closed"]) {
      expect(redirectLocation(await onTicket(tenant.support.cookie, id, { intent: "status", status }))).toBe(`/service-desk/${id}`);
    }
    ticket = (await ticketsOf(tenant.tenantId))[0]!;
    expect(ticket).toMatchObject({ status: "closed", resolved_at: null, due_at: null });
    expect(ticket.closed_at).not.toBeNull();
    const kinds = (await activityOf(id)).map((entry) => entry.kind);
    expect(kinds.filter((kind) => kind === "status")).toHaveLength(4);
    expect(kinds).toEqual(expect.arrayContaining(["created", "note", "priority"]));
    expect(
      announced
        .filter((event) => event.kind === "ticket.status-changed" && event.ticketId === id)
        .map((event) => event.kind === "ticket.status-changed" && `${event.from}>${event.to}`),
    ).toEqual(["open>pending", "pending>resolved", "resolved>open", "open>closed"]);

    // The page shows the log in the reader's words, and the notes with their authors.
    const page = unwrap(await callLoader(ticketRoute.loader, `/service-desk/${id}`, { cookie: tenant.agent.cookie, params: { id } }));
    const value = page.value as { notes: Array<{ author: { name: string } }>; activity: Array<{ kind: string }>; canUpdate: boolean; contacts: unknown };
    expect(value.notes.map((note) => note.author.name)).toEqual(["Test Owner", "Sam Support"]);
    expect(value.canUpdate).toBe(false);
    expect(value.contacts).toBeNull();
  });

  it("sets the contact, links the contact's calls, and logs both", async () => {
    const tenant = await desk();
    const contact = await factories.contact(tenant.tenantId, { first_name: "Lena", phone: "+14165550188" });
    const call = await factories.call(tenant.tenantId, { from: "+14165550188" });
    const id = await createdId(await newTicket(tenant.cookie, { subject: "Lena's booking", priority: "normal", contactId: contact.id }));
    const page = unwrap(await callLoader(ticketRoute.loader, `/service-desk/${id}`, { cookie: tenant.cookie, params: { id } }));
    expect((page.value as { suggestedCalls: Array<{ id: string }> }).suggestedCalls.map((each) => each.id)).toEqual([call]);
    await onTicket(tenant.cookie, id, { intent: "link-call", callId: call });
    await onTicket(tenant.cookie, id, { intent: "contact", contactId: "" });
    const log = (await activityOf(id)).map((entry) => [entry.kind, entry.from_value, entry.to_value]);
    expect(log).toEqual(
      expect.arrayContaining([
        ["call-linked", null, call],
        ["contact", contact.id, null],
      ]),
    );
    expect(await db().selectFrom("ticket_calls").select("call_id").where("ticket_id", "=", id).execute()).toEqual([{ call_id: call }]);
  });
});

describe("the ticket list", () => {
  it("shows each tab's tickets and filters by status, priority, assignee, tag, overdue and search, sorting by due time", async () => {
    const tenant = await desk();
    const mine = await createdId(
      await newTicket(tenant.support.cookie, { subject: "Mine, overdue", priority: "urgent", assignee: tenant.support.userId, tags: "vip" }),
    );
    const open = await createdId(await newTicket(tenant.support.cookie, { subject: "Nobody's", priority: "low" }));
    const done = await createdId(await newTicket(tenant.support.cookie, { subject: "Done", priority: "normal", assignee: tenant.ownerId }));
    await onTicket(tenant.cookie, done, { intent: "status", status: "resolved" });
    await db().updateTable("tickets").set({ due_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", mine).execute();
    const list = async (search: string, cookie = tenant.support.cookie) => {
      const { value } = unwrap(await callLoader(indexRoute.loader, `/service-desk${search}`, { cookie }));
      return (value as { list: { rows: Array<{ id: string; overdue: boolean }>; params: { tab: string } } }).list;
    };
    const ids = async (search: string, cookie?: string) => (await list(search, cookie)).rows.map((row) => row.id);
    expect(await ids("")).toEqual([mine]);
    expect((await list("")).rows[0]!.overdue).toBe(true);
    expect(await ids("?tab=unassigned-tickets")).toEqual([open]);
    expect(await ids("?tab=all")).toEqual([mine, open]);
    expect(await ids("?tab=all&status=any")).toEqual([mine, open, done]);
    expect(await ids("?tab=all&status=resolved")).toEqual([done]);
    expect(await ids("?tab=all&priority=low")).toEqual([open]);
    expect(await ids(`?tab=all&status=any&assignee=${tenant.ownerId}`)).toEqual([done]);
    expect(await ids("?tab=all&assignee=none")).toEqual([open]);
    expect(await ids("?tab=all&tag=VIP")).toEqual([mine]);
    expect(await ids("?tab=all&overdue=1")).toEqual([mine]);
    expect(await ids("?tab=all&q=nobody")).toEqual([open]);
    expect(await ids("?tab=all&q=%232&status=any")).toEqual([open]);
    expect(await ids("?tab=all&status=any&sort=due&order=desc")).toEqual([open, mine, done]);
    // The read-only agent has no "all" tab: the URL falls back to the first.
    expect((await list("?tab=all", tenant.agent.cookie)).params.tab).toBe("my-tickets");
  });
});

describe("permissions and tenant isolation", () => {
  it("the agent reads but works nothing; support works tickets but not the settings; the owner does both", async () => {
    const tenant = await desk();
    const id = await createdId(await newTicket(tenant.support.cookie, { subject: "Support made it", priority: "normal" }));
    expect(unwrap(await callLoader(indexRoute.loader, "/service-desk", { cookie: tenant.agent.cookie })).status).toBe(200);
    expect(unwrap(await callLoader(ticketRoute.loader, `/service-desk/${id}`, { cookie: tenant.agent.cookie, params: { id } })).status).toBe(200);
    expect(unwrap(await callLoader(newRoute.loader, "/service-desk/new", { cookie: tenant.agent.cookie })).status).toBe(403);
    expect(unwrap(await onTicket(tenant.agent.cookie, id, { intent: "note", body: "Sneaky" })).status).toBe(403);
    expect(unwrap(await callLoader(settingsRoute.loader, "/service-desk/settings", { cookie: tenant.support.cookie })).status).toBe(403);
    expect(unwrap(await callLoader(settingsRoute.loader, "/service-desk/settings", { cookie: tenant.agent.cookie })).status).toBe(403);
    expect(unwrap(await callLoader(settingsRoute.loader, "/service-desk/settings", { cookie: tenant.cookie })).status).toBe(200);
    expect(await db().selectFrom("ticket_notes").select("id").where("ticket_id", "=", id).execute()).toEqual([]);
  });

  it("another tenant's ticket, call and members are not found, and its list shows none of ours", async () => {
    const ours = await desk();
    const theirs = await desk();
    const id = await createdId(await newTicket(ours.cookie, { subject: "Ours", priority: "normal" }));
    const ourCall = await factories.call(ours.tenantId);
    expect(unwrap(await callLoader(ticketRoute.loader, `/service-desk/${id}`, { cookie: theirs.cookie, params: { id } })).status).toBe(404);
    expect(unwrap(await onTicket(theirs.cookie, id, { intent: "status", status: "closed" })).status).toBe(404);
    expect(unwrap(await callLoader(newRoute.loader, `/service-desk/new?call=${ourCall}`, { cookie: theirs.cookie })).status).toBe(404);
    const theirList = unwrap(await callLoader(indexRoute.loader, "/service-desk?tab=all&status=any", { cookie: theirs.cookie }));
    expect((theirList.value as { list: { total: number } }).list.total).toBe(0);
    const foreignAssignee = replyOf(await onTicket(ours.cookie, id, { intent: "assign", assignee: theirs.support.userId }));
    expect(foreignAssignee.errors.assignee).toEqual(["validation.assigneeNotMember"]);
    expect((await ticketsOf(ours.tenantId))[0]).toMatchObject({ status: "open", assignee_user_id: null });
  });
});
