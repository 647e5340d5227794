import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Pagination } from "~/components/ui/pagination";
import { FilterSelect } from "~/components/ui/filter-fields";
import { Panel } from "~/components/ui/panel";
import { SortableHeader } from "~/components/ui/sortable-header";
import { useFilterForm } from "~/components/ui/use-filter-form";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { CAMPAIGN_STATUSES, isDue } from "./campaign-rules";
import type { CampaignListItem, CampaignListPage } from "./campaigns.server";
import { CAMPAIGNS_PAGE_SIZE, campaignListHref, sortChange, type CampaignSortKey } from "./list-params";
import { CampaignStatusBadge } from "./status-badge";

/**
 * The campaigns list: a status filter (a GET form), sortable column headers
 * and pages, all links, so a view can be bookmarked and everything works
 * without JavaScript. With scripts the filter applies as soon as it changes.
 */
export function CampaignsList({ data, timeZone, canCreate }: { data: CampaignListPage; timeZone: string; canCreate: boolean }) {
  const { t, i18n } = useTranslation("campaigns");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/campaigns";
  const { params, rows, total } = data;
  const firstShown = (params.page - 1) * CAMPAIGNS_PAGE_SIZE + 1;
  const sortableHeader = (column: CampaignSortKey) => (
    <SortableHeader
      label={t(`list.columns.${column}`)}
      href={campaignListHref(params, sortChange(params, column))}
      order={params.sort === column ? params.order : null}
    />
  );
  return (
    <div className="space-y-4">
      <StatusFilter status={params.status} sortFields={params.sort !== "createdAt" || params.order !== "desc" ? { sort: params.sort, order: params.order } : null} />
      {rows.length === 0 ? (
        <Panel title={params.status ? t("list.noMatchesTitle") : t("list.emptyTitle")}>
          <div className="space-y-3" data-testid="campaigns-empty">
            <p className="text-slate-600 dark:text-slate-300">{params.status ? t("list.noMatches") : t("list.empty")}</p>
            {params.status ? (
              <Link to={campaignListHref(params, { status: null, page: 1 })} className="font-medium underline">
                {t("list.clearFilter")}
              </Link>
            ) : canCreate ? (
              <Link to="/campaigns/new" className={buttonClass("primary")}>
                {t("newCampaign")}
              </Link>
            ) : null}
          </div>
        </Panel>
      ) : (
        <Panel>
          <p className="mb-3 text-sm text-slate-600 dark:text-slate-300" data-testid="campaigns-summary">
            {t("list.summary", {
              count: total,
              from: formatNumber(firstShown, i18n.language),
              to: formatNumber(firstShown + rows.length - 1, i18n.language),
              formatted: formatNumber(total, i18n.language),
            })}
          </p>
          <div className={cn("overflow-x-auto transition-opacity", updating && "opacity-60")} aria-busy={updating || undefined}>
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
              <caption className="sr-only">{t("list.caption", { column: t(`list.columns.${params.sort}`), order: t(`list.order.${params.order}`) })}</caption>
              <thead>
                <tr className="text-left">
                  {sortableHeader("name")}
                  {sortableHeader("status")}
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("list.columns.type")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("list.columns.list")}
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {t("list.columns.number")}
                  </th>
                  {sortableHeader("nextRunAt")}
                  {sortableHeader("createdAt")}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {rows.map((row) => (
                  <CampaignRow key={row.id} row={row} timeZone={timeZone} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-4">
            <Pagination page={params.page} pageCount={data.pageCount} href={(page) => campaignListHref(params, { page })} label={t("pagination.label")} />
          </div>
        </Panel>
      )}
    </div>
  );
}

function CampaignRow({ row, timeZone }: { row: CampaignListItem; timeZone: string }) {
  const { t, i18n } = useTranslation("campaigns");
  const cell = "px-3 py-2 align-top";
  return (
    <tr data-testid="campaign-row">
      <td className={cn(cell, "font-medium")}>
        <Link to={`/campaigns/${encodeURIComponent(row.id)}`} className="underline">
          {row.name}
        </Link>
      </td>
      <td className={cell}>
        <CampaignStatusBadge status={row.status} />
      </td>
      <td className={cell}>
        {t(`type.${row.type}`)}
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          {t(`sendingType.${row.sendingType}`)}
          {row.frequency ? ` · ${t(`frequency.${row.frequency}`)}` : ""}
        </span>
      </td>
      <td className={cell}>{row.listName}</td>
      <td className={cn(cell, "whitespace-nowrap")}>
        {row.numberLabel ? <span className="block">{row.numberLabel}</span> : null}
        <span className="text-xs text-slate-600 dark:text-slate-300">{formatPhoneForDisplay(row.numberE164)}</span>
      </td>
      <td className={cn(cell, "whitespace-nowrap")} data-testid="campaign-next-run">
        {row.nextRunAt && isDue(row.status) ? formatDateTime(row.nextRunAt, i18n.language, timeZone) : <span className="text-slate-600 dark:text-slate-300">{t("list.noNextRun")}</span>}
      </td>
      <td className={cn(cell, "whitespace-nowrap")}>{formatDateTime(row.createdAt, i18n.language, timeZone)}</td>
    </tr>
  );
}

function StatusFilter({ status, sortFields }: { status: string | null; sortFields: { sort: string; order: string } | null }) {
  const { t } = useTranslation("campaigns");
  const { onChange, onSubmit } = useFilterForm({ action: "/campaigns", q: "" });
  return (
    <Form method="get" action="/campaigns" role="search" aria-label={t("list.filterLabel")} onChange={onChange} onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      {sortFields ? (
        <>
          <input type="hidden" name="sort" value={sortFields.sort} />
          <input type="hidden" name="order" value={sortFields.order} />
        </>
      ) : null}
      <FilterSelect
        id="campaigns-status"
        name="status"
        label={t("list.statusFilter")}
        value={status}
        anyLabel={t("list.allStatuses")}
        options={CAMPAIGN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
      />
      <Button type="submit" variant="secondary">
        {t("list.apply")}
      </Button>
    </Form>
  );
}

