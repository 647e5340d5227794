import { getDb, type DB } from "~/db/db.server";
import { formatDateTime } from "~/i18n/format";
import type { TFunction } from "~/i18n/translator";
import { csvDialectFor, csvLine, UTF8_BOM, type CsvValue } from "~/lib/csv/csv-writer";
import { showFieldValue } from "./field-values";
import type { ResponsesParams } from "./response-params";
import { allResponses, applicableConditions, type ResponseRow, type ResponsesScope } from "./responses.server";

/**
 * The responses view as CSV: the same filters and order, every page. A
 * column per field with its value as the page shows it (numbers and dates in
 * the language's notation), then a column per criterion with its verdict.
 * Streamed a few hundred rows at a time.
 */
export function responsesCsvStream(
  scope: ResponsesScope,
  params: ResponsesParams,
  { language, t }: { language: string; t: TFunction },
  db: DB = getDb(),
): ReadableStream<Uint8Array> {
  const dialect = csvDialectFor(language);
  const encoder = new TextEncoder();
  const { fields, criteria } = scope.definition;
  const applied = { ...params, where: applicableConditions(scope.definition, params.where) };
  const rows = allResponses(scope, applied, db);
  const header: CsvValue[] = [
    t("responses.csv.callId"),
    t("responses.csv.createdAtIso"),
    t("responses.columns.call"),
    t("responses.columns.campaign"),
    t("responses.csv.agent"),
    t("responses.csv.version"),
    ...fields.map((field) => field.name),
    ...criteria.map((criterion) => criterion.name),
  ];
  const cells = (row: ResponseRow): CsvValue[] => [
    row.callId,
    row.createdAt,
    formatDateTime(row.createdAt, language, scope.timeZone),
    row.campaign,
    row.agent,
    row.version,
    ...fields.map((field) => {
      const value = row.values[field.key];
      return showFieldValue(value?.value ?? null, value?.found ?? false, language, t);
    }),
    ...criteria.map((criterion) => t(`verdicts.${row.criteria[criterion.key] ?? "unknown"}`)),
  ];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode((dialect.bom ? UTF8_BOM : "") + csvLine(header, dialect)));
    },
    async pull(controller) {
      const lines: string[] = [];
      for (let i = 0; i < 200; i++) {
        const next = await rows.next();
        if (next.done) {
          if (lines.length) controller.enqueue(encoder.encode(lines.join("")));
          controller.close();
          return;
        }
        lines.push(csvLine(cells(next.value), dialect));
      }
      controller.enqueue(encoder.encode(lines.join("")));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
