import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { usageCsvStream } from "~/features/api-keys/api-usage.server";
import { parseUsageParams } from "~/features/api-keys/usage-params";
import { formatNumber } from "~/i18n/format";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";
import { csvFileName } from "~/lib/csv/csv-writer";

/**
 * GET /api-access/usage.csv?<the usage tab's filters>: the tenant's API usage
 * per key, endpoint and UTC day, as CSV in the user's language
 * (docs/product/api-access.md#usage).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant } = await requireReadAccess(request, "api-access");
  const params = parseUsageParams(new URL(request.url).searchParams);
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "api");
  const header = [t("usage.day"), t("usage.key"), t("usage.csvPrefix"), t("usage.endpoint"), t("usage.requests"), t("usage.errors"), t("usage.p95")];
  const p95Label = (ms: number | null) =>
    ms === null ? "" : Number.isFinite(ms) ? t("usage.atMost", { ms: formatNumber(ms, language) }) : t("usage.over", { ms: formatNumber(2500, language) });
  const stream = usageCsvStream(
    tenant.id,
    { from: params.from, to: params.to, keyId: params.key, endpoint: params.endpoint, statusClass: params.status },
    { language, header, p95Label },
  );
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("usage.csvFilename"), "UTC")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
