import type { IntegrationSummary } from "./views";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, DeleteSummary, type FormFetcher } from "~/components/ui/confirm-action";
import { Notice, Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { StatusBadge } from "~/components/ui/badge";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime, formatNumber, formatSuccessRate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { integrationPaths } from "./paths";

export const STATUS_TONES = { enabled: "success", disabled: "neutral" } as const;

export function ConnectionPanel({
  summary,
  timeZone,
  canUpdate,
  canDelete,
}: {
  summary: IntegrationSummary;
  timeZone: string;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const { t, i18n } = useTranslation("integrations");
  const toggleTo = summary.status === "enabled" ? "disabled" : "enabled";
  return (
    <Panel title={t("overview.connection")}>
      <div className="space-y-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="integration-connection">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("overview.status")}</dt>
          <dd>
            <StatusBadge status={summary.status} tones={STATUS_TONES} label={t(`status.${summary.status}`)} data-testid="integration-status" />
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("overview.template")}</dt>
          <dd>{summary.templateCrm}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("overview.organization")}</dt>
          <dd>{summary.organizationName}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("connection.baseUrl")}</dt>
          <dd className="break-all font-mono text-xs">{summary.baseUrl}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{summary.authType === "bearer" ? t("connection.token") : t("connection.apiKey")}</dt>
          <dd className="font-mono">••••{summary.secretLast4}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("overview.created")}</dt>
          <dd>{formatDateTime(summary.createdAt, i18n.language, timeZone)}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("overview.sends")}</dt>
          <dd>
            {summary.syncEndpoints.length ? summary.syncEndpoints.join(", ") : t("overview.sendsNothing")}
            {summary.syncEndpoints.length && summary.status === "disabled" ? (
              <span className="ml-1 text-slate-500 dark:text-slate-400">({t("overview.paused")})</span>
            ) : null}
          </dd>
        </dl>
        {summary.syncEndpoints.length === 0 ? (
          <Notice tone="warning">
            {t("overview.nothingInSync")}{" "}
            <Link to={integrationPaths.page(summary.id, "endpoints")} className="font-medium underline">
              {t("overview.openEndpoints")}
            </Link>
          </Notice>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {canUpdate ? (
            <ConfirmAction
              href={integrationPaths.page(summary.id, "overview", { confirm: "toggle" })}
              title={t(`toggle.title.${toggleTo}`)}
              className={buttonClass("secondary")}
              content={({ fetcher, close }) => <ToggleForm summary={summary} fetcher={fetcher} onCancel={close} />}
            >
              {t(`toggle.button.${toggleTo}`)}
            </ConfirmAction>
          ) : null}
          {canDelete ? (
            <ConfirmAction
              href={integrationPaths.page(summary.id, "overview", { confirm: "delete" })}
              title={t("delete.title")}
              className={buttonClass("secondary", "text-red-700 dark:text-red-300")}
              content={({ fetcher, close }) => <DeleteForm summary={summary} fetcher={fetcher} onCancel={close} />}
            >
              {t("delete.button")}
            </ConfirmAction>
          ) : null}
          <Link to={integrationPaths.exportFile(summary.id)} reloadDocument className={buttonClass("secondary")}>
            {t("overview.export")}
          </Link>
        </div>
      </div>
    </Panel>
  );
}

export function ToggleForm({ summary, fetcher, onCancel }: { summary: IntegrationSummary; fetcher?: FormFetcher; onCancel?: () => void }) {
  const { t } = useTranslation("integrations");
  const to = summary.status === "enabled" ? "disabled" : "enabled";
  return (
    <ConfirmForm
      action={integrationPaths.page(summary.id)}
      hidden={{ intent: "toggle", status: to }}
      confirmLabel={t(`toggle.confirm.${to}`)}
      confirmVariant={to === "disabled" ? "danger" : "primary"}
      cancelHref={integrationPaths.page(summary.id)}
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <p>{t(`toggle.question.${to}`, { crm: summary.crmName })}</p>
    </ConfirmForm>
  );
}

export function DeleteForm({ summary, fetcher, onCancel }: { summary: IntegrationSummary; fetcher?: FormFetcher; onCancel?: () => void }) {
  const { t } = useTranslation("integrations");
  return (
    <ConfirmForm
      action={integrationPaths.page(summary.id)}
      hidden={{ intent: "delete" }}
      confirmLabel={t("delete.confirm")}
      cancelHref={integrationPaths.page(summary.id)}
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <p>{t("delete.question", { crm: summary.crmName })}</p>
      <DeleteSummary>{t("delete.summary", { count: summary.stats.queued })}</DeleteSummary>
    </ConfirmForm>
  );
}

export function TestPanel({ summary, timeZone, canUpdate }: { summary: IntegrationSummary; timeZone: string; canUpdate: boolean }) {
  const { t, i18n } = useTranslation("integrations");
  const testing = useIsPending({ intent: "test" });
  const result = summary.lastTest;
  return (
    <Panel title={t("test.title")}>
      <div className="space-y-3 text-sm">
        <p className="text-slate-600 dark:text-slate-300">{t("test.intro")}</p>
        {canUpdate ? (
          <Form method="post" action={integrationPaths.page(summary.id)}>
            <input type="hidden" name="intent" value="test" />
            <Button type="submit" variant="secondary" disabled={testing}>
              {testing ? t("test.testing") : t("test.button")}
            </Button>
          </Form>
        ) : null}
        {result ? (
          <div className="space-y-2" data-testid="test-result" data-ok={result.ok ? "true" : "false"}>
            {summary.lastTestAt ? (
              <p className="text-slate-500 dark:text-slate-400">{t("test.lastAt", { when: formatDateTime(summary.lastTestAt, i18n.language, timeZone) })}</p>
            ) : null}
            {result.ok ? (
              <Notice>{t("test.ok", { endpoint: result.endpointName, status: result.status, ms: formatNumber(result.durationMs, i18n.language) })}</Notice>
            ) : (
              <Notice tone="warning">
                {result.outcome === "no-endpoint"
                  ? t("test.noEndpoint")
                  : t(`test.failed.${result.outcome}`, {
                      status: result.status ?? "",
                      ms: formatNumber(result.durationMs, i18n.language),
                      until: result.error ?? "",
                    })}
              </Notice>
            )}
            {result.excerpt ? (
              <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs dark:bg-slate-800">
                {result.excerpt}
              </pre>
            ) : null}
          </div>
        ) : (
          <p className="text-slate-500 dark:text-slate-400">{t("test.never")}</p>
        )}
      </div>
    </Panel>
  );
}

export function StatisticsPanel({ summary }: { summary: IntegrationSummary }) {
  const { t, i18n } = useTranslation("integrations");
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Panel
      title={t("stats.title")}
      actions={
        <Link to={integrationPaths.logs({ integration: summary.id })} className="text-sm text-primary-dark underline dark:text-primary">
          {t("stats.logs")}
        </Link>
      }
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="integration-stats">
        <Stat label={t("stats.recordsSynced")} value={number(summary.stats.recordsSynced)} data-stat="records-synced" />
        <Stat label={t("stats.syncs")} value={number(summary.stats.syncs)} data-stat="syncs" />
        <Stat label={t("stats.successfulSyncs")} value={number(summary.stats.successfulSyncs)} data-stat="successful-syncs" />
        <Stat
          label={t("stats.successRate")}
          value={formatSuccessRate(summary.stats.successRate, i18n.language)}
          note={summary.stats.queued ? t("stats.queued", { count: summary.stats.queued }) : undefined}
          data-stat="success-rate"
        />
      </div>
    </Panel>
  );
}
