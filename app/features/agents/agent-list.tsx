import { Link } from "@remix-run/react";
import { StatusBadge, Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Notice, Panel } from "~/components/ui/panel";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { AgentStatus } from "./agent-rules";
import { agentEditorHref } from "./editor-params";

export interface AgentListItemView {
  id: string;
  name: string;
  language: string;
  status: AgentStatus;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
  disabledReason: string | null;
  updatedAt: string;
  numbers: Array<{ id: string; display: string }>;
  campaigns: Array<{ id: string; name: string }>;
}

export interface AgentListViewData {
  items: AgentListItemView[];
  used: number;
  limit: number;
  provider: string;
  timeZone: string;
  canCreate: boolean;
  canDelete: boolean;
}

export const AGENT_STATUS_TONES = { draft: "neutral", published: "success", disabled: "danger" } as const;

/**
 * /ai-agent-manager: the tenant's agents with their status, version, where
 * they work (numbers answer inbound calls, campaigns place outbound ones),
 * and the plan's limit. Every action is a link, so the page needs no script.
 */
export function AgentListView({ data }: { data: AgentListViewData }) {
  const { t, i18n } = useTranslation("agents");
  const { items, used, limit, canCreate, canDelete } = data;
  const atLimit = used >= limit;

  const columns: Array<DataColumn<AgentListItemView>> = [
    {
      id: "name",
      header: t("list.columns.name"),
      primary: true,
      rowHeader: true,
      cell: (agent) => (
        <Link to={agentEditorHref({ id: agent.id })} className="font-medium underline-offset-2 hover:underline">
          {agent.name}
        </Link>
      ),
    },
    {
      id: "status",
      header: t("list.columns.status"),
      cell: (agent) => (
        <span className="flex flex-wrap items-center gap-1">
          <StatusBadge status={agent.status} tones={AGENT_STATUS_TONES} label={t(`status.${agent.status}`)} />
          {agent.publishedVersion !== null ? <Badge>{t("list.version", { version: agent.publishedVersion })}</Badge> : null}
          {agent.hasUnpublishedChanges && agent.publishedVersion !== null ? <Badge tone="warning">{t("list.unpublished")}</Badge> : null}
        </span>
      ),
    },
    { id: "language", header: t("list.columns.language"), cell: (agent) => t(`languages.${agent.language}`) },
    {
      id: "numbers",
      header: t("list.columns.numbers"),
      cell: (agent) => (agent.numbers.length ? agent.numbers.map((number) => number.display).join(", ") : t("list.none")),
    },
    {
      id: "campaigns",
      header: t("list.columns.campaigns"),
      cell: (agent) =>
        agent.campaigns.length ? (
          <span className="flex flex-wrap gap-x-2">
            {agent.campaigns.map((campaign) => (
              <Link key={campaign.id} to={`/campaigns/${encodeURIComponent(campaign.id)}`} className="underline">
                {campaign.name}
              </Link>
            ))}
          </span>
        ) : (
          t("list.none")
        ),
    },
    { id: "updated", header: t("list.columns.updated"), cell: (agent) => formatDateTime(agent.updatedAt, i18n.language, data.timeZone) },
  ];

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="agent-usage">
        {t("list.usage", { used, limit })} · {t("list.provider", { provider: t(`providers.${data.provider}`) })} ·{" "}
        <Link to="/ai-agent-manager/platform" className="underline" data-testid="platform-link">
          {t("platform.link")}
        </Link>
      </p>
      {canCreate && atLimit ? (
        <Notice tone="warning">
          <span data-testid="agent-limit">{t("list.limitReached", { limit })}</span>{" "}
          <Link to="/billing?tab=plans" className="underline">
            {t("list.upgrade")}
          </Link>
        </Notice>
      ) : null}
      {items.some((agent) => agent.status === "disabled") ? (
        <Notice tone="warning">
          {items
            .filter((agent) => agent.status === "disabled")
            .map((agent) => (
              <span key={agent.id} className="block">
                {t("list.disabledBecause", { name: agent.name, reason: agent.disabledReason ?? "" })}
              </span>
            ))}
        </Notice>
      ) : null}
      {items.length === 0 ? (
        <div id="agent-list">
          <EmptyState
            heading={2}
            title={t("list.emptyTitle")}
            action={
              canCreate && !atLimit ? (
                <Link to="/create-agent" className={buttonClass("primary")}>
                  {t("list.createFromTemplate")}
                </Link>
              ) : null
            }
          >
            {t("list.emptyBody")}
          </EmptyState>
        </div>
      ) : (
        <Panel>
          <div id="agent-list">
            <DataTable
              caption={t("list.caption")}
              columns={columns}
              rows={items}
              rowKey={(agent) => agent.id}
              rowData={(agent) => ({ "data-agent": agent.name })}
              actions={{
                header: t("list.columns.actions"),
                cell: (agent) => (
                  <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                    <Link to={agentEditorHref({ id: agent.id })} className="underline" aria-label={t("list.editLabel", { name: agent.name })}>
                      {t("list.edit")}
                    </Link>
                    <Link
                      to={agentEditorHref({ id: agent.id, view: "versions" })}
                      className="underline"
                      aria-label={t("list.versionsLabel", { name: agent.name })}
                    >
                      {t("list.versions")}
                    </Link>
                    <Link to={agentEditorHref({ id: agent.id, view: "test" })} className="underline" aria-label={t("list.testLabel", { name: agent.name })}>
                      {t("list.test")}
                    </Link>
                    {canDelete ? (
                      <Link
                        to={`/ai-agent-manager/${encodeURIComponent(agent.id)}/delete`}
                        className="text-red-700 underline dark:text-red-400"
                        aria-label={t("list.deleteLabel", { name: agent.name })}
                      >
                        {t("list.delete")}
                      </Link>
                    ) : null}
                  </span>
                ),
              }}
            />
          </div>
        </Panel>
      )}
    </div>
  );
}
