import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { VOICES } from "~/features/knowledge/catalogue";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { can } from "~/features/roles/permissions";
import { getLanguage } from "~/i18n/i18next.server";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { agentStatus, readAgentConfig, type AgentConfig } from "../agent-config";
import { AGENT_TABS, isAgentTab, type AgentTab } from "../agent-rules";
import { businessPhoneOf, findAgent, findAgentVersionConfig, listAgentVersions, publishAgent, restoreAgentVersion, saveAgentTab } from "../agents.server";
import { listContextChoices } from "./context-choices.server";
import { agentEditorHref, parseAgentEditorParams, type AgentEditorParams } from "../editor-params";
import { tabConstraint, testTurnConstraint } from "../form-constraints.server";
import { samplePromptValues, PROMPT_VARIABLES } from "../prompt-variables";
import { publishProblems } from "../publish-rules";
import { tabSchema, testTurnSchema } from "../schemas";
import { tabFormDefaults } from "./tab-defaults";
import { isTestChatConfigured, openingTurns, readTestHistory, runTestTurn } from "./test-chat.server";
import { diffConfigs } from "./version-diff";

/**
 * /ai-agent (docs/product/agents.md#editor): one agent's draft, a form per
 * tab, the version history with its diff, and the text test. The loader
 * reads only what the open view needs; the action takes one intent per post.
 */

async function requireAgent(gate: GateContext, params: AgentEditorParams) {
  if (!params.id) throw redirect(params.create ? "/create-from-blank" : "/ai-agent-manager");
  const agent = await findAgent(gate.tenant.id, params.id);
  if (!agent) notFound();
  return agent;
}

/** "draft" or a version's number, as the versions view's comparison reads it. */
async function configAt(gate: GateContext, agentId: string, draft: AgentConfig, at: string) {
  if (at === "draft") return draft;
  const version = Number(at);
  if (!Number.isInteger(version) || version < 1) return null;
  return findAgentVersionConfig(gate.tenant.id, agentId, version);
}

export async function loadAgentEditor(request: Request, gate: GateContext) {
  const params = parseAgentEditorParams(new URL(request.url).searchParams);
  const agent = await requireAgent(gate, params);
  const config = readAgentConfig(agent.config);
  const language = await getLanguage(request);
  const base = {
    params,
    agent: {
      id: agent.id,
      name: agent.name,
      status: agentStatus(agent),
      publishedVersion: agent.published_version,
      hasUnpublishedChanges: agent.has_unpublished_changes === 1,
      disabledReason: agent.disabled_reason,
      retentionPurgedAt: agent.retention_purged_at,
      retentionPurgedCount: agent.retention_purged_count,
    },
    canUpdate: can(gate.user.permissions, "ai-agent", "update"),
    publishProblems: publishProblems(config),
    timeZone: gate.tenant.timeZone,
  };
  const tab = isAgentTab(params.view) ? params.view : null;
  const versions = params.view === "versions" ? await listAgentVersions(gate.tenant.id, agent.id) : [];
  let comparison = null;
  if (params.view === "versions" && versions.length > 0) {
    const to = params.to ?? (agent.has_unpublished_changes === 1 ? "draft" : String(versions[0]!.version));
    const from = params.from ?? (to === "draft" ? String(versions[0]!.version) : String(versions[1]?.version ?? versions[0]!.version));
    const [left, right] = await Promise.all([configAt(gate, agent.id, config, from), configAt(gate, agent.id, config, to)]);
    comparison = { from, to, changes: left && right ? diffConfigs(left, right) : null };
  }
  const values = await sampleValuesFor(gate, agent.id, config);
  return {
    ...base,
    tab: tab
      ? {
          name: tab,
          defaults: tabFormDefaults(config, tab),
          constraint: tabConstraint(tab, gate.tenant.country),
          choices: tab === "context" ? await listContextChoices(gate.tenant.id) : null,
          voices: tab === "speech" ? VOICES.map(({ id, name, language: voiceLanguage }) => ({ id, name, language: voiceLanguage })) : null,
          variables: tab === "context" || tab === "general" ? [...PROMPT_VARIABLES] : null,
          transferNumberShown:
            tab === "context" && config.context.transferNumber ? formatPhoneForDisplay(config.context.transferNumber, gate.tenant.country) : null,
        }
      : null,
    versions: params.view === "versions" ? { items: versions, comparison } : null,
    test:
      params.view === "test"
        ? { configured: isTestChatConfigured(), opening: openingTurns(config, values), constraint: testTurnConstraint, uiLanguage: language }
        : null,
  };
}

/**
 * The variables a text test fills in: the tenant's name, the number the agent answers (the first assigned to
 * it, else the tenant's first), a sample contact, now in the tenant's zone.
 */
const sampleValuesFor = async (gate: GateContext, agentId: string, config: AgentConfig) =>
  samplePromptValues({
    businessName: gate.tenant.name,
    businessPhone: await businessPhoneOf(gate.tenant.id, agentId, gate.tenant.country),
    agentName: config.general.name,
    now: new Date(),
    language: config.general.language,
    timeZone: gate.tenant.timeZone,
  });

const nextTab = (tab: AgentTab) => AGENT_TABS[AGENT_TABS.indexOf(tab) + 1] ?? null;

export async function submitAgentEditor(request: Request, gate: GateContext) {
  const params = parseAgentEditorParams(new URL(request.url).searchParams);
  const agent = await requireAgent(gate, params);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "publish") {
    const result = await publishAgent(gate.tenant.id, agent.id, gate.user.id);
    if (result.ok)
      return redirectWithToast(agentEditorHref({ id: agent.id, view: "versions" }), {
        type: "success",
        key: "agents:toast.published",
        values: { version: result.version },
      });
    if ("problems" in result) return data({ publish: { problems: result.problems } }, { status: 400 });
    if (result.reason === "unchanged")
      return redirectWithToast(agentEditorHref({ id: agent.id, view: params.view }), { type: "info", key: "agents:toast.nothingToPublish" });
    return data({ publish: { refused: "disabled" as const } }, { status: 409 });
  }

  if (intent === "restore") {
    const version = Number(formData.get("version"));
    if (!Number.isInteger(version) || !(await restoreAgentVersion(gate.tenant.id, agent.id, version))) notFound();
    return redirectWithToast(agentEditorHref({ id: agent.id }), { type: "success", key: "agents:toast.restored", values: { version } });
  }

  if (intent === "test") {
    const submission = parseWithZod(formData, { schema: testTurnSchema });
    const history = readTestHistory(String(formData.get("history") ?? "[]"));
    if (submission.status !== "success") return data({ test: { turns: history, problem: null, result: submission.reply() } }, { status: 400 });
    const config = readAgentConfig(agent.config);
    const values = await sampleValuesFor(gate, agent.id, config);
    const reply = await runTestTurn(config, values, history, submission.value.message);
    return data(
      { test: { turns: reply.turns, problem: reply.ok ? null : reply.problem, result: submission.reply({ resetForm: reply.ok }) } },
      { status: reply.ok ? 200 : 503 },
    );
  }

  // Saving a tab: the tab comes with the form, so a post to a stale URL still saves what was typed where it belongs.
  const tab = formData.get("tab");
  if (intent !== "save" || !isAgentTab(tab)) return data({ save: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema: tabSchema(tab, gate.tenant.country) });
  if (submission.status !== "success") return data({ save: { tab, result: submission.reply() } }, { status: 400 });
  if (tab === "context") {
    const value = submission.value as AgentConfig["context"];
    const choices = await listContextChoices(gate.tenant.id);
    const fieldErrors: Record<string, string[]> = {};
    if (value.knowledgeBaseIds.some((id) => !choices.knowledgeBases.some((kb) => kb.id === id)))
      fieldErrors.knowledgeBaseIds = ["validation.knowledgeBaseUnknown"];
    if (value.bookingEventTypeId && !choices.eventTypes.some((type) => type.id === value.bookingEventTypeId))
      fieldErrors.bookingEventTypeId = ["validation.eventTypeUnknown"];
    if (value.crmIntegrationId && !choices.integrations.some((integration) => integration.id === value.crmIntegrationId))
      fieldErrors.crmIntegrationId = ["validation.integrationUnknown"];
    if (Object.keys(fieldErrors).length > 0) return data({ save: { tab, result: submission.reply({ fieldErrors }) } }, { status: 400 });
  }
  await saveAgentTab(gate.tenant.id, agent.id, tab, submission.value as AgentConfig[typeof tab]);
  if (params.create) {
    const next = nextTab(tab);
    if (next) return redirect(agentEditorHref({ id: agent.id, view: next, create: true }));
    return redirectWithToast(agentEditorHref({ id: agent.id }), { type: "success", key: "agents:toast.created", values: { name: agent.name } });
  }
  return redirectWithToast(agentEditorHref({ id: agent.id, view: tab }), { type: "success", key: "agents:toast.saved" });
}
