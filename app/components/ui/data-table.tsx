import { Fragment, type ReactNode } from "react";
import { cn } from "./cn";
import { SortableHeader } from "./sortable-header";

export interface DataColumn<Row> {
  id: string;
  /** The column's name: its header, and the label of the value in a phone's card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Present when the list can be sorted by this column: the link that sorts by it, and the order when it is the current sort. */
  sort?: { href: string; order: "asc" | "desc" | null };
  align?: "start" | "end";
  /** The title of a phone's card: shown first and bold, without a label. One column per table. */
  primary?: boolean;
  /** Long text is cut to one line with an ellipsis (the full value belongs in a title or the detail view). */
  truncate?: boolean;
  /** The cell names its row (a <th scope="row">), so a screen reader announces it with the row's other cells. */
  rowHeader?: boolean;
  /** The header is read by screen readers but not shown (a column of buttons, say). */
  hideHeader?: boolean;
  className?: string;
}

/**
 * The one table of the app. Column definitions say what each column shows;
 * the table keeps rows on one line at laptop width, puts sortable headers in
 * the URL (links, so sorting works without JavaScript), and below 640 px
 * turns every row into a card of label/value lines with the same HTML, so a
 * phone never scrolls sideways. The actions column, when given, ends each
 * row and each card.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  actions,
  busy = false,
  rowClassName,
  rowData,
  rowDetail,
  className,
  "data-testid": testId,
}: {
  caption: string;
  columns: Array<DataColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
  actions?: { header: string; cell: (row: Row) => ReactNode };
  /** The rows are about to be replaced (a new page or filter is loading). */
  busy?: boolean;
  rowClassName?: (row: Row) => string | undefined;
  /** data-* attributes of a row's <tr>: what scripts and tests find a row by (its id, its state). */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /**
   * More about a row on a full-width line right under it (the reasons a row is
   * invalid and a form that fixes it, say); null for a row without. On a
   * phone it continues the row's card.
   */
  rowDetail?: (row: Row) => ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  // Worked out once per column, not once per cell: a page of rows repeats them hundreds of times.
  const cellClasses = columns.map(cellClassName);
  return (
    <div className={cn("relative transition-opacity sm:overflow-x-auto", busy && "opacity-60", className)} aria-busy={busy || undefined}>
      <table data-testid={testId} className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{caption}</caption>
        <thead className="max-sm:block">
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400 max-sm:mb-2 max-sm:flex max-sm:flex-wrap max-sm:gap-x-1 max-sm:border-0 max-sm:normal-case max-sm:tracking-normal">
            {columns.map((column) =>
              column.sort ? (
                <SortableHeader
                  key={column.id}
                  label={column.header}
                  href={column.sort.href}
                  order={column.sort.order}
                  className={cn(headerCell, column.align === "end" && "text-right", "max-sm:px-1.5 max-sm:py-1")}
                />
              ) : (
                <th key={column.id} scope="col" className={cn(headerCell, column.align === "end" && "text-right", "max-sm:hidden")}>
                  <span className={column.hideHeader ? "sr-only" : undefined}>{column.header}</span>
                </th>
              ),
            )}
            {actions ? (
              <th scope="col" className={cn(headerCell, "text-right max-sm:hidden")}>
                <span className="sr-only">{actions.header}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800 max-sm:block max-sm:space-y-3 max-sm:divide-y-0">
          {rows.map((row) => {
            const detail = rowDetail?.(row) ?? null;
            return (
              <Fragment key={rowKey(row)}>
                <tr {...rowData?.(row)} className={joinClasses("data-row", detail !== null && "data-row-with-detail", rowClassName?.(row))}>
                  {columns.map((column, index) => {
                    const Cell = column.rowHeader ? "th" : "td";
                    return (
                      <Cell key={column.id} scope={column.rowHeader ? "row" : undefined} data-label={column.header} className={cellClasses[index]}>
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                  {actions ? <td className="data-cell data-cell-actions">{actions.cell(row)}</td> : null}
                </tr>
                {detail !== null ? (
                  <tr
                    data-detail-of={rowKey(row)}
                    className="!border-t-0 max-sm:!mt-0 max-sm:block max-sm:rounded-b-lg max-sm:border max-sm:border-t-0 max-sm:border-slate-200 max-sm:bg-white max-sm:px-3 max-sm:pb-3 dark:max-sm:border-slate-800 dark:max-sm:bg-slate-900"
                  >
                    <td colSpan={columns.length + (actions ? 1 : 0)} className="px-4 pb-3 pt-0 max-sm:block max-sm:px-0">
                      {detail}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const headerCell = "whitespace-nowrap px-2.5 py-2 font-semibold first:pl-4 last:pr-4";

// The cell classes live in tailwind.css (.data-cell…): short names on every cell instead of thirty utilities.
function cellClassName<Row>(column: DataColumn<Row>) {
  return joinClasses(
    "data-cell",
    column.primary ? "data-cell-primary" : "data-cell-line",
    column.align === "end" && "data-cell-end",
    column.truncate && "data-cell-truncate",
    column.rowHeader && "data-cell-row-header",
    column.className,
  );
}

/** Plain joining: these classes never conflict, so the cost of merging Tailwind classes is not paid per row. */
function joinClasses(...classes: Array<string | false | null | undefined>) {
  return classes.filter(Boolean).join(" ");
}
