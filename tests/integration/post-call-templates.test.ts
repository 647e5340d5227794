import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "~/config/env.server";
import { getDb, newId } from "~/db/db.server";
import { CallEventSchema } from "~/features/calls/call-event-schema";
import { ingestCallEvent } from "~/features/calls/ingest.server";
import { callTemplateView } from "~/features/post-call/results.server";
import { runRerunChunk } from "~/features/post-call/reruns.server";
import { templateOutcomes } from "~/features/post-call/outcomes.server";
import { createTemplate, setAssignments, templateForCall } from "~/features/post-call/templates.server";
import type { TemplateDefinition } from "~/features/post-call/template-definition";
import * as templateRoute from "~/routes/_dashboard+/templates+/$id._index";
import * as newTemplateRoute from "~/routes/_dashboard+/templates+/new";
import * as rerunRoute from "~/routes/_dashboard+/templates+/$id.reruns.$rerunId";
import * as deleteRoute from "~/routes/_dashboard+/templates+/$id.delete";
import * as responsesRoute from "~/routes/_dashboard+/response";
import * as exportRoute from "~/routes/_files+/response.export[.]csv";
import * as recordingRoute from "~/routes/_dashboard+/recordings+/$id";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, runOutboxJobs, unwrap } from "../support/app";
import { agent as makeAgent, call, phoneNumber, tenantWithOwner, type TestTenant } from "../support/factories";
import { startChatCompletionsStub, type ChatCompletionsStub } from "../support/stubs/chat-completions-stub";

let stub: ChatCompletionsStub;
beforeAll(async () => {
  await prepareTestDatabase();
  stub = await startChatCompletionsStub({ apiKey: "sk-templates", model: "stub-forms" });
});
afterAll(() => stub.close());
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const SALES: TemplateDefinition = {
  summaryInstruction: "",
  fields: [
    { key: "confirmed", name: "Appointment confirmed", type: "yes-no", description: "", required: true, options: [] },
    { key: "budget", name: "Budget", type: "number", description: "", required: false, options: [] },
    { key: "plan", name: "Plan", type: "choice", description: "", required: false, options: ["Basic", "Premium"] },
  ],
  criteria: [{ key: "booked", name: "Booked", description: "", rule: { field: "confirmed", check: "is-yes" } }],
};

const transcript = (answer: "Yes" | "No", budget: number, plan: string) => [
  { speaker: "Agent", text: "Can you confirm the appointment on Friday?", startSeconds: 4 },
  { speaker: "Customer", text: `${answer}, thank you.`, startSeconds: 7 },
  { speaker: "Agent", text: "What budget do you have?", startSeconds: 10 },
  { speaker: "Customer", text: `About ${budget} euros.`, startSeconds: 12 },
  { speaker: "Agent", text: "Which plan would you like?", startSeconds: 15 },
  { speaker: "Customer", text: `${plan} please.`, startSeconds: 17 },
];

function form(entries: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

/** A template made through the form, the way a user makes one. */
async function createThroughForm(tenant: TestTenant, name = "Sales follow-up") {
  const result = await callAction(newTemplateRoute.action, "/templates/new", {
    cookie: tenant.cookie,
    form: form({
      intent: "save",
      name,
      "fields[0].name": "Appointment confirmed",
      "fields[0].type": "yes-no",
      "fields[0].required": "on",
      "fields[1].name": "Budget",
      "fields[1].type": "number",
      "fields[2].name": "Plan",
      "fields[2].type": "choice",
      "fields[2].options": "Basic\nPremium",
    }),
  });
  const location = redirectLocation(result)!;
  expect(location).toMatch(/^\/templates\/[\w-]+$/);
  return location.split("/").pop()!;
}

async function ingestEnded(tenantId: string, externalId: string, turns: ReturnType<typeof transcript>, extra: Record<string, unknown> = {}) {
  const event = CallEventSchema.parse({
    eventId: newId(),
    type: "call.ended",
    occurredAt: new Date().toISOString(),
    call: { id: externalId, direction: "outbound", from: "+4930111111", to: "+4930222222", transcript: turns, ...extra },
  });
  return ingestCallEvent({ tenantId, event });
}

describe("post-call templates (docs/product/post-call.md)", () => {
  it("answers a broken template at its fields in the user's language and keeps what was typed", async () => {
    const tenant = await tenantWithOwner();
    for (const [language, message] of [
      ["en", "A choice needs at least two options, one per line."],
      ["de", "Eine Auswahl braucht mindestens zwei Optionen, eine pro Zeile."],
    ] as const) {
      const result = unwrap(
        await callAction(newTemplateRoute.action, "/templates/new", {
          cookie: tenant.cookie,
          language,
          form: form({ intent: "save", name: "Broken", "fields[0].name": "Plan", "fields[0].type": "choice", "fields[0].options": "Only one" }),
        }),
      );
      expect(result.status).toBe(400);
      expect(result.value).toMatchObject({ result: { error: { "fields[0].options": ["validation.optionsRequired"] }, initialValue: { name: "Broken" } } });
      const { getTranslatorFor } = await import("~/i18n/i18next.server");
      expect((await getTranslatorFor(language, "post-call"))("validation.optionsRequired")).toBe(message);
    }
    expect(await getDb().selectFrom("post_call_templates").select("id").where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
  });

  it("adds a field row without saving anything (the no-JavaScript list button)", async () => {
    const tenant = await tenantWithOwner();
    const result = unwrap(
      await callAction(newTemplateRoute.action, "/templates/new", {
        cookie: tenant.cookie,
        form: form({
          name: "Draft",
          "fields[0].name": "Budget",
          "fields[0].type": "number",
          __intent__: JSON.stringify({ type: "insert", payload: { name: "fields", defaultValue: { type: "text" } } }),
        }),
      }),
    );
    expect(result.status).toBe(200);
    expect((result.value as { result: { initialValue: { fields: unknown[] } } }).result.initialValue.fields).toHaveLength(2);
    expect(await getDb().selectFrom("post_call_templates").select("id").where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
  });

  it("refuses a second template of the same name at the name field", async () => {
    const tenant = await tenantWithOwner();
    await createThroughForm(tenant, "Sales");
    const result = unwrap(
      await callAction(newTemplateRoute.action, "/templates/new", {
        cookie: tenant.cookie,
        form: form({ intent: "save", name: " sales ", "fields[0].name": "X", "fields[0].type": "text" }),
      }),
    );
    expect(result.value).toMatchObject({ result: { error: { name: ["validation.nameTaken"] } } });
  });

  it("makes a new version only when the definition changes, and a call keeps the version that analysed it", async () => {
    const tenant = await tenantWithOwner();
    const id = await createThroughForm(tenant);
    const callId = await call(tenant.tenantId, { transcript: transcript("Yes", 120, "Premium"), externalId: "ext-version" });
    await callAction(recordingAnalysisAction, `/recordings/${callId}/analysis`, { cookie: tenant.cookie, params: { id: callId }, form: {} });
    expect((await callTemplateView(tenant.tenantId, callId))?.version).toBe(1);

    const same = await callAction(templateRoute.action, `/templates/${id}`, { cookie: tenant.cookie, params: { id }, form: form(await savedForm(tenant, id)) });
    expect(redirectLocation(same)).toBe(`/templates/${id}`);
    const renamed = { ...(await savedForm(tenant, id)), "fields[1].name": "Monthly budget" };
    await callAction(templateRoute.action, `/templates/${id}`, { cookie: tenant.cookie, params: { id }, form: form(renamed) });
    const versions = await getDb().selectFrom("post_call_template_versions").select("version").where("template_id", "=", id).orderBy("version").execute();
    expect(versions.map((row) => row.version)).toEqual([1, 2]);
    const view = (await callTemplateView(tenant.tenantId, callId))!;
    expect(view.version).toBe(1);
    expect(view.currentVersion).toBe(2);
    // The old call shows the labels of version 1, and the recording page shows them.
    expect(view.definition.fields[1]!.name).toBe("Budget");
    const page = unwrap(await callLoader(recordingRoute.loader, `/recordings/${callId}`, { cookie: tenant.cookie, params: { id: callId } }));
    expect(page.value).toMatchObject({ templateResult: { templateName: "Sales follow-up" } });
    expect((page.value as { templateResult: { fields: unknown[] } }).templateResult.fields[0]).toMatchObject({
      key: "appointment_confirmed",
      found: true,
      value: true,
      atSeconds: 7,
    });
  });

  it("chooses the campaign's template, then the agent's, then the number's, then the default", async () => {
    const tenant = await tenantWithOwner();
    const db = getDb();
    const make = async (name: string) => (await createTemplate(tenant.tenantId, null, { name, definition: SALES })) as { id: string };
    const fallback = await make("Default one");
    const forNumber = await make("Number's");
    const forAgent = await make("Agent's");
    const number = await phoneNumber(tenant.tenantId, { e164: "+4930999000" });
    const agentId = await makeAgent(tenant.tenantId);
    await setAssignments(tenant.tenantId, forNumber.id, { number: [number.id], agent: [], campaign: [] });
    await setAssignments(tenant.tenantId, forAgent.id, { agent: [agentId], number: [], campaign: [] });
    const resolve = async (target: { agentId: string | null; numberIds: string[] }) =>
      (await templateForCall(tenant.tenantId, { campaignId: null, ...target }, db))?.name;
    expect(await resolve({ agentId, numberIds: [number.id] })).toBe("Agent's");
    expect(await resolve({ agentId: null, numberIds: [number.id] })).toBe("Number's");
    expect(await resolve({ agentId: null, numberIds: [] })).toBe("Default one");
    expect(fallback.id).toBeTruthy();
    // Another tenant's ids are not assigned.
    const other = await tenantWithOwner();
    const foreignNumber = await phoneNumber(other.tenantId, { e164: "+4930999001" });
    await setAssignments(tenant.tenantId, forNumber.id, { number: [number.id, foreignNumber.id], agent: [], campaign: [] });
    expect(
      (
        await db.selectFrom("post_call_assignments").select("target_id").where("tenant_id", "=", tenant.tenantId).where("target_kind", "=", "number").execute()
      ).map((r) => r.target_id),
    ).toEqual([number.id]);
  });

  it("fills a call's fields when it ends (once, in a job after the commit) and shows them in /response with filters, counts and CSV", async () => {
    const tenant = await tenantWithOwner();
    const id = await createThroughForm(tenant);
    await ingestEnded(tenant.tenantId, "call-a", transcript("Yes", 120, "Premium"));
    await ingestEnded(tenant.tenantId, "call-b", transcript("No", 80, "Basic"));
    await ingestEnded(tenant.tenantId, "call-c", transcript("Yes", 300, "Premium"));
    await runOutboxJobs();
    const stored = await getDb().selectFrom("call_template_results").select("call_id").where("tenant_id", "=", tenant.tenantId).execute();
    expect(stored).toHaveLength(3);

    const all = unwrap(await callLoader(responsesRoute.loader, `/response?template=${id}`, { cookie: tenant.cookie }));
    const view = (all.value as { view: { total: number; aggregates: { fields: Array<Record<string, unknown>>; criteria: unknown[] } } }).view;
    expect(view.total).toBe(3);
    expect(view.aggregates.fields).toEqual([
      expect.objectContaining({ key: "appointment_confirmed", found: 3, yesShare: 2 / 3 }),
      expect.objectContaining({ key: "budget", found: 3, average: 500 / 3 }),
      expect.objectContaining({
        key: "plan",
        choices: [
          { option: "Basic", count: 1 },
          { option: "Premium", count: 2 },
        ],
      }),
    ]);

    const filtered = unwrap(
      await callLoader(responsesRoute.loader, `/response?template=${id}&where=appointment_confirmed:eq:yes&where=budget:gt:100&sort=budget&order=desc`, {
        cookie: tenant.cookie,
      }),
    );
    const rows = (filtered.value as { view: { rows: Array<{ values: Record<string, { value: unknown }> }>; total: number } }).view;
    expect(rows.total).toBe(2);
    expect(rows.rows.map((row) => row.values.budget!.value)).toEqual([300, 120]);

    expect(await templateOutcomes(tenant.tenantId, "campaign")).toEqual([expect.objectContaining({ group: null, templateId: id, calls: 3, missing: [] })]);

    // The add-condition form's three fields fold into one canonical `where`.
    const folded = await callLoader(responsesRoute.loader, `/response?template=${id}&cf=plan&co=eq&cv=Premium`, { cookie: tenant.cookie });
    expect(redirectLocation(folded)).toBe(`/response?template=${id}&where=plan%3Aeq%3APremium`);

    const csv = (await callLoader(exportRoute.loader, `/response/export.csv?template=${id}&where=plan:eq:premium`, {
      cookie: tenant.cookie,
      language: "de",
    })) as Response;
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // German Excel needs the byte-order mark (Response.text() would hide it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('"Anruf-ID";"Zeitpunkt (ISO)";"Anruf";"Kampagne";"Agent";"Vorlagenversion";"Appointment confirmed";"Budget";"Plan"');
    expect(lines[1]).toMatch(/"1";"Ja";"300";"Premium"$/);
  });

  it("validates a language model's answer against the template before storing it", async () => {
    const tenant = await tenantWithOwner();
    await createThroughForm(tenant);
    vi.stubEnv("LLM_BASE_URL", stub.baseUrl);
    vi.stubEnv("LLM_API_KEY", "sk-templates");
    vi.stubEnv("LLM_MODEL", "stub-forms");
    resetEnvCache();
    stub.setReply({
      content: {
        summary: null,
        fields: { appointment_confirmed: { found: true, value: true }, budget: { found: true, value: "lots" }, plan: { found: false, value: null } },
        criteria: {},
      },
    });
    await ingestEnded(tenant.tenantId, "llm-bad", transcript("Yes", 1, "Basic"));
    await runOutboxJobs();
    expect(await getDb().selectFrom("call_template_results").select("call_id").where("tenant_id", "=", tenant.tenantId).execute()).toEqual([]);
    const job = await getDb()
      .selectFrom("outbox_jobs")
      .select(["status", "attempts"])
      .where("tenant_id", "=", tenant.tenantId)
      .where("kind", "=", "post-call.extract")
      .executeTakeFirstOrThrow();
    expect(job.status).toBe("queued");

    stub.setReply({
      content: {
        summary: "Confirmed Friday.",
        fields: { appointment_confirmed: { found: true, value: true }, budget: { found: true, value: 99 }, plan: { found: true, value: "basic" } },
        criteria: {},
      },
    });
    await getDb()
      .updateTable("outbox_jobs")
      .set({ next_attempt_at: new Date(0).toISOString() })
      .where("tenant_id", "=", tenant.tenantId)
      .execute();
    await runOutboxJobs();
    const row = await getDb().selectFrom("calls").select("id").where("tenant_id", "=", tenant.tenantId).executeTakeFirstOrThrow();
    const view = (await callTemplateView(tenant.tenantId, row.id))!;
    expect(view.provider).toBe("openai-compatible");
    expect(view.summary).toBe("Confirmed Friday.");
    expect(view.fields.map((field) => field.value)).toEqual([true, 99, "Basic"]);
    // The rule decides the criterion, whatever the model said.
    expect(view.criteria).toEqual([]);
    const request = stub.requests.at(-1)!;
    expect(request.body.messages?.[0]?.content).toContain('"budget" (Budget): a number');
  });

  it("re-runs a new version on past calls as a job, with its progress and what changed", async () => {
    const tenant = await tenantWithOwner();
    const id = await createThroughForm(tenant);
    const calls: string[] = [];
    for (const [index, plan] of ["Basic", "Premium", "Gold"].entries())
      calls.push(await call(tenant.tenantId, { transcript: transcript("Yes", 50 + index, plan), externalId: `old-${index}` }));
    // Version 2 knows "Gold" too: the third call's plan is found only now.
    const edited = { ...(await savedForm(tenant, id)), "fields[2].options": "Basic\nPremium\nGold" };
    await callAction(templateRoute.action, `/templates/${id}`, { cookie: tenant.cookie, params: { id }, form: form(edited) });

    const refused = unwrap(
      await callAction(templateRoute.action, `/templates/${id}?tab=rerun`, {
        cookie: tenant.cookie,
        params: { id },
        form: form({ intent: "rerun", from: "2026-03-05", to: "2026-03-01" }),
      }),
    );
    expect(refused.value).toMatchObject({ result: { error: { to: ["validation.toBeforeFrom"] } } });
    const none = unwrap(
      await callAction(templateRoute.action, `/templates/${id}?tab=rerun`, {
        cookie: tenant.cookie,
        params: { id },
        form: form({ intent: "rerun", campaign: "Nothing" }),
      }),
    );
    expect(none.value).toMatchObject({ result: { error: { "": ["validation.noCallsToRerun"] } } });

    const started = await callAction(templateRoute.action, `/templates/${id}?tab=rerun`, {
      cookie: tenant.cookie,
      params: { id },
      form: form({ intent: "rerun" }),
    });
    const location = redirectLocation(started)!;
    const rerunId = location.split("/").pop()!;
    const before = unwrap(await callLoader(rerunRoute.loader, location, { cookie: tenant.cookie, params: { id, rerunId } }));
    expect(before.value).toMatchObject({ rerun: { status: "queued", total: 3, processed: 0 } });

    // A chunk that is done twice (a crash after it) changes nothing more.
    expect(await runRerunChunk(tenant.tenantId, rerunId)).toBe(false);
    expect(await runRerunChunk(tenant.tenantId, rerunId)).toBe(false);
    const after = unwrap(await callLoader(rerunRoute.loader, location, { cookie: tenant.cookie, params: { id, rerunId } }));
    expect(after.value).toMatchObject({ rerun: { status: "done", total: 3, processed: 3, changed: 3, failed: 0 } });
    const changes = (after.value as { changes: Array<{ callId: string; before: unknown; after: { version: number; fields: Record<string, unknown> } }> })
      .changes;
    expect(changes.map((change) => change.callId).sort()).toEqual([...calls].sort());
    expect(changes.find((change) => change.callId === calls[2])).toMatchObject({
      before: null,
      after: { version: 2, fields: { plan: { found: true, value: "Gold" } } },
    });
  });

  it("keeps every tenant's templates, responses and re-runs to itself", async () => {
    const tenant = await tenantWithOwner();
    const other = await tenantWithOwner();
    const id = await createThroughForm(tenant);
    expect(unwrap(await callLoader(templateRoute.loader, `/templates/${id}`, { cookie: other.cookie, params: { id } })).status).toBe(404);
    expect(
      unwrap(await callAction(templateRoute.action, `/templates/${id}`, { cookie: other.cookie, params: { id }, form: form({ intent: "make-default" }) }))
        .status,
    ).toBe(404);
    expect(unwrap(await callLoader(exportRoute.loader, `/response/export.csv?template=${id}`, { cookie: other.cookie })).status).toBe(404);
    const theirs = unwrap(await callLoader(responsesRoute.loader, `/response?template=${id}`, { cookie: other.cookie }));
    expect(theirs.value).toMatchObject({ view: null });
  });

  it("deletes a template after a confirmation that names what goes with it; another tenant's is not found", async () => {
    const tenant = await tenantWithOwner();
    const other = await tenantWithOwner();
    const id = await createThroughForm(tenant, "To be removed");
    await createThroughForm(tenant, "Kept");
    const confirm = unwrap(await callLoader(deleteRoute.loader, `/templates/${id}/delete`, { cookie: tenant.cookie, params: { id } }));
    expect(confirm.value).toMatchObject({ id, name: "To be removed", calls: 0, assigned: 0 });
    expect(unwrap(await callLoader(deleteRoute.loader, `/templates/${id}/delete`, { cookie: other.cookie, params: { id } })).status).toBe(404);
    expect(unwrap(await callAction(deleteRoute.action, `/templates/${id}/delete`, { cookie: other.cookie, params: { id } })).status).toBe(404);
    expect(redirectLocation(await callAction(deleteRoute.action, `/templates/${id}/delete`, { cookie: tenant.cookie, params: { id } }))).toBe("/templates");
    const left = await getDb().selectFrom("post_call_templates").select("name").where("tenant_id", "=", tenant.tenantId).execute();
    expect(left.map((row) => row.name)).toEqual(["Kept"]);
  });
});

import * as recordingAnalysis from "~/routes/_dashboard+/recordings+/$id.analysis";
const recordingAnalysisAction = recordingAnalysis.action;

/** The editor's form as the page renders it for the saved version. */
async function savedForm(tenant: TestTenant, id: string): Promise<Record<string, string>> {
  const page = unwrap(await callLoader(templateRoute.loader, `/templates/${id}`, { cookie: tenant.cookie, params: { id } }));
  const values = (
    page.value as {
      view: { defaultValue: { name: string; summaryInstruction: string; fields: Array<Record<string, unknown>>; criteria: Array<Record<string, unknown>> } };
    }
  ).view.defaultValue;
  const entries: Record<string, string> = { intent: "save", name: values.name, summaryInstruction: values.summaryInstruction };
  values.fields.forEach((field, index) => {
    for (const [name, value] of Object.entries(field)) if (value !== "" && value !== null) entries[`fields[${index}].${name}`] = String(value);
  });
  values.criteria.forEach((criterion, index) => {
    for (const [name, value] of Object.entries(criterion)) if (value !== "" && value !== null) entries[`criteria[${index}].${name}`] = String(value);
  });
  return entries;
}
