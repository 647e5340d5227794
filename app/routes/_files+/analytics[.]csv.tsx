import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { platformAnalyticsCsv } from "~/features/platform-analytics/analytics-csv";
import { loadPlatformAnalytics } from "~/features/platform-analytics/analytics.server";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";
import { DEFAULT_DATE_RANGE, isDateRangeKey } from "~/lib/dates/date-ranges";
import { csvFileName } from "~/lib/csv/csv-writer";

/** GET /analytics.csv?range=…: /analytics's periods as CSV in the user's language (super admin). */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "analytics");
  const requested = new URL(request.url).searchParams.get("range");
  const rangeKey = isDateRangeKey(requested) ? requested : DEFAULT_DATE_RANGE;
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "platform");
  const figures = await loadPlatformAnalytics(rangeKey, gate.tenant.timeZone);
  return new Response(platformAnalyticsCsv(figures, language, t), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("analytics.csv.filename"), gate.tenant.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
