import { csvDialectFor, csvField, csvLine, UTF8_BOM, type CsvDialect } from "~/lib/csv/csv-writer";
import { formatDateTime } from "~/i18n/format";
import type { TFunction } from "~/i18n/translator";
import type { TransactionRow } from "./history-panel";

/**
 * The billing history's view as CSV in the user's language: German gets
 * semicolons, decimal commas and a byte-order mark, so Excel opens it as it
 * opens the recordings export. Amounts are plain numbers (no symbol or
 * grouping) with the currency in a column of its own, so they sum.
 */
export function transactionsCsv(
  rows: TransactionRow[],
  { language, timeZone, currency, t }: { language: string; timeZone: string; currency: string; t: TFunction },
) {
  const dialect = csvDialectFor(language);
  const amount = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
  const header = ["dateIso", "date", "description", "type", "amount", "balanceAfter", "currency"].map((column) => t(`history.csv.${column}`));
  const lines = rows.map((row) =>
    line(
      [
        csvField(row.created_at),
        csvField(formatDateTime(row.created_at, language, timeZone)),
        csvField(t(row.description_key, JSON.parse(row.description_values) as Record<string, string>)),
        csvField(t(`kinds.${row.kind}`)),
        number(amount.format(row.amount_cents / 100)),
        number(amount.format(row.balance_after_cents / 100)),
        csvField(currency),
      ],
      dialect,
    ),
  );
  return (dialect.bom ? UTF8_BOM : "") + csvLine(header, dialect) + lines.join("");
}

function line(cells: string[], dialect: CsvDialect) {
  return `${cells.join(dialect.separator)}\r\n`;
}

/** Our own amounts: quoted, but not guarded against formulas as user text is, so "-12.50" stays a number a spreadsheet can sum. */
function number(text: string) {
  return `"${text}"`;
}
