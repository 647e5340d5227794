import type { TFunction } from "~/i18n/translator";
import { localDateKey } from "~/lib/dates/date-ranges";
import { csvDialectFor, csvLine, UTF8_BOM } from "~/lib/csv/csv-writer";
import type { PlatformAnalytics } from "./analytics.server";

/**
 * /analytics.csv: the range's periods, one line each (first and last day as
 * YYYY-MM-DD, sign-ups, calls, minutes, top-ups in the billing currency's
 * major unit with a dot), in the user's CSV dialect (csv-writer.ts). Plain
 * numbers, not formatted, so a spreadsheet can add them up. A few dozen lines
 * at most (granularityFor), so built in one piece rather than streamed.
 */
export function platformAnalyticsCsv(figures: PlatformAnalytics, language: string, t: TFunction) {
  const dialect = csvDialectFor(language);
  const decimal = (cents: number) => {
    const text = (cents / 100).toFixed(2);
    return dialect.separator === ";" ? text.replace(".", ",") : text;
  };
  const header = [
    t("analytics.csv.firstDay"),
    t("analytics.csv.lastDay"),
    t("analytics.figures.signUps"),
    t("analytics.figures.calls"),
    t("analytics.figures.minutes"),
    t("analytics.csv.topUps", { currency: figures.currency }),
  ];
  const lines = figures.periods.map((period) =>
    csvLine([localDateKey(period.firstDay), localDateKey(period.lastDay), period.signUps, period.calls, period.minutes, decimal(period.topUpCents)], dialect),
  );
  return (dialect.bom ? UTF8_BOM : "") + csvLine(header, dialect) + lines.join("");
}
