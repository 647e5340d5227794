import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireReadAccess } from "~/features/access/gate.server";
import { ensureBillingAccount } from "~/features/billing/accounts.server";
import { allTransactions } from "~/features/billing/history/history.server";
import { parseHistoryParams } from "~/features/billing/history/history-params";
import { transactionsCsv } from "~/features/billing/history/history-csv.server";
import { csvFileName } from "~/lib/csv/csv-writer";
import { getLanguage, getTranslatorFor } from "~/i18n/i18next.server";

/** GET /billing/transactions.csv?type=&from=&to=: the billing history's current view, every page, as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "billing");
  const language = await getLanguage(request);
  const t = await getTranslatorFor(language, "billing");
  const params = parseHistoryParams(new URL(request.url).searchParams);
  const [rows, account] = await Promise.all([allTransactions(gate.tenant.id, params, gate.tenant.timeZone), ensureBillingAccount(gate.tenant.id)]);
  const body = transactionsCsv(rows, { language, timeZone: gate.tenant.timeZone, currency: account.currency, t });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName(t("history.csv.filename"), gate.tenant.timeZone)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
