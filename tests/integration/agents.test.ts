import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { businessPhoneOf, createAgent, listAgents, publishAgent } from "~/features/agents/agents.server";
import { readAgentConfig } from "~/features/agents/agent-config";
import * as editorRoute from "~/routes/_dashboard+/ai-agent";
import * as managerRoute from "~/routes/_dashboard+/ai-agent-manager+/_index";
import * as deleteRoute from "~/routes/_dashboard+/ai-agent-manager+/$id.delete";
import * as blankRoute from "~/routes/_dashboard+/create-from-blank";
import * as templateRoute from "~/routes/_dashboard+/create-agent";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";
import { agent as makeAgent, contact, contactList, knowledgeBase, phoneNumber, tenantWithOwner } from "../support/factories";
import * as numbersRoute from "~/routes/_dashboard+/numbers-managment+/_index";
import * as newCampaignRoute from "~/routes/_dashboard+/campaigns+/new";

beforeAll(prepareTestDatabase);

const editor = (id: string, tab = "general", create = false) => `/ai-agent?id=${id}${create ? "&create=true" : ""}&tab=${tab}`;

const TAB_FORMS: Record<string, Record<string, string | string[]>> = {
  general: {
    name: "Front desk",
    language: "en",
    firstSpeaker: "agent",
    firstMessage: "Hello {{contact.firstName}}!",
    maxDurationMinutes: "12",
    voicemail: "hang-up",
    endCallPhrases: "bye",
  },
  context: { instructions: "You answer for {{business.name}}.\nBe brief.", transferKind: "warm", endCallEnabled: "on" },
  appearance: { avatar: "wave", accentColor: "#112233", backgroundColor: "#ffffff", widgetPosition: "bottom-right" },
  personality: { tone: "calm", temperature: "0.3", backchannel: "on", backchannelFrequency: "low" },
  speech: { voice: "ava", speed: "1.1", interruptionSensitivity: "medium", silenceTimeoutSeconds: "8", pronunciations: "SQL = sequel" },
  privacy: { recordCalls: "on", transcriptRetentionDays: "30", redactCards: "on" },
};

const saveTab = (cookie: string, id: string, tab: string, fields: Record<string, string | string[]>, create = false) =>
  callAction(editorRoute.action, editor(id, tab, create), { cookie, form: toForm({ intent: "save", tab, ...fields }) });

function toForm(entries: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) form.append(name, v);
  return form;
}

describe("creating agents (docs/product/agents.md)", () => {
  it("walks a blank agent through its six tabs in creation mode and keeps every tab's values", async () => {
    const tenant = await tenantWithOwner();
    const created = await callAction(blankRoute.action, "/create-from-blank", { cookie: tenant.cookie, form: { name: "Front desk", language: "en" } });
    const location = redirectLocation(created)!;
    expect(location).toMatch(/^\/ai-agent\?id=[^&]+&create=true&tab=general$/);
    const id = new URL(location, "http://x").searchParams.get("id")!;
    const tabs = Object.keys(TAB_FORMS);
    for (const [index, tab] of tabs.entries()) {
      const result = await saveTab(tenant.cookie, id, tab, TAB_FORMS[tab]!, true);
      const next = tabs[index + 1];
      expect(redirectLocation(result)).toBe(next ? editor(id, next, true) : editor(id));
    }
    const row = await getDb().selectFrom("agents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const config = readAgentConfig(row.config);
    expect(config.general).toMatchObject({ name: "Front desk", maxDurationMinutes: 12, endCallPhrases: ["bye"] });
    expect(config.personality).toEqual({ tone: "calm", temperature: 0.3, backchannel: true, backchannelFrequency: "low" });
    expect(config.privacy).toEqual({ recordCalls: true, transcriptRetentionDays: 30, redactCards: true, redactEmails: false });
    expect(row.published_version).toBeNull();
  });

  it("answers a broken tab with messages at its fields and leaves the saved draft as it was", async () => {
    const tenant = await tenantWithOwner();
    const id = await createAgent(tenant.tenantId, { name: "Keep", language: "en" }, 5);
    await saveTab(tenant.cookie, id, "speech", TAB_FORMS.speech!);
    const before = (await getDb().selectFrom("agents").select("config").where("id", "=", id).executeTakeFirstOrThrow()).config;
    const result = unwrap(await saveTab(tenant.cookie, id, "speech", { ...TAB_FORMS.speech!, speed: "9", pronunciations: "broken" }));
    expect(result.status).toBe(400);
    expect(result.value).toMatchObject({
      save: { tab: "speech", result: { error: { speed: ["validation.speedRange"], pronunciations: ["validation.pronunciationInvalid"] } } },
    });
    expect(JSON.stringify(result.value)).toContain("broken");
    const after = (await getDb().selectFrom("agents").select("config").where("id", "=", id).executeTakeFirstOrThrow()).config;
    expect(after).toBe(before);
  });

  it("refuses a knowledge base of another tenant in the context tab", async () => {
    const tenant = await tenantWithOwner();
    const other = await tenantWithOwner();
    const foreign = await knowledgeBase(other.tenantId);
    const id = await createAgent(tenant.tenantId, { name: "Ctx", language: "en" }, 5);
    const result = unwrap(await saveTab(tenant.cookie, id, "context", { ...TAB_FORMS.context!, knowledgeBaseIds: [foreign.id] }));
    expect(result.status).toBe(400);
    expect(result.value).toMatchObject({ save: { result: { error: { knowledgeBaseIds: ["validation.knowledgeBaseUnknown"] } } } });
  });

  it("starts from a published template with the name and language chosen", async () => {
    const tenant = await tenantWithOwner();
    const page = unwrap(await callLoader(templateRoute.loader, "/create-agent", { cookie: tenant.cookie })).value as {
      templates: Array<{ id: string; language: string }>;
    };
    const template = page.templates.find((candidate) => candidate.id === "builtin-appointment-booking-de")!;
    expect(template).toBeTruthy();
    const created = await callAction(templateRoute.action, `/create-agent?template=${template.id}`, {
      cookie: tenant.cookie,
      form: { name: "Praxis", language: "de", templateId: template.id },
    });
    const id = new URL(redirectLocation(created)!, "http://x").searchParams.get("id")!;
    const row = await getDb().selectFrom("agents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const config = readAgentConfig(row.config);
    expect(config.general).toMatchObject({ name: "Praxis", language: "de" });
    expect(config.context.instructions.length).toBeGreaterThan(50);
    expect(row.template_id).toBe(template.id);
  });

  it("stops at the plan's agent limit, on the page and in the action", async () => {
    const tenant = await tenantWithOwner({ plan: "starter" });
    const first = await callAction(blankRoute.action, "/create-from-blank", { cookie: tenant.cookie, form: { name: "One", language: "en" } });
    expect(redirectLocation(first)).toMatch(/^\/ai-agent\?/);
    const second = unwrap(await callAction(blankRoute.action, "/create-from-blank", { cookie: tenant.cookie, form: { name: "Two", language: "en" } }));
    expect(second.status).toBe(409);
    expect(second.value).toMatchObject({ result: { error: { "": ["validation.limitReached"] } } });
    expect((await listAgents(tenant.tenantId)).map((agent) => agent.name)).toEqual(["One"]);
    const page = unwrap(await callLoader(managerRoute.loader, "/ai-agent-manager", { cookie: tenant.cookie })).value as {
      list: { used: number; limit: number };
    };
    expect(page.list).toMatchObject({ used: 1, limit: 1 });
  });
});

describe("versions (docs/product/agents.md#versions)", () => {
  async function readyAgent(tenantId: string) {
    const id = await createAgent(tenantId, { name: "Versioned", language: "en" }, 25);
    const config = readAgentConfig((await getDb().selectFrom("agents").select("config").where("id", "=", id).executeTakeFirstOrThrow()).config);
    config.general.firstMessage = "Hi";
    config.context.instructions = "Line one\nLine two";
    await getDb()
      .updateTable("agents")
      .set({ config: JSON.stringify(config) })
      .where("id", "=", id)
      .execute();
    return id;
  }

  it("publishes immutable versions, diffs two of them and restores one as the draft", async () => {
    const tenant = await tenantWithOwner();
    const id = await readyAgent(tenant.tenantId);
    const published = await callAction(editorRoute.action, editor(id), { cookie: tenant.cookie, form: { intent: "publish" } });
    expect(redirectLocation(published)).toBe(editor(id, "versions"));
    await saveTab(tenant.cookie, id, "context", { ...TAB_FORMS.context!, instructions: "Line one\nLine 2" });
    expect(redirectLocation(await callAction(editorRoute.action, editor(id), { cookie: tenant.cookie, form: { intent: "publish" } }))).toBe(
      editor(id, "versions"),
    );

    const page = unwrap(await callLoader(editorRoute.loader, `${editor(id, "versions")}&from=1&to=2`, { cookie: tenant.cookie })).value as {
      versions: { items: Array<{ version: number }>; comparison: { changes: Array<{ field: string; kind: string; lines?: unknown[] }> } };
    };
    expect(page.versions.items.map((item) => item.version)).toEqual([2, 1]);
    const instructions = page.versions.comparison.changes.find((change) => change.field === "instructions")!;
    expect(instructions.lines).toEqual([
      { kind: "same", text: "Line one" },
      { kind: "removed", text: "Line two" },
      { kind: "added", text: "Line 2" },
    ]);

    const version1 = (await getDb().selectFrom("agent_versions").select("config").where("agent_id", "=", id).where("version", "=", 1).executeTakeFirstOrThrow())
      .config;
    expect(
      redirectLocation(await callAction(editorRoute.action, editor(id, "versions"), { cookie: tenant.cookie, form: { intent: "restore", version: "1" } })),
    ).toBe(editor(id));
    const agent = await getDb().selectFrom("agents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(readAgentConfig(agent.config).context.instructions).toBe("Line one\nLine two");
    expect(agent).toMatchObject({ published_version: 2, has_unpublished_changes: 1 });
    // The version itself never changes.
    expect(
      (await getDb().selectFrom("agent_versions").select("config").where("agent_id", "=", id).where("version", "=", 1).executeTakeFirstOrThrow()).config,
    ).toBe(version1);
  });

  it("refuses to publish a draft with problems, naming the tab that fixes each", async () => {
    const tenant = await tenantWithOwner();
    const id = await createAgent(tenant.tenantId, { name: "Empty", language: "en" }, 25);
    const result = unwrap(await callAction(editorRoute.action, editor(id), { cookie: tenant.cookie, form: { intent: "publish" } }));
    expect(result.status).toBe(400);
    expect(result.value).toMatchObject({
      publish: {
        problems: [
          { tab: "general", key: "publish.firstMessageMissing" },
          { tab: "context", key: "publish.instructionsMissing" },
        ],
      },
    });
    expect(await getDb().selectFrom("agent_versions").select("id").where("agent_id", "=", id).execute()).toEqual([]);
  });

  it("refuses to publish a disabled agent", async () => {
    const tenant = await tenantWithOwner();
    const id = await readyAgent(tenant.tenantId);
    await getDb().updateTable("agents").set({ disabled_at: new Date().toISOString(), disabled_reason: "Abuse report" }).where("id", "=", id).execute();
    expect(await publishAgent(tenant.tenantId, id, null)).toEqual({ ok: false, reason: "disabled" });
  });
});

describe("tenant isolation", () => {
  it("never shows, edits, publishes or deletes another tenant's agent", async () => {
    const owner = await tenantWithOwner();
    const intruder = await tenantWithOwner();
    const id = await createAgent(owner.tenantId, { name: "Private", language: "en" }, 5);
    expect(unwrap(await callLoader(editorRoute.loader, editor(id), { cookie: intruder.cookie })).status).toBe(404);
    expect(unwrap(await saveTab(intruder.cookie, id, "general", TAB_FORMS.general!)).status).toBe(404);
    expect(unwrap(await callAction(editorRoute.action, editor(id), { cookie: intruder.cookie, form: { intent: "publish" } })).status).toBe(404);
    expect(unwrap(await callAction(deleteRoute.action, `/ai-agent-manager/${id}/delete`, { cookie: intruder.cookie, params: { id }, form: {} })).status).toBe(
      404,
    );
    const list = unwrap(await callLoader(managerRoute.loader, "/ai-agent-manager", { cookie: intruder.cookie })).value as { list: { items: unknown[] } };
    expect(list.list.items).toEqual([]);
    expect((await listAgents(owner.tenantId)).map((agent) => agent.name)).toEqual(["Private"]);
  });

  it("a read-only agent user may not create or save", async () => {
    const tenant = await tenantWithOwner({ withAgent: true });
    const id = await createAgent(tenant.tenantId, { name: "Guarded", language: "en" }, 5);
    expect(
      unwrap(await callAction(blankRoute.action, "/create-from-blank", { cookie: tenant.agent!.cookie, form: { name: "X", language: "en" } })).status,
    ).toBe(403);
    expect(unwrap(await saveTab(tenant.agent!.cookie, id, "general", TAB_FORMS.general!)).status).toBe(403);
  });

  it("deleting an agent frees its numbers", async () => {
    const tenant = await tenantWithOwner();
    const id = await createAgent(tenant.tenantId, { name: "Gone", language: "en" }, 5);
    const number = await phoneNumber(tenant.tenantId);
    await getDb().updateTable("phone_numbers").set({ agent_id: id }).where("id", "=", number.id).execute();
    expect(redirectLocation(await callAction(deleteRoute.action, `/ai-agent-manager/${id}/delete`, { cookie: tenant.cookie, params: { id }, form: {} }))).toBe(
      "/ai-agent-manager",
    );
    expect((await getDb().selectFrom("phone_numbers").select("agent_id").where("id", "=", number.id).executeTakeFirstOrThrow()).agent_id).toBeNull();
  });
});

describe("assignment (docs/product/agents.md#assignment)", () => {
  it("lets a number be answered by a published agent of the tenant, and by nobody else's or a draft", async () => {
    const tenant = await tenantWithOwner();
    const other = await tenantWithOwner();
    const number = await phoneNumber(tenant.tenantId);
    const published = await makeAgent(tenant.tenantId, { published: true });
    const draft = await makeAgent(tenant.tenantId);
    const foreign = await makeAgent(other.tenantId, { published: true });
    const assign = (agentId: string) =>
      callAction(numbersRoute.action, "/numbers-managment", { cookie: tenant.cookie, form: { intent: "assign-agent", id: number.id, agentId } });
    const agentOf = async () => (await getDb().selectFrom("phone_numbers").select("agent_id").where("id", "=", number.id).executeTakeFirstOrThrow()).agent_id;

    expect(redirectLocation(await assign(published))).toBe("/numbers-managment");
    expect(await agentOf()).toBe(published);
    for (const refused of [draft, foreign]) {
      const result = unwrap(await assign(refused));
      expect(result.status).toBe(400);
      expect(result.value).toMatchObject({ intent: "assign-agent", result: { error: { agentId: ["validation.agentUnavailable"] } } });
      expect(await agentOf()).toBe(published);
    }
    expect(redirectLocation(await assign(""))).toBe("/numbers-managment");
    expect(await agentOf()).toBeNull();
    const page = unwrap(await callLoader(numbersRoute.loader, "/numbers-managment", { cookie: tenant.cookie })).value as { agents: Array<{ id: string }> };
    expect(page.agents.map((agent) => agent.id)).toEqual([published]);
  });

  it("lets a campaign choose a published agent, and refuses a draft at the field", async () => {
    const tenant = await tenantWithOwner();
    const number = await phoneNumber(tenant.tenantId);
    await knowledgeBase(tenant.tenantId, { phoneNumberId: number.id, type: "outbound" });
    const list = await contactList(tenant.tenantId);
    const published = await makeAgent(tenant.tenantId, { published: true });
    const draft = await makeAgent(tenant.tenantId);
    const form = (agentId: string) =>
      toForm({
        name: `Campaign ${agentId.slice(0, 4)}`,
        contactListId: list.id,
        type: "outbound",
        sendingType: "immediate",
        phoneNumberId: number.id,
        agentId,
        windowDays: ["1", "2", "3", "4", "5"],
        windowStart: "09:00",
        windowEnd: "17:00",
      });
    const refused = unwrap(await callAction(newCampaignRoute.action, "/campaigns/new", { cookie: tenant.cookie, form: form(draft) }));
    expect(refused.status).toBe(400);
    expect(refused.value).toMatchObject({ result: { error: { agentId: ["validation.agentUnavailable"] } } });
    expect(redirectLocation(await callAction(newCampaignRoute.action, "/campaigns/new", { cookie: tenant.cookie, form: form(published) }))).toMatch(
      /^\/campaigns\//,
    );
    const row = await getDb().selectFrom("campaigns").select("agent_id").where("tenant_id", "=", tenant.tenantId).executeTakeFirstOrThrow();
    expect(row.agent_id).toBe(published);
    const list2 = await listAgents(tenant.tenantId);
    expect(list2.find((agent) => agent.id === published)!.campaigns).toHaveLength(1);
  });
});

describe("an agent speaks without a knowledge base (docs/product/agents.md#assignment)", () => {
  it("accepts a campaign on a number without a knowledge base when it has a published agent, launches it and dials with no knowledge base", async () => {
    const tenant = await tenantWithOwner();
    const number = await phoneNumber(tenant.tenantId);
    const list = await contactList(tenant.tenantId);
    for (let i = 0; i < 3; i++) await contact(tenant.tenantId, { listId: list.id });
    const published = await makeAgent(tenant.tenantId, { published: true });
    const form = (agentId: string) =>
      toForm({
        name: `Agent only ${agentId.slice(0, 4)}`,
        contactListId: list.id,
        type: "outbound",
        sendingType: "immediate",
        phoneNumberId: number.id,
        agentId,
        windowDays: ["1", "2", "3", "4", "5", "6", "7"],
        windowStart: "00:00",
        windowEnd: "23:59",
      });
    // Without an agent the number still needs its knowledge base.
    const refused = unwrap(await callAction(newCampaignRoute.action, "/campaigns/new", { cookie: tenant.cookie, form: form("") }));
    expect(refused.value).toMatchObject({ result: { error: { phoneNumberId: ["validation.knowledgeBaseMissing_outbound"] } } });
    const created = redirectLocation(await callAction(newCampaignRoute.action, "/campaigns/new", { cookie: tenant.cookie, form: form(published) }))!;
    const campaignId = created.split("/")[2]!;
    const { startCampaign } = await import("~/features/campaigns/lifecycle.server");
    expect(await startCampaign(campaignId, { tenantId: tenant.tenantId, timeZone: "UTC" })).toMatchObject({ ok: true });

    const sent: Array<{ knowledgeBaseId: string | null; agentId?: string | null }> = [];
    const { JobRunner } = await import("~/features/jobs/job-runner.server");
    const runner = new JobRunner({
      intervalMs: 1_000,
      voicePlatform: {
        outcome: "placed",
        placeCall: async (request) => {
          sent.push(request);
          return { callId: `agent-only-${sent.length}` };
        },
      },
    });
    await runner.tick();
    await runner.stop();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((request) => request.knowledgeBaseId === null && request.agentId === published)).toBe(true);
  });
});

describe("the text test's {{business.phone}}", () => {
  it("is the number the agent answers, else the tenant's first number, shown as the tenant writes it; empty without numbers", async () => {
    const tenant = await tenantWithOwner();
    const agentId = await makeAgent(tenant.tenantId, { published: true });
    expect(await businessPhoneOf(tenant.tenantId, agentId, "CA")).toBe("");
    await phoneNumber(tenant.tenantId, { e164: "+14165550101", createdAt: "2026-01-01T00:00:00.000Z" });
    const second = await phoneNumber(tenant.tenantId, { e164: "+14165550102", createdAt: "2026-01-02T00:00:00.000Z" });
    expect(await businessPhoneOf(tenant.tenantId, agentId, "CA")).toBe("+1 (416) 555-0101");
    await getDb().updateTable("phone_numbers").set({ agent_id: agentId }).where("id", "=", second.id).execute();
    expect(await businessPhoneOf(tenant.tenantId, agentId, "CA")).toBe("+1 (416) 555-0102");
  });
});

describe("super admin: templates and every tenant's agents (docs/product/agents.md#administration)", () => {
  const adminCookie = () => import("../support/app").then(({ sessionCookieFor }) => sessionCookieFor("admin@demo.test"));

  it("creates, edits, publishes and retires a template; tenants see only published ones", async () => {
    const templatesNew = await import("~/routes/_dashboard+/ai-agent-templates+/new");
    const templateEdit = await import("~/routes/_dashboard+/ai-agent-templates+/$id");
    const cookie = await adminCookie();
    const created = await callAction(templatesNew.action, "/ai-agent-templates/new", {
      cookie,
      form: { name: "Dentist", description: "Books check-ups.", language: "en" },
    });
    const location = redirectLocation(created)!;
    const id = decodeURIComponent(location.split("/")[2]!.split("?")[0]!);
    const edit = (tab: string, form: Record<string, string | string[]>) =>
      callAction(templateEdit.action, `/ai-agent-templates/${id}?tab=${tab}`, { cookie, params: { id }, form: toForm(form) });

    // Not publishable yet: no first message, no instructions.
    const refused = unwrap(await edit("card", { intent: "publish" }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.value)).toContain("publish.instructionsMissing");
    await edit("general", { intent: "save", tab: "general", ...TAB_FORMS.general! });
    await edit("context", { intent: "save", tab: "context", ...TAB_FORMS.context!, bookingEnabled: "on", bookingEventTypeId: "someone-elses" });
    expect(redirectLocation(await edit("card", { intent: "publish" }))).toBe("/ai-agent-templates");

    const tenant = await tenantWithOwner();
    const gallery = async () =>
      (unwrap(await callLoader(templateRoute.loader, "/create-agent", { cookie: tenant.cookie })).value as { templates: Array<{ id: string }> }).templates.map(
        (t) => t.id,
      );
    expect(await gallery()).toContain(id);
    const stored = await getDb().selectFrom("agent_templates").select("config").where("id", "=", id).executeTakeFirstOrThrow();
    expect(readAgentConfig(stored.config).context).toMatchObject({ bookingEnabled: false, bookingEventTypeId: "" });
    expect(redirectLocation(await edit("card", { intent: "retire" }))).toBe("/ai-agent-templates");
    expect(await gallery()).not.toContain(id);
  });

  it("disables a tenant's agent with a reason the tenant sees, which stops its publishing and assignment, and enables it again", async () => {
    const management = await import("~/routes/_dashboard+/ai-agent-management+/$id");
    const cookie = await adminCookie();
    const tenant = await tenantWithOwner();
    const id = await makeAgent(tenant.tenantId, { name: "Flagged", published: true });
    const post = (form: Record<string, string>) => callAction(management.action, `/ai-agent-management/${id}`, { cookie, params: { id }, form });
    const missing = unwrap(await post({ intent: "disable", reason: "" }));
    expect(missing.status).toBe(400);
    expect(missing.value).toMatchObject({ result: { error: { reason: ["validation.reasonRequired"] } } });
    expect(redirectLocation(await post({ intent: "disable", reason: "Impersonates a bank" }))).toBe("/ai-agent-management");
    const list = unwrap(await callLoader(managerRoute.loader, "/ai-agent-manager", { cookie: tenant.cookie })).value as {
      list: { items: Array<{ status: string; disabledReason: string }> };
    };
    expect(list.list.items[0]).toMatchObject({ status: "disabled", disabledReason: "Impersonates a bank" });
    const { listAssignableAgents } = await import("~/features/agents/agents.server");
    expect(await listAssignableAgents(tenant.tenantId)).toEqual([]);
    expect(redirectLocation(await post({ intent: "enable" }))).toBe("/ai-agent-management");
    expect((await listAssignableAgents(tenant.tenantId)).map((agent) => agent.id)).toEqual([id]);
  });

  it("is for super admins only", async () => {
    const management = await import("~/routes/_dashboard+/ai-agent-management+/$id");
    const templatesNew = await import("~/routes/_dashboard+/ai-agent-templates+/new");
    const tenant = await tenantWithOwner();
    const id = await makeAgent(tenant.tenantId, { published: true });
    expect(
      unwrap(
        await callAction(management.action, `/ai-agent-management/${id}`, { cookie: tenant.cookie, params: { id }, form: { intent: "disable", reason: "x" } }),
      ).status,
    ).toBe(403);
    expect(
      unwrap(await callAction(templatesNew.action, "/ai-agent-templates/new", { cookie: tenant.cookie, form: { name: "X", description: "Y", language: "en" } }))
        .status,
    ).toBe(403);
    expect((await getDb().selectFrom("agents").select("disabled_at").where("id", "=", id).executeTakeFirstOrThrow()).disabled_at).toBeNull();
  });
});
