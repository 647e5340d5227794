import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { ListPanel } from "~/components/ui/list-panel";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import { CAMPAIGN_STATUSES, isDue } from "../campaign-rules";
import type { CampaignListItem, CampaignListPage } from "../campaigns.server";
import type { CampaignsListPermissions } from "./list-permissions";
import { CampaignRowActions } from "./row-actions";
import { CAMPAIGNS_PAGE_SIZE, campaignListHref, sortChange, type CampaignSortKey } from "./list-params";
import { CampaignStatusBadge } from "./status-badge";

/**
 * The campaigns list: a status filter (a GET form), a compact table (one
 * line per campaign, long values cut with the full text in a title),
 * sortable headers and pages, all links, so a view can be bookmarked and
 * everything works without JavaScript. With scripts the filter applies as
 * soon as it changes and a row's actions open in a menu.
 */
export function CampaignsList({ data, timeZone, permissions }: { data: CampaignListPage; timeZone: string; permissions: CampaignsListPermissions }) {
  const { t, i18n } = useTranslation("campaigns");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/campaigns";
  const { params, rows, total } = data;
  const firstShown = (params.page - 1) * CAMPAIGNS_PAGE_SIZE + 1;
  const filtered = Boolean(params.q || params.status);
  return (
    <div className="min-w-0 space-y-4">
      <StatusFilter
        q={params.q}
        status={params.status}
        sortFields={params.sort !== "createdAt" || params.order !== "desc" ? { sort: params.sort, order: params.order } : null}
      />
      {rows.length === 0 ? (
        <EmptyState
          data-testid="campaigns-empty"
          heading={2}
          title={filtered ? t("list.noMatchesTitle") : t("list.emptyTitle")}
          className="bg-white dark:bg-slate-900"
          action={
            filtered ? (
              <Link to={campaignListHref(params, { q: "", status: null, page: 1 })} className={buttonClass("secondary")}>
                {t("list.clearFilter")}
              </Link>
            ) : permissions.canCreate ? (
              <Link to="/campaigns/new" className={buttonClass("primary")}>
                {t("newCampaign")}
              </Link>
            ) : null
          }
        >
          {params.q ? t("list.noNameMatches", { q: params.q }) : params.status ? t("list.noMatches") : t("list.empty")}
        </EmptyState>
      ) : (
        <ListPanel
          summary={
            <p data-testid="campaigns-summary">
              {t("list.summary", {
                count: total,
                from: formatNumber(firstShown, i18n.language),
                to: formatNumber(firstShown + rows.length - 1, i18n.language),
                formatted: formatNumber(total, i18n.language),
              })}
            </p>
          }
          actions={
            filtered ? (
              <Link to={campaignListHref(params, { q: "", status: null, page: 1 })} className={buttonClass("secondary", undefined, "sm")}>
                {t("list.clearFilter")}
              </Link>
            ) : null
          }
          updating={updating ? t("list.updating") : ""}
          footer={
            data.pageCount > 1 ? (
              <Pagination page={params.page} pageCount={data.pageCount} href={(page) => campaignListHref(params, { page })} label={t("pagination.label")} />
            ) : null
          }
        >
          <CampaignsTable data={data} timeZone={timeZone} permissions={permissions} busy={updating} />
        </ListPanel>
      )}
    </div>
  );
}

// A phone's card lays a cell out as a flex line; the value must be allowed to shrink to be cut instead of wrapped.
const cutClass = "min-w-0 truncate";

/** A value cut to one line with an ellipsis, the whole of it in the title (a long name is never broken mid-word). */
function Cut({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <span title={text} className={cutClass}>
      {children ?? text}
    </span>
  );
}

function useColumns(data: CampaignListPage, timeZone: string): Array<DataColumn<CampaignListItem>> {
  const { t, i18n } = useTranslation("campaigns");
  const { params } = data;
  const sort = (key: CampaignSortKey) => ({ href: campaignListHref(params, sortChange(params, key)), order: params.sort === key ? params.order : null });
  return [
    {
      id: "name",
      header: t("list.columns.name"),
      sort: sort("name"),
      primary: true,
      rowHeader: true,
      truncate: true,
      className: "max-w-[13rem]",
      cell: (row) => (
        <Link to={`/campaigns/${encodeURIComponent(row.id)}`} title={row.name} className="block truncate hover:underline max-sm:whitespace-normal">
          {row.name}
        </Link>
      ),
    },
    {
      id: "status",
      header: t("list.columns.status"),
      sort: sort("status"),
      cell: (row) => <CampaignStatusBadge status={row.status} />,
    },
    {
      id: "type",
      header: t("list.columns.type"),
      // When it calls (right away, once, how often) is in the title and on the campaign's page; the row keeps to one short word.
      cell: (row) => {
        const full = [t(`type.${row.type}`), t(`sendingType.${row.sendingType}`), row.frequency ? t(`frequency.${row.frequency}`) : null]
          .filter(Boolean)
          .join(" · ");
        return <span title={full}>{t(`type.${row.type}`)}</span>;
      },
    },
    {
      id: "list",
      header: t("list.columns.list"),
      truncate: true,
      className: "max-w-[10rem]",
      cell: (row) => <Cut text={row.listName} />,
    },
    {
      id: "number",
      header: t("list.columns.number"),
      truncate: true,
      className: "max-w-[9rem]",
      cell: (row) => {
        const phone = row.numberDisplay;
        return row.numberLabel ? <Cut text={`${row.numberLabel} · ${phone}`}>{row.numberLabel}</Cut> : <span className="tabular-nums">{phone}</span>;
      },
    },
    {
      id: "nextRunAt",
      header: t("list.columns.nextRunAt"),
      sort: sort("nextRunAt"),
      cell: (row) => (
        <span data-testid="campaign-next-run">
          {row.nextRunAt && isDue(row.status) ? (
            <time dateTime={row.nextRunAt} title={formatDateTime(row.nextRunAt, i18n.language, timeZone)}>
              {formatDate(row.nextRunAt, i18n.language, timeZone)}
            </time>
          ) : (
            <span className="text-slate-500 dark:text-slate-400">{t("list.noNextRun")}</span>
          )}
        </span>
      ),
    },
    {
      id: "createdAt",
      header: t("list.columns.createdAt"),
      sort: sort("createdAt"),
      cell: (row) => (
        <time dateTime={row.createdAt} title={formatDateTime(row.createdAt, i18n.language, timeZone)}>
          {formatDate(row.createdAt, i18n.language, timeZone)}
        </time>
      ),
    },
  ];
}

function CampaignsTable({
  data,
  timeZone,
  permissions,
  busy,
}: {
  data: CampaignListPage;
  timeZone: string;
  permissions: CampaignsListPermissions;
  busy: boolean;
}) {
  const { t } = useTranslation("campaigns");
  const { params } = data;
  const columns = useColumns(data, timeZone);
  return (
    <DataTable
      data-testid="campaigns-table"
      caption={t("list.caption", { column: t(`list.columns.${params.sort}`), order: t(`list.order.${params.order}`) })}
      columns={columns}
      rows={data.rows}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-testid": "campaign-row", "data-campaign-id": row.id, "data-status": row.status })}
      busy={busy}
      actions={{ header: t("list.columns.actions"), cell: (row) => <CampaignRowActions row={row} permissions={permissions} /> }}
    />
  );
}

function StatusFilter({ q, status, sortFields }: { q: string; status: string | null; sortFields: { sort: string; order: string } | null }) {
  const { t } = useTranslation("campaigns");
  return (
    <FilterForm
      action="/campaigns"
      label={t("list.filterLabel")}
      search={{ id: "campaigns-q", label: t("list.search.label"), placeholder: t("list.search.placeholder"), hint: t("list.search.hint"), value: q }}
      hidden={
        sortFields
          ? [
              ["sort", sortFields.sort],
              ["order", sortFields.order],
            ]
          : []
      }
      submitLabel={t("list.apply")}
    >
      <FilterSelect
        id="campaigns-status"
        name="status"
        label={t("list.statusFilter")}
        value={status}
        anyLabel={t("list.allStatuses")}
        options={CAMPAIGN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
      />
    </FilterForm>
  );
}
