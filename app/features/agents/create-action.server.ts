import { parseWithZod } from "@conform-to/zod";
import { data, redirect } from "@remix-run/node";
import type { GateContext } from "~/features/access/gate.server";
import { readFormData } from "~/lib/http/form-body.server";
import { AgentLimitReached, createAgent } from "./agents.server";
import { agentEditorHref } from "./editor-params";
import { newAgentSchema } from "./schemas";

/**
 * The action of /create-from-blank and /create-agent: a new draft agent from
 * nothing or from a published template, then the editor's first tab in
 * creation mode. The plan's limit is judged again here, whatever the page showed.
 */
export async function submitNewAgent(request: Request, { tenant, subscription }: GateContext) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: newAgentSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const id = await createAgent(tenant.id, submission.value, subscription?.agent_limit ?? 0);
    return redirect(agentEditorHref({ id, create: true }));
  } catch (error) {
    if (error instanceof AgentLimitReached) return data({ result: submission.reply({ formErrors: ["validation.limitReached"] }) }, { status: 409 });
    if (error instanceof Error && error.message === "template-unavailable")
      return data({ result: submission.reply({ formErrors: ["validation.templateUnavailable"] }) }, { status: 409 });
    throw error;
  }
}
