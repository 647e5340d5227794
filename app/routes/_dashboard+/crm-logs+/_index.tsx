import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { requireReadAccess } from "~/features/access/gate.server";
import { listIntegrations } from "~/features/integrations/integrations.server";
import { LOG_KINDS, LOG_STATUSES, logsHref, parseLogParams } from "~/features/integrations/delivery/log-params";
import { listLogs } from "~/features/integrations/delivery/logs.server";
import { integrationPaths } from "~/features/integrations/hub/paths";
import { getTranslator } from "~/i18n/i18next.server";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["integrations"] };

/** /crm-logs?integration=&status=&kind=&from=&to=&page=: every request sent to the selected organization's CRMs, 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "crm-logs");
  const t = await getTranslator(request, "integrations");
  const params = parseLogParams(new URL(request.url).searchParams);
  const organization = gate.selection.organization;
  const integrations = organization ? await listIntegrations(gate.tenant.id, organization.id) : [];
  const known = integrations.some((integration) => integration.id === params.integration);
  const effective = known ? params : { ...params, integration: null };
  const result = await listLogs(
    { tenantId: gate.tenant.id, integrationIds: integrations.map((integration) => integration.id), timeZone: gate.tenant.timeZone },
    effective,
  );
  return {
    title: t("logs.title"),
    params: { ...effective, page: result.page },
    integrations: integrations.map((integration) => ({ id: integration.id, name: integration.crm_name })),
    rows: result.rows,
    total: result.total,
    pages: result.pages,
    timeZone: gate.tenant.timeZone,
  };
}

export const meta = titleFromLoader;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

export default function CrmLogsPage() {
  const { t, i18n } = useTranslation("integrations");
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { params } = data;
  const hidden: Array<[string, string]> = [];
  const columns: Array<DataColumn<Row>> = [
    {
      id: "when",
      header: t("logs.when"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <Link to={integrationPaths.log(row.id)} className="text-primary-dark underline dark:text-primary">
          {formatDateTime(row.created_at, i18n.language, data.timeZone)}
        </Link>
      ),
    },
    { id: "crm", header: t("logs.crm"), cell: (row) => row.crm_name },
    { id: "to", header: t("logs.to"), truncate: true, cell: (row) => <span title={`${row.method} ${row.url}`}>{row.target}</span> },
    { id: "from", header: t("logs.from"), truncate: true, cell: (row) => <span title={row.source}>{row.source}</span> },
    {
      id: "status",
      header: t("logs.status"),
      cell: (row) => (
        <Badge tone={row.outcome === "success" ? "success" : row.retry_at ? "warning" : "danger"}>
          {row.response_status ? `${row.response_status} · ` : ""}
          {t(`outcomes.${row.outcome}`)}
        </Badge>
      ),
    },
    { id: "attempt", header: t("logs.attempt"), align: "end", cell: (row) => formatNumber(row.attempt, i18n.language) },
    { id: "duration", header: t("logs.duration"), align: "end", cell: (row) => t("logs.ms", { value: formatNumber(row.duration_ms, i18n.language) }) },
  ];
  return (
    <div className="space-y-6">
      <PageHeader title={data.title} description={t("logs.intro")} />
      <FilterForm action="/crm-logs" label={t("logs.filters")} hidden={hidden} submitLabel={t("library.apply")}>
        <FilterSelect
          id="logs-integration"
          name="integration"
          label={t("logs.integration")}
          value={params.integration}
          anyLabel={t("logs.allIntegrations")}
          options={data.integrations.map((integration) => ({ value: integration.id, label: integration.name }))}
        />
        <FilterSelect
          id="logs-status"
          name="status"
          label={t("logs.status")}
          value={params.status === "all" ? null : params.status}
          anyLabel={t("logs.statuses.all")}
          options={LOG_STATUSES.filter((status) => status !== "all").map((status) => ({ value: status, label: t(`logs.statuses.${status}`) }))}
        />
        <FilterSelect
          id="logs-kind"
          name="kind"
          label={t("logs.kind")}
          value={params.kind === "all" ? null : params.kind}
          anyLabel={t("logs.kinds.all")}
          options={LOG_KINDS.filter((kind) => kind !== "all").map((kind) => ({ value: kind, label: t(`logs.kinds.${kind}`) }))}
        />
        <div className="space-y-1">
          <label htmlFor="logs-from" className="block text-sm font-medium">
            {t("analytics.from")}
          </label>
          <input id="logs-from" name="from" type="date" defaultValue={params.from ?? ""} className={inputClass} />
        </div>
        <div className="space-y-1">
          <label htmlFor="logs-to" className="block text-sm font-medium">
            {t("analytics.to")}
          </label>
          <input id="logs-to" name="to" type="date" defaultValue={params.to ?? ""} className={inputClass} />
        </div>
      </FilterForm>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="logs-total">
        {t("logs.total", { count: data.total, value: formatNumber(data.total, i18n.language) })}
      </p>
      {data.rows.length === 0 ? (
        <EmptyState title={t("logs.none")}>{data.integrations.length === 0 ? t("logs.noIntegrations") : t("logs.noneHint")}</EmptyState>
      ) : (
        <DataTable
          caption={t("logs.caption")}
          columns={columns}
          rows={data.rows}
          rowKey={(row) => row.id}
          rowData={(row) => ({ "data-log": row.id, "data-outcome": row.outcome })}
          busy={navigation.state === "loading" && navigation.location.pathname === "/crm-logs"}
          data-testid="crm-logs"
        />
      )}
      <Pagination page={params.page} pageCount={data.pages} href={(page) => logsHref(params, { page })} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
