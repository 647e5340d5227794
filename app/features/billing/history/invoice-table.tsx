import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { Badge } from "~/components/ui/badge";
import { formatDate, formatMoney } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { invoiceNumberLabel } from "./invoice-number";

export interface InvoiceRow {
  id: string;
  number: number;
  item_key: string;
  item_values: string;
  status: string;
  amount_cents: number;
  currency: string;
  created_at: string;
  /** The tax snapshot (migration 0040); null on invoices issued before it. */
  net_cents?: number | null;
  tax_cents?: number | null;
  tax_rate_bp?: number | null;
}

export function useInvoiceItem() {
  const { t } = useTranslation("billing");
  return (row: { item_key: string; item_values: string }) => t(row.item_key, JSON.parse(row.item_values) as Record<string, string>);
}

/** Invoices: number, item, status, net, VAT, amount (gross), created and the PDF (docs/product/records.md#invoices). */
export function InvoiceTable({ rows, timeZone }: { rows: InvoiceRow[]; timeZone: string }) {
  const { t, i18n } = useTranslation("billing");
  const item = useInvoiceItem();
  const columns: Array<DataColumn<InvoiceRow>> = [
    {
      id: "number",
      header: t("invoices.number"),
      primary: true,
      rowHeader: true,
      cell: (row) => <span className="tabular-nums">{invoiceNumberLabel(row.number)}</span>,
    },
    { id: "item", header: t("invoices.item"), truncate: true, cell: (row) => item(row) },
    { id: "status", header: t("invoices.status"), cell: () => <Badge tone="success">{t("invoices.paid")}</Badge> },
    {
      id: "net",
      header: t("invoices.net"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{row.net_cents == null ? "—" : formatMoney(row.net_cents, row.currency, i18n.language)}</span>,
    },
    {
      id: "tax",
      header: t("invoices.tax"),
      align: "end",
      cell: (row) =>
        row.tax_cents == null || row.tax_rate_bp == null ? (
          "—"
        ) : (
          <span className="tabular-nums">
            {formatMoney(row.tax_cents, row.currency, i18n.language)}{" "}
            <span className="text-slate-500 dark:text-slate-400">
              ({new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 2 }).format(row.tax_rate_bp / 10_000)})
            </span>
          </span>
        ),
    },
    {
      id: "amount",
      header: t("invoices.amount"),
      align: "end",
      cell: (row) => <span className="tabular-nums">{formatMoney(row.amount_cents, row.currency, i18n.language)}</span>,
    },
    { id: "created", header: t("invoices.created"), cell: (row) => formatDate(row.created_at, i18n.language, timeZone) },
    {
      id: "pdf",
      header: t("invoices.pdf"),
      cell: (row) => (
        // A file download, not a page: a plain link so the browser saves or opens the PDF.
        <a
          href={`/invoices/${row.id}.pdf`}
          className="font-medium text-primary-dark underline dark:text-primary"
          aria-label={t("invoices.download", { number: invoiceNumberLabel(row.number) })}
        >
          {t("invoices.downloadShort")}
        </a>
      ),
    },
  ];
  return (
    <DataTable
      caption={t("invoices.caption")}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-invoice": String(row.number) })}
      data-testid="invoices-table"
    />
  );
}
