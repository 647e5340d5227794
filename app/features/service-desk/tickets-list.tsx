import { Link, useNavigation } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { ListPanel } from "~/components/ui/list-panel";
import { Pagination } from "~/components/ui/pagination";
import { Tabs } from "~/components/ui/tabs";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { SERVICE_DESK_TABS } from "~/lib/navigation/routes";
import { DueTime, PriorityBadge, TicketStatusBadge } from "./badges";
import {
  clearedFilters,
  DESK_TABS,
  deskPaths,
  hasActiveFilters,
  hiddenFields,
  NO_ASSIGNEE,
  SERVICE_DESK_PATH,
  sortChange,
  STATUS_FILTERS,
  tabHref,
  ticketListHref,
  TICKETS_PAGE_SIZE,
  withReturnTo,
  type DeskTab,
  type SortKey,
  type TicketListParams,
} from "./list-params";
import { ticketLabel, TICKET_PRIORITIES } from "./ticket-rules";
import type { TicketRow } from "./list-query.server";

/** Everything the list view renders; serialisable. */
export interface TicketListData {
  params: TicketListParams;
  rows: TicketRow[];
  total: number;
  pageCount: number;
  counts: Record<DeskTab, number>;
  /** May see every ticket (update on the desk): the "all" tab. */
  allowAll: boolean;
  canCreate: boolean;
  members: Array<{ id: string; name: string }>;
  tags: string[];
  timeZone: string;
  /** This exact view, for the ticket page's way back. */
  returnTo: string;
}

/** The desk's tabs: the sidebar's two (docs/product/navigation.md) and "all" for those who may see every ticket; each with its active tickets. */
export function DeskTabBar({ data }: { data: TicketListData }) {
  const { t, i18n } = useTranslation("service-desk");
  const labels: Record<DeskTab, string> = {
    "my-tickets": t(SERVICE_DESK_TABS[0]!.labelKey, { ns: "common" }),
    "unassigned-tickets": t(SERVICE_DESK_TABS[1]!.labelKey, { ns: "common" }),
    all: t("tabs.all"),
  };
  const tabs = DESK_TABS.filter((tab) => tab !== "all" || data.allowAll);
  return (
    <Tabs
      label={t("tabs.label")}
      active={data.params.tab}
      tabs={tabs.map((tab) => ({ value: tab, label: labels[tab], to: tabHref(data.params, tab), badge: formatNumber(data.counts[tab], i18n.language) }))}
    />
  );
}

function TicketFilters({ data }: { data: TicketListData }) {
  const { t } = useTranslation("service-desk");
  const { params } = data;
  return (
    <div className="space-y-2">
      <FilterForm
        action={SERVICE_DESK_PATH}
        label={t("filters.label")}
        search={{ id: "tickets-q", label: t("search.label"), placeholder: t("search.placeholder"), hint: t("search.hint"), value: params.q }}
        hidden={hiddenFields(params)}
        submitLabel={t("search.submit")}
      >
        <FilterSelect
          id="tickets-status"
          name="status"
          label={t("filters.status")}
          // "active" is the default: the select shows it as its first choice, and "any" as one of the others.
          value={params.status === "active" ? null : params.status}
          anyLabel={t("filters.statusValues.active")}
          options={STATUS_FILTERS.filter((value) => value !== "active").map((value) => ({ value, label: t(`filters.statusValues.${value}`) }))}
        />
        <FilterSelect
          id="tickets-priority"
          name="priority"
          label={t("filters.priority")}
          value={params.priority}
          anyLabel={t("filters.anyPriority")}
          options={TICKET_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))}
        />
        {params.tab === "all" ? (
          <FilterSelect
            id="tickets-assignee"
            name="assignee"
            label={t("filters.assignee")}
            value={params.assignee}
            anyLabel={t("filters.anyAssignee")}
            options={[{ value: NO_ASSIGNEE, label: t("filters.nobody") }, ...data.members.map((member) => ({ value: member.id, label: member.name }))]}
          />
        ) : null}
        <FilterSelect
          id="tickets-tag"
          name="tag"
          label={t("filters.tag")}
          value={params.tag}
          anyLabel={t("filters.anyTag")}
          options={[...new Set([...data.tags, ...(params.tag ? [params.tag] : [])])].map((tag) => ({ value: tag, label: tag }))}
        />
      </FilterForm>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {/* The overdue marker as a filter: a link that turns it on or off, keeping the rest of the view. */}
        <Link to={ticketListHref(params, { overdue: !params.overdue, page: 1 })} className="underline" data-testid="overdue-filter">
          {params.overdue ? t("filters.allDeadlines") : t("filters.overdueOnly")}
        </Link>
        {hasActiveFilters(params) ? (
          <Link to={ticketListHref(clearedFilters(params))} className="underline">
            {t("filters.clear")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}

function useColumns(data: TicketListData): Array<DataColumn<TicketRow>> {
  const { t, i18n } = useTranslation("service-desk");
  const { params } = data;
  const sort = (key: SortKey) => ({ href: ticketListHref(params, sortChange(params, key)), order: params.sort === key ? params.order : null });
  const nobody = <span className="text-slate-500 dark:text-slate-400">{t("list.unassigned")}</span>;
  return [
    {
      id: "ticket",
      header: t("columns.ticket"),
      // Ticket numbers are handed out in creation order: sorting by the ticket is sorting by when it was made.
      sort: sort("created"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <span className="block min-w-[12rem] max-w-[28rem] space-y-1 whitespace-normal max-sm:max-w-none">
          <Link to={withReturnTo(deskPaths.ticket(row.id), data.returnTo)} className="font-medium hover:underline">
            <span className="tabular-nums text-slate-600 dark:text-slate-300">{ticketLabel(row.number)}</span> {row.subject || t("ticket.untitled")}
          </Link>
          {row.contact || row.tags.length > 0 ? (
            <span className="flex flex-wrap items-center gap-1 text-xs font-normal text-slate-600 dark:text-slate-300">
              {row.contact ? <span>{row.contact.name}</span> : null}
              {row.tags.map((tag) => (
                <Badge key={tag} tone="accent">
                  {tag}
                </Badge>
              ))}
            </span>
          ) : null}
        </span>
      ),
    },
    { id: "status", header: t("columns.status"), cell: (row) => <TicketStatusBadge status={row.status} /> },
    { id: "priority", header: t("columns.priority"), sort: sort("priority"), cell: (row) => <PriorityBadge priority={row.priority} /> },
    { id: "assignee", header: t("columns.assignee"), cell: (row) => (row.assignee ? row.assignee.name : nobody) },
    { id: "due", header: t("columns.due"), sort: sort("due"), cell: (row) => <DueTime dueAt={row.dueAt} overdue={row.overdue} timeZone={data.timeZone} /> },
    {
      id: "updated",
      header: t("columns.updated"),
      sort: sort("updated"),
      cell: (row) => <time dateTime={row.updatedAt}>{formatDateTime(row.updatedAt, i18n.language, data.timeZone)}</time>,
    },
  ];
}

export function TicketsListView({ data }: { data: TicketListData }) {
  const { t, i18n } = useTranslation("service-desk");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === SERVICE_DESK_PATH;
  const columns = useColumns(data);
  const { params, rows, total } = data;
  const firstShown = (params.page - 1) * TICKETS_PAGE_SIZE + 1;
  return (
    <div className="min-w-0 space-y-4">
      <TicketFilters data={data} />
      {rows.length === 0 ? (
        <EmptyState
          data-testid="tickets-empty"
          heading={2}
          title={hasActiveFilters(params) ? t("empty.noMatchesTitle") : t(`empty.${params.tab}.title`)}
          className="bg-white dark:bg-slate-900"
          action={
            hasActiveFilters(params) ? (
              <Link to={ticketListHref(clearedFilters(params))} className={buttonClass("secondary")}>
                {t("filters.clear")}
              </Link>
            ) : data.canCreate ? (
              <Link to={deskPaths.create()} className={buttonClass("primary")}>
                {t("actions.new")}
              </Link>
            ) : null
          }
        >
          {hasActiveFilters(params) ? t("empty.noMatches") : t(`empty.${params.tab}.text`)}
        </EmptyState>
      ) : (
        <ListPanel
          summary={
            <p data-testid="tickets-summary">
              {t("list.summary", {
                count: total,
                from: formatNumber(firstShown, i18n.language),
                to: formatNumber(firstShown + rows.length - 1, i18n.language),
                formatted: formatNumber(total, i18n.language),
              })}
            </p>
          }
          updating={updating ? t("list.updating") : ""}
          footer={data.pageCount > 1 ? <Pagination page={params.page} pageCount={data.pageCount} href={(page) => ticketListHref(params, { page })} /> : null}
        >
          <DataTable
            caption={t("list.caption")}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-ticket": String(row.number), "data-status": row.status })}
            busy={updating}
            data-testid="tickets-table"
          />
        </ListPanel>
      )}
    </div>
  );
}
