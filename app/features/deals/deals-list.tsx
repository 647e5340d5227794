import { Link, useNavigation } from "@remix-run/react";
import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { ConfirmDialog } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { ListPanel } from "~/components/ui/list-panel";
import { Pagination } from "~/components/ui/pagination";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { formatDate, formatMoney } from "~/i18n/format";
import { DeleteDealForm } from "./delete-deal-form";
import { formatDay, formatTotals } from "./deal-format";
import { DEALS_PATH, dealsHref, sortChange, type DealCard, type DealsViewData, type SortKey } from "./list-params";
import { dealPaths, withReturnTo } from "./paths";

/**
 * The list: one line per deal with its stage, value, contact, owner and
 * expected close, sortable by the headers (links), paged, and each row's
 * actions (edit; delete in a dialog with scripts, its own page without).
 */
export function DealsListView({ data }: { data: DealsViewData }) {
  const { t, i18n } = useTranslation("deals");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === DEALS_PATH;
  const list = data.list!;
  return (
    <ListPanel
      summary={<p data-testid="deals-summary">{t("list.summary", { count: list.total, value: formatTotals(list.totals, i18n.language, data.currency) })}</p>}
      updating={updating ? t("list.updating") : ""}
      footer={list.pageCount > 1 ? <Pagination page={data.params.page} pageCount={list.pageCount} href={(page) => dealsHref(data.params, { page })} /> : null}
    >
      <DealsTable data={data} busy={updating} />
    </ListPanel>
  );
}

function useColumns(data: DealsViewData): Array<DataColumn<DealCard>> {
  const { t, i18n } = useTranslation("deals");
  const { params } = data;
  const missing = <span className="text-slate-400 dark:text-slate-500">{t("list.notGiven")}</span>;
  const sort = (key: SortKey) => ({ href: dealsHref(params, sortChange(params, key)), order: params.sort === key ? params.order : null });
  const stages = new Map(data.stages.map((stage) => [stage.id, stage]));
  return [
    {
      id: "title",
      header: t("list.columns.title"),
      sort: sort("title"),
      primary: true,
      rowHeader: true,
      cell: (row) =>
        data.canUpdate ? (
          <Link to={withReturnTo(dealPaths.edit(row.id), data.returnTo)} className="hover:underline">
            {row.title}
          </Link>
        ) : (
          row.title
        ),
      className: "max-w-[16rem] whitespace-normal break-words",
    },
    {
      id: "stage",
      header: t("list.columns.stage"),
      sort: sort("stage"),
      cell: (row) => {
        const stage = stages.get(row.stageId);
        if (!stage) return missing;
        return <Badge tone={stage.kind === "won" ? "success" : stage.kind === "lost" ? "danger" : "neutral"}>{stage.name}</Badge>;
      },
    },
    {
      id: "value",
      header: t("list.columns.value"),
      sort: sort("value"),
      align: "end",
      className: "tabular-nums whitespace-nowrap",
      cell: (row) => formatMoney(row.valueMinor, row.currency, i18n.language),
    },
    {
      id: "contact",
      header: t("list.columns.contact"),
      truncate: true,
      className: "max-w-[10rem]",
      cell: (row) => (row.contactName ? <span title={row.contactName}>{row.contactName}</span> : missing),
    },
    {
      id: "owner",
      header: t("list.columns.owner"),
      truncate: true,
      className: "max-w-[9rem]",
      cell: (row) => (row.ownerName ? <span title={row.ownerName}>{row.ownerName}</span> : missing),
    },
    {
      id: "close",
      header: t("list.columns.close"),
      sort: sort("close"),
      className: "whitespace-nowrap",
      cell: (row) => (row.expectedCloseOn ? <time dateTime={row.expectedCloseOn}>{formatDay(row.expectedCloseOn, i18n.language)}</time> : missing),
    },
    {
      id: "created",
      header: t("list.columns.created"),
      sort: sort("created"),
      className: "whitespace-nowrap",
      cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt, i18n.language)}</time>,
    },
  ];
}

function DealsTable({ data, busy }: { data: DealsViewData; busy: boolean }) {
  const { t } = useTranslation("deals");
  const columns = useColumns(data);
  const withActions = data.canUpdate || data.canDelete;
  return (
    <DataTable
      data-testid="deals-table"
      caption={t("list.caption", { column: t(`list.columns.${data.params.sort}`), order: t(`list.order.${data.params.order}`) })}
      columns={columns}
      rows={data.list!.rows}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-deal-id": row.id })}
      busy={busy}
      actions={withActions ? { header: t("list.columns.actions"), cell: (row) => <DealRowActions row={row} data={data} /> } : undefined}
    />
  );
}

function DealRowActions({ row, data }: { row: DealCard; data: DealsViewData }) {
  const { t } = useTranslation("deals");
  const [deleting, setDeleting] = useState(false);
  const close = useCallback(() => setDeleting(false), []);
  const actions: RowAction[] = [];
  if (data.canUpdate) actions.push({ label: t("rowActions.edit"), to: withReturnTo(dealPaths.edit(row.id), data.returnTo) });
  if (data.canDelete)
    actions.push({
      label: t("rowActions.delete"),
      to: withReturnTo(dealPaths.remove(row.id), data.returnTo),
      onSelect: () => setDeleting(true),
      tone: "danger",
    });
  return (
    <>
      <RowActionsMenu label={t("rowActions.menu", { title: row.title })} actions={actions} />
      {data.canDelete ? (
        <ConfirmDialog
          open={deleting}
          onClose={close}
          title={t("delete.title")}
          content={({ fetcher, close: cancel }) => (
            <DeleteDealForm dealId={row.id} returnTo={data.returnTo} summary={row.title} fetcher={fetcher} onCancel={cancel} />
          )}
        />
      ) : null}
    </>
  );
}
