import type { LoaderFunctionArgs } from "@remix-run/node";
import { AUDIT_LOG_AREA, requireReadAccess } from "~/features/access/gate.server";
import { parseAuditParams } from "~/features/audit/audit-params";
import { auditCsvStream } from "~/features/audit/audit.server";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";
import { csvFileName } from "~/lib/csv/csv-writer";

/**
 * GET /settings/audit-log.csv?<the view's filters>: the audit log's view,
 * every page, newest first, as CSV in the user's language (semicolons and a
 * byte-order mark for German, formula-safe cells, like the other exports).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, AUDIT_LOG_AREA);
  const params = parseAuditParams(new URL(request.url).searchParams);
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "audit");
  return new Response(auditCsvStream({ tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone }, params, { language, t }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("csv.filename"), gate.tenant.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
