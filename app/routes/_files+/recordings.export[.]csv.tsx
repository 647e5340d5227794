import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { parseListParams } from "~/features/recordings/list/list-params";
import { csvFileName } from "~/lib/csv/csv-writer";
import { recordingsCsvStream } from "~/features/recordings/list/csv-export.server";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";

/**
 * GET /recordings/export.csv?<the list's params>: the list's current view,
 * all pages, as CSV in the user's language (semicolons and a byte-order mark
 * for German, so Excel opens it). Streamed, so any size downloads in flat memory.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "recordings");
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "recordings");
  const params = parseListParams(new URL(request.url).searchParams);
  const scope = { tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone };
  const body = recordingsCsvStream(scope, params, { language, t });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("export.filename"), scope.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
