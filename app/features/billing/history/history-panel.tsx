import { Link } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import type { LedgerKind } from "~/db/schema";
import { formatDateTime, formatMoney, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { historyCsvHref, historyHref, LEDGER_KINDS, type HistoryParams } from "./history-params";

export interface TransactionRow {
  id: string;
  kind: LedgerKind;
  amount_cents: number;
  balance_after_cents: number;
  description_key: string;
  description_values: string;
  created_at: string;
}

const KIND_TONES: Record<LedgerKind, BadgeTone> = {
  topup: "success",
  payment: "info",
  subscription: "accent",
  usage: "neutral",
  refund: "warning",
  adjustment: "neutral",
};

/** tab=billing-history: transactions with type and date filters and paging in the URL, and the view as CSV. */
export function HistoryPanel({
  params,
  items,
  total,
  pageCount,
  currency,
  timeZone,
}: {
  params: HistoryParams;
  items: TransactionRow[];
  total: number;
  pageCount: number;
  currency: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const filtered = Boolean(params.type || params.from || params.to);
  const columns: Array<DataColumn<TransactionRow>> = [
    { id: "date", header: t("history.date"), cell: (row) => <span className="whitespace-nowrap">{formatDateTime(row.created_at, language, timeZone)}</span> },
    {
      id: "description",
      header: t("history.description"),
      primary: true,
      truncate: true,
      cell: (row) => t(row.description_key, JSON.parse(row.description_values) as Record<string, string>),
    },
    { id: "type", header: t("history.type"), cell: (row) => <Badge tone={KIND_TONES[row.kind]}>{t(`kinds.${row.kind}`)}</Badge> },
    {
      id: "amount",
      header: t("history.amount"),
      align: "end",
      cell: (row) => (
        <span className={row.amount_cents < 0 ? "tabular-nums" : "tabular-nums text-emerald-700 dark:text-emerald-300"}>
          {row.amount_cents > 0 ? "+" : ""}
          {formatMoney(row.amount_cents, currency, language)}
        </span>
      ),
    },
    {
      id: "balance",
      header: t("history.balanceAfter"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{formatMoney(row.balance_after_cents, currency, language)}</span>,
    },
  ];
  return (
    <Panel
      title={t("history.title")}
      actions={
        total > 0 ? (
          <a href={historyCsvHref(params)} className={buttonClass("secondary", undefined, "sm")} download>
            {t("history.export")}
          </a>
        ) : null
      }
    >
      <div className="space-y-4">
        <FilterForm action="/billing" label={t("history.filters")} hidden={[["tab", "billing-history"]]} submitLabel={t("history.apply")}>
          <FilterSelect
            id="history-type"
            name="type"
            label={t("history.type")}
            value={params.type}
            anyLabel={t("history.allTypes")}
            options={LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
          />
          <FilterDate id="history-from" name="from" label={t("history.from")} value={params.from} />
          <FilterDate id="history-to" name="to" label={t("history.to")} value={params.to} />
        </FilterForm>
        {filtered ? (
          <Link to={historyHref({ type: null, from: null, to: null, page: 1 })} className="text-sm font-medium text-primary-dark underline dark:text-primary">
            {t("history.reset")}
          </Link>
        ) : null}
        {total > 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="history-status">
            {t("history.status", {
              count: total,
              total: formatNumber(total, language),
              page: formatNumber(params.page, language),
              pages: formatNumber(pageCount, language),
            })}
          </p>
        ) : null}
        {items.length === 0 ? (
          <EmptyState title={filtered ? t("history.empty") : t("history.emptyAll")} />
        ) : (
          <DataTable
            caption={t("history.caption")}
            columns={columns}
            rows={items}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-kind": row.kind })}
            data-testid="transactions-table"
          />
        )}
        {pageCount > 1 ? <Pagination page={params.page} pageCount={pageCount} href={(page) => historyHref(params, { page })} /> : null}
      </div>
    </Panel>
  );
}
