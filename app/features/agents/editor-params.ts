import { isAgentView, type AgentView } from "./agent-rules";

/**
 * The editor's URL (docs/product/agents.md#editor): /ai-agent?id=<agent>&tab=<view>,
 * with create=true while a new agent is walked through its tabs for the first
 * time (each save then moves on to the next tab). Unknown values fall back to
 * the first tab, so an old bookmark still opens the agent.
 */
export interface AgentEditorParams {
  id: string;
  view: AgentView;
  create: boolean;
  /** The versions view's comparison: a version number or "draft". */
  from?: string;
  to?: string;
}

export function parseAgentEditorParams(search: URLSearchParams): AgentEditorParams {
  const tab = search.get("tab");
  return {
    id: search.get("id")?.trim() ?? "",
    view: isAgentView(tab) ? tab : "general",
    create: search.get("create") === "true",
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  };
}

export function agentEditorHref({
  id,
  view = "general",
  create = false,
  from,
  to,
}: {
  id: string;
  view?: AgentView;
  create?: boolean;
  from?: string;
  to?: string;
}) {
  const params = new URLSearchParams();
  params.set("id", id);
  if (create) params.set("create", "true");
  params.set("tab", view);
  if (from) params.set("from", from);
  if (to) params.set("to", to);
  return `/ai-agent?${params.toString()}`;
}
