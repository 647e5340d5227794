import type { EndpointRow, ExecuteDraft, ExecuteResult } from "./views";
import { describeFailure } from "../delivery/failure-reason";
import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { integrationPaths } from "./paths";

export function EndpointsPanel({ integrationId, endpoints, canUpdate }: { integrationId: string; endpoints: EndpointRow[]; canUpdate: boolean }) {
  const { t } = useTranslation("integrations");
  const saving = useIsPending({ intent: "save-endpoints" });
  const columns: Array<DataColumn<EndpointRow>> = [
    {
      id: "name",
      header: t("endpoints.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <span className="block min-w-0">
          <span className="font-medium">{row.name}</span>
          <span className="block break-all font-mono text-xs text-slate-500 dark:text-slate-400">
            {row.method} {row.path}
          </span>
        </span>
      ),
    },
    {
      id: "purpose",
      header: t("endpoints.purpose"),
      cell: (row) => (
        <Badge tone={row.role === "read" ? "neutral" : "info"}>
          {t(`endpoints.roles.${row.role}`)}
          {row.kind ? ` · ${t(`endpoints.kinds.${row.kind}`)}` : ""}
        </Badge>
      ),
    },
    {
      id: "enabled",
      header: t("endpoints.enabled"),
      cell: (row) => (
        <label className="inline-flex items-center">
          <input
            type="checkbox"
            name={`enabled.${row.name}`}
            defaultChecked={row.enabled}
            disabled={!canUpdate}
            className="h-4 w-4"
            aria-label={t("endpoints.enabledFor", { name: row.name })}
          />
        </label>
      ),
    },
    {
      id: "sync",
      header: t("endpoints.includeInSync"),
      cell: (row) => (
        <label className="inline-flex items-center">
          <input
            type="checkbox"
            name={`sync.${row.name}`}
            defaultChecked={row.includeInSync}
            disabled={!canUpdate}
            className="h-4 w-4"
            aria-label={t("endpoints.syncFor", { name: row.name })}
          />
        </label>
      ),
    },
  ];
  return (
    <Panel title={t("endpoints.title")}>
      <Form method="post" className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("endpoints.intro")}</p>
        <input type="hidden" name="intent" value="save-endpoints" />
        <DataTable
          caption={t("endpoints.caption")}
          columns={columns}
          rows={endpoints}
          rowKey={(row) => row.name}
          rowData={(row) => ({ "data-endpoint": row.name })}
          actions={{
            header: t("endpoints.run"),
            cell: (row) =>
              row.enabled ? (
                <Link
                  to={integrationPaths.page(integrationId, "endpoints", { run: row.name })}
                  className={buttonClass("secondary", undefined, "sm")}
                  aria-label={t("endpoints.runFor", { name: row.name })}
                >
                  {t("endpoints.run")}
                </Link>
              ) : (
                <span className="text-xs text-slate-500 dark:text-slate-400">{t("endpoints.enableToRun")}</span>
              ),
          }}
        />
        {canUpdate ? (
          <Button type="submit" disabled={saving}>
            {t("endpoints.save")}
          </Button>
        ) : null}
      </Form>
    </Panel>
  );
}

/** "Execute an endpoint": the request shown (and editable) before it is sent once, by hand, and what came back. */
export function ExecutePanel({
  integrationId,
  draft,
  result,
  errors,
  canUpdate,
}: {
  integrationId: string;
  draft: ExecuteDraft;
  result: ExecuteResult | null;
  errors: Record<string, string[] | null> | undefined;
  canUpdate: boolean;
}) {
  const { t, i18n } = useTranslation("integrations");
  const sending = useIsPending({ intent: "execute" });
  return (
    <Panel
      title={t("execute.title", { name: draft.endpointName })}
      actions={
        <Link to={integrationPaths.page(integrationId, "endpoints")} className="text-sm text-primary-dark underline dark:text-primary">
          {t("execute.close")}
        </Link>
      }
    >
      <div className="space-y-4" data-testid="execute-panel">
        <p className="break-all font-mono text-xs">
          {draft.method} {draft.path}
        </p>
        {canUpdate ? (
          <Form method="post" className="space-y-3">
            <FormErrors errors={errors?.[""] ?? undefined} namespace="integrations" />
            <input type="hidden" name="intent" value="execute" />
            <input type="hidden" name="endpointName" value={draft.endpointName} />
            {draft.pathParameters.length > 0 ? (
              <TextField
                label={t("execute.pathValue", { name: draft.pathParameters.join(", ") })}
                errors={errors?.pathValue ?? undefined}
                namespace="integrations"
                inputProps={{ id: "execute-pathValue", name: "pathValue", required: true }}
              />
            ) : null}
            <TextareaField
              label={draft.takesPayload ? t("execute.payload") : t("execute.query")}
              hint={t("execute.payloadHint")}
              errors={errors?.payload ?? undefined}
              namespace="integrations"
              textareaProps={{ id: "execute-payload", name: "payload", defaultValue: draft.payload, rows: 12, className: "font-mono text-xs" }}
            />
            <Button type="submit" disabled={sending}>
              {sending ? t("execute.sending") : t("execute.send")}
            </Button>
          </Form>
        ) : (
          <pre className="overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs dark:bg-slate-800">{draft.payload}</pre>
        )}
        {result ? (
          <div className="space-y-2" data-testid="execute-result" data-ok={result.ok ? "true" : "false"}>
            <Notice tone={result.ok ? "info" : "warning"}>
              {t(result.ok ? "execute.ok" : "execute.failed", {
                status: result.status ?? t(`outcomes.${result.outcome}`),
                ms: formatNumber(result.durationMs, i18n.language),
                error: describeFailure(t, result.outcome, result.error) ?? "",
              })}
              {result.logId ? (
                <>
                  {" "}
                  <Link to={integrationPaths.log(result.logId)} className="font-medium underline">
                    {t("execute.openLog")}
                  </Link>
                </>
              ) : null}
            </Notice>
            {result.excerpt ? (
              <pre className="max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs dark:bg-slate-800">
                {result.excerpt}
              </pre>
            ) : null}
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
