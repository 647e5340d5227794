import type { TFunction } from "~/i18n/translator";
import { getDb, type DB } from "~/db/db.server";
import { formatDateTime } from "~/i18n/format";
import { formatClock } from "../audio-player";
import { csvDialectFor, csvLine, UTF8_BOM, type CsvValue } from "~/lib/csv/csv-writer";
import type { RecordingsListParams } from "./list-params";
import { exportChunks, type ExportRow, type ListScope } from "./list-query.server";

/* CSV export of exactly the list's view: same filters, same order, every page. */

export interface CsvExportOptions {
  language: string;
  t: TFunction;
}

function csvHeader(t: TFunction) {
  return (
    [
      "id",
      "createdAtIso",
      "createdAt",
      "direction",
      "status",
      "campaign",
      "from",
      "to",
      "agent",
      "user",
      "company",
      "durationSeconds",
      "duration",
      "rating",
      "sentiment",
      "escalated",
      "summary",
    ] as const
  ).map((column) => t(`export.columns.${column}`));
}

function csvCells(row: ExportRow, timeZone: string, { language, t }: CsvExportOptions): CsvValue[] {
  return [
    row.id,
    row.createdAt,
    formatDateTime(row.createdAt, language, timeZone),
    t(`direction.${row.direction}`, { defaultValue: row.direction }),
    t(`status.${row.status}`),
    row.campaignName,
    row.from,
    row.to,
    row.agentName,
    row.userName,
    row.userCompany,
    row.durationSeconds,
    row.durationSeconds === null ? null : formatClock(row.durationSeconds),
    row.rating,
    row.sentiment ? t(`sentiment.${row.sentiment}`) : null,
    row.escalated ? t("export.yes") : t("export.no"),
    row.summary,
  ];
}

/**
 * The CSV as a stream that asks the database for the next chunk only when the
 * client has taken the previous one, so a million rows never sit in memory.
 */
export function recordingsCsvStream(scope: ListScope, params: RecordingsListParams, options: CsvExportOptions, db: DB = getDb()): ReadableStream<Uint8Array> {
  const dialect = csvDialectFor(options.language);
  const encoder = new TextEncoder();
  const chunks = exportChunks(db, scope, params);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode((dialect.bom ? UTF8_BOM : "") + csvLine(csvHeader(options.t), dialect)));
    },
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(csvCells(row, scope.timeZone, options), dialect)).join("")));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
