import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { VOICES } from "~/features/knowledge/catalogue";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import type { AgentConfig } from "../agent-config";
import { AGENT_TABS, isAgentTab, type AgentTab } from "../agent-rules";
import { tabConstraint, templateConstraint } from "../form-constraints.server";
import { PROMPT_VARIABLES } from "../prompt-variables";
import { publishProblems } from "../publish-rules";
import { tabSchema, templateSchema } from "../schemas";
import { tabFormDefaults } from "../editor/tab-defaults";
import { createTemplate, findTemplate, setTemplateStatus, updateTemplate } from "./templates.server";

/**
 * A super admin's template editor (docs/product/agents.md#templates): the
 * template's card (name, description, language) and its configuration, a
 * form per tab as in an agent's editor but without the tenant's own records.
 * Publishing offers it to tenants; it is refused while the configuration
 * would not publish as an agent.
 */
export const templateHref = (id: string, tab: AgentTab | "card" = "card") => `/ai-agent-templates/${encodeURIComponent(id)}?tab=${tab}`;

export async function loadTemplateEditor(request: Request, id: string, gate: GateContext) {
  const template = await findTemplate(id);
  if (!template) notFound();
  const requested = new URL(request.url).searchParams.get("tab");
  const tab = isAgentTab(requested) ? requested : null;
  return {
    template: { id: template.id, name: template.name, description: template.description, language: template.language, status: template.status },
    view: tab ?? ("card" as const),
    cardConstraint: templateConstraint,
    problems: publishProblems(template.config),
    tab: tab
      ? {
          name: tab,
          defaults: tabFormDefaults(template.config, tab),
          constraint: tabConstraint(tab, gate.tenant.country),
          choices: null,
          voices: tab === "speech" ? VOICES.map(({ id: voice, name, language }) => ({ id: voice, name, language })) : null,
          variables: tab === "context" || tab === "general" ? [...PROMPT_VARIABLES] : null,
        }
      : null,
    tabs: AGENT_TABS,
  };
}

export async function submitNewTemplate(request: Request) {
  const submission = parseWithZod(await readFormData(request), { schema: templateSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const id = await createTemplate(submission.value);
  return redirect(templateHref(id, "general"));
}

export async function submitTemplateEditor(request: Request, id: string, gate: GateContext) {
  const template = await findTemplate(id);
  if (!template) notFound();
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "card") {
    const submission = parseWithZod(formData, { schema: templateSchema });
    if (submission.status !== "success") return data({ card: submission.reply(), save: null, publish: null }, { status: 400 });
    await updateTemplate(id, submission.value, null);
    return redirectWithToast(templateHref(id), { type: "success", key: "agents:toast.saved" });
  }
  if (intent === "publish" || intent === "retire") {
    if (intent === "publish") {
      const problems = publishProblems(template.config);
      if (problems.length > 0) return data({ card: null, save: null, publish: problems }, { status: 400 });
    }
    await setTemplateStatus(id, intent === "publish" ? "published" : "retired");
    return redirectWithToast("/ai-agent-templates", {
      type: "success",
      key: intent === "publish" ? "agents:toast.templatePublished" : "agents:toast.templateRetired",
      values: { name: template.name },
    });
  }
  const tab = formData.get("tab");
  if (intent !== "save" || !isAgentTab(tab)) return data({ card: null, save: null, publish: null }, { status: 400 });
  const submission = parseWithZod(formData, { schema: tabSchema(tab, gate.tenant.country) });
  if (submission.status !== "success") return data({ card: null, save: { tab, result: submission.reply() }, publish: null }, { status: 400 });
  const config = structuredClone(template.config);
  (config as Record<AgentTab, unknown>)[tab] = submission.value as AgentConfig[typeof tab];
  // A template never carries a tenant's records.
  config.context = { ...config.context, knowledgeBaseIds: [], bookingEnabled: false, bookingEventTypeId: "", crmEnabled: false, crmIntegrationId: "" };
  await updateTemplate(id, { name: template.name, description: template.description, language: template.language === "de" ? "de" : "en" }, config);
  return redirectWithToast(templateHref(id, tab), { type: "success", key: "agents:toast.saved" });
}
