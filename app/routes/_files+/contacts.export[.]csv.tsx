import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { parseListParams } from "~/features/contacts/list-params";
import { contactsCsvStream } from "~/features/contacts/list-query.server";
import { findContactList } from "~/features/contacts/lists.server";
import { csvFileName } from "~/lib/csv/csv-writer";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";

/**
 * GET /contacts/export.csv?<the list's params>: the contacts list's current
 * view, all pages, as CSV in the user's language (semicolons and a
 * byte-order mark for German, so Excel opens it). Streamed, so any size
 * downloads in flat memory. Reading is enough: whoever sees the list may export it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "contacts");
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "contacts");
  const params = parseListParams(new URL(request.url).searchParams);
  const scope = { tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone };
  // As on the list: a list the tenant does not have is ignored rather than matched.
  if (params.list && !(await findContactList(scope.tenantId, params.list))) params.list = null;
  const body = contactsCsvStream(scope, params, { language, t });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("export.filename"), scope.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
