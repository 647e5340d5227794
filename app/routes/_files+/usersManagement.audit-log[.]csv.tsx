import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseAuditParams } from "~/features/audit/audit-params";
import { auditCsvStream } from "~/features/audit/audit.server";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";
import { csvFileName } from "~/lib/csv/csv-writer";

/**
 * GET /usersManagement/audit-log.csv?<the view's filters>: the super admin's
 * audit log of every tenant (or of the one tenant filtered), with a tenant
 * column, as CSV in the user's language.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "usersManagement");
  const params = parseAuditParams(new URL(request.url).searchParams);
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "audit");
  return new Response(auditCsvStream({ tenantId: null, timeZone: gate.tenant.timeZone }, params, { language, t }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("csv.filename"), gate.tenant.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
