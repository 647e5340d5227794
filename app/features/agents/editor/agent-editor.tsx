import { Form, Link } from "@remix-run/react";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { AGENT_STATUS_TONES } from "../agent-list";
import { AGENT_TABS, AGENT_VIEWS, type AgentStatus, type AgentView } from "../agent-rules";
import { agentEditorHref } from "../editor-params";

export interface AgentEditorHeaderData {
  agent: {
    id: string;
    name: string;
    status: AgentStatus;
    publishedVersion: number | null;
    hasUnpublishedChanges: boolean;
    disabledReason: string | null;
    retentionPurgedAt: string | null;
    retentionPurgedCount: number;
  };
  view: AgentView;
  create: boolean;
  canUpdate: boolean;
  publishProblems: Array<{ tab: string; key: string }>;
  refused: "disabled" | null;
  timeZone: string;
}

/** The editor's status line, publish button with what stands in its way, and the tabs (creation shows the six steps only). */
export function AgentEditorHeader({ data }: { data: AgentEditorHeaderData }) {
  const { t, i18n } = useTranslation("agents");
  const { agent, view, create, canUpdate, publishProblems } = data;
  const busy = useIsPending({ formMethod: "POST" });
  const views = create ? AGENT_TABS : AGENT_VIEWS;
  const stepIndex = (AGENT_TABS as readonly string[]).indexOf(view);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2" data-testid="agent-status">
        <StatusBadge status={agent.status} tones={AGENT_STATUS_TONES} label={t(`status.${agent.status}`)} />
        {agent.publishedVersion !== null ? <Badge>{t("list.version", { version: agent.publishedVersion })}</Badge> : null}
        {agent.hasUnpublishedChanges ? (
          <Badge tone="warning">{agent.publishedVersion === null ? t("editor.notPublished") : t("list.unpublished")}</Badge>
        ) : null}
        {create && stepIndex >= 0 ? (
          <span className="text-sm text-slate-600 dark:text-slate-300">{t("editor.step", { step: stepIndex + 1, total: AGENT_TABS.length })}</span>
        ) : null}
      </div>
      {agent.status === "disabled" ? <Notice tone="warning">{t("editor.disabled", { reason: agent.disabledReason ?? "" })}</Notice> : null}
      {agent.retentionPurgedAt && view === "privacy" ? (
        <Notice>
          {t("editor.purged", { count: agent.retentionPurgedCount, when: formatDateTime(agent.retentionPurgedAt, i18n.language, data.timeZone) })}
        </Notice>
      ) : null}
      {canUpdate && !create && agent.status !== "disabled" ? (
        <div className="flex flex-wrap items-start gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <Button type="submit" disabled={busy || !agent.hasUnpublishedChanges} id="agent-publish">
              {t("editor.publish")}
            </Button>
          </Form>
          {!agent.hasUnpublishedChanges && agent.publishedVersion !== null ? (
            <p className="self-center text-sm text-slate-600 dark:text-slate-300">{t("editor.upToDate", { version: agent.publishedVersion })}</p>
          ) : null}
          {publishProblems.length > 0 ? (
            <div className="text-sm" data-testid="publish-problems">
              <p className="font-medium">{t("editor.problemsTitle")}</p>
              <ul className="list-disc pl-5">
                {publishProblems.map((problem) => (
                  <li key={problem.key}>
                    <Link to={agentEditorHref({ id: agent.id, view: problem.tab as AgentView })} className="underline">
                      {t(problem.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      {data.refused ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t("editor.refusedDisabled")}
        </p>
      ) : null}
      <div id="agent-tabs">
        <Tabs
          label={t("editor.tabsLabel")}
          active={view}
          tabs={views.map((value) => ({ value, label: t(`tabs.${value}`), to: agentEditorHref({ id: agent.id, view: value, create }) }))}
        />
      </div>
    </div>
  );
}
