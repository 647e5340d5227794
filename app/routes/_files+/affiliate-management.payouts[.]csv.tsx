import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { payoutBatchCsv } from "~/features/affiliates/management.server";
import { parsePayoutFilter } from "~/features/affiliates/management-params";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";
import { csvFileName } from "~/lib/csv/csv-writer";

/**
 * GET /affiliate-management/payouts.csv?state=<payout state>: a payout batch
 * (by default the approved payouts waiting to be paid) as CSV in the user's
 * language, for the super admin only (docs/product/affiliates.md#payout-states).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "affiliate-management");
  const state = parsePayoutFilter(new URL(request.url).searchParams.get("state")) ?? "APPROVED_PENDING_PAYMENT";
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "affiliates");
  return new Response(payoutBatchCsv(state, { language, t, timeZone: gate.tenant.timeZone }), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("csv.filename"), gate.tenant.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
