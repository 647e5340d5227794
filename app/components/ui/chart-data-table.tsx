import type { ReactNode } from "react";

/**
 * A chart's numbers for screen readers: a table hidden from sight. The hiding
 * box is a div, because a table cannot shrink below its columns, so an
 * sr-only table itself would still widen a phone page. The first column
 * names each row.
 */
export function ChartDataTable({
  caption,
  columns,
  rows,
  "data-testid": testId,
}: {
  caption: string;
  /** The headers: the row-naming column first, then one per figure. */
  columns: string[];
  rows: Array<{ key: string; header: ReactNode; cells: ReactNode[] }>;
  "data-testid"?: string;
}) {
  return (
    <div className="sr-only">
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.header}</th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
