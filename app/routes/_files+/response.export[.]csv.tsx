import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { parseResponsesParams } from "~/features/post-call/response-params";
import { responsesCsvStream } from "~/features/post-call/responses-csv.server";
import { findTemplate } from "~/features/post-call/templates.server";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";
import { notFound } from "~/lib/http/errors.server";
import { csvFileName } from "~/lib/csv/csv-writer";

/**
 * GET /response/export.csv?<the view's params>: exactly the responses view,
 * all pages, in its order, as CSV in the user's language (semicolons and a
 * byte-order mark for German, formula-safe cells, like the other exports).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "response");
  const params = parseResponsesParams(new URL(request.url).searchParams);
  const template = params.template ? await findTemplate(gate.tenant.id, params.template) : undefined;
  if (!template) notFound();
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "post-call");
  const scope = { tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone, templateId: template.id, definition: template.definition };
  return new Response(responsesCsvStream(scope, params, { language, t }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("responses.filename"), gate.tenant.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
