import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { AUDIT_ACTIONS } from "./audit-actions";
import { AUDIT_LOG_PATH, auditCsvHref, auditHref, type AuditParams, type AuditViewRow } from "./audit-params";

export interface AuditViewData {
  params: AuditParams;
  rows: AuditViewRow[];
  total: number;
  pageCount: number;
  timeZone: string;
  /** The log's path: the tenant's own (/settings/audit-log) unless given. */
  path?: string;
  /** Given in the super admin's log of every tenant: the tenant filter's choices, and a tenant column. */
  tenants?: Array<{ id: string; name: string }>;
}

const hasFilters = (params: AuditParams) => Boolean(params.action || params.from || params.to || params.tenant);

/** /settings/audit-log: the filters (a GET form: every view is a URL), the entries newest first, paging and the CSV of exactly the view. */
export function AuditLogView({ data }: { data: AuditViewData }) {
  const { t, i18n } = useTranslation("audit");
  const language = i18n.language;
  const { params } = data;
  const path = data.path ?? AUDIT_LOG_PATH;
  const tenantColumn: Array<DataColumn<AuditViewRow>> = data.tenants
    ? [{ id: "tenant", header: t("columns.tenant"), truncate: true, cell: (row) => row.tenantName ?? "" }]
    : [];
  const columns: Array<DataColumn<AuditViewRow>> = [
    {
      id: "at",
      header: t("columns.at"),
      rowHeader: true,
      cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at, language, data.timeZone)}</time>,
    },
    {
      id: "action",
      header: t("columns.actionBy"),
      primary: true,
      // Who did it under what they did: a column of its own made the table scroll inside its box below 1366 px.
      cell: (row) => (
        <span className="block min-w-0">
          <span className="block">{row.action}</span>
          <span className="block break-all text-xs font-normal text-slate-600 dark:text-slate-300">{row.actorLabel || t("system")}</span>
        </span>
      ),
    },
    ...tenantColumn,
    { id: "target", header: t("columns.target"), truncate: true, cell: (row) => row.targetLabel ?? "" },
    {
      id: "details",
      header: t("columns.details"),
      // Table cells stay on one line (.data-cell); a role's whole permission list is one entry's details and must wrap.
      className: "whitespace-normal",
      // Where it came from sits under what it says: a column of its own made the table wider than a laptop's box.
      cell: (row) => (
        <span className="block min-w-0">
          {row.details ? <span className="block max-w-md">{row.details}</span> : null}
          {row.ip || row.requestId ? (
            <span className="block text-xs text-slate-600 dark:text-slate-300">
              {/* The request id's first eight characters find it in the logs; the CSV has it whole. */}
              {[row.ip, row.requestId ? t("requestId", { id: row.requestId.slice(0, 8) }) : null].filter(Boolean).join(" · ")}
            </span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <div className="space-y-4">
      <FilterForm action={path} label={t("filters.label")} submitLabel={t("filters.submit")}>
        {data.tenants ? (
          <FilterSelect
            id="audit-tenant"
            name="tenant"
            label={t("filters.tenant")}
            value={params.tenant}
            anyLabel={t("filters.anyTenant")}
            options={data.tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
          />
        ) : null}
        <FilterSelect
          id="audit-action"
          name="action"
          label={t("filters.action")}
          value={params.action}
          anyLabel={t("filters.anyAction")}
          options={AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) }))}
        />
        <FilterDate id="audit-from" name="from" label={t("filters.from")} value={params.from} />
        <FilterDate id="audit-to" name="to" label={t("filters.to")} value={params.to} />
      </FilterForm>
      {hasFilters(params) ? (
        <p className="text-sm">
          <Link to={path} className="underline">
            {t("filters.clear")}
          </Link>
        </p>
      ) : null}
      <Panel>
        {data.rows.length === 0 ? (
          <EmptyState heading={2} title={hasFilters(params) ? t("emptyFiltered") : t("empty")} data-testid="audit-empty" />
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="audit-count">
                {t("count", { count: data.total, formatted: formatNumber(data.total, language) })}
              </p>
              <a href={auditCsvHref(params, path)} download className={buttonClass("secondary", undefined, "sm")}>
                {t("export")}
              </a>
            </div>
            <DataTable
              caption={t("caption")}
              data-testid="audit-log"
              columns={columns}
              rows={data.rows}
              rowKey={(row) => row.id}
              rowData={(row) => ({ "data-entry": row.id })}
            />
            <Pagination page={params.page} pageCount={data.pageCount} label={t("pagination")} href={(page) => auditHref(params, { page }, path)} />
          </div>
        )}
      </Panel>
    </div>
  );
}
