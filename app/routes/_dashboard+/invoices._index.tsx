import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { billingFrameForPage } from "~/features/billing/billing-page.server";
import { BillingSubpageHeader } from "~/features/billing/billing-notices";
import { InvoiceTable } from "~/features/billing/history/invoice-table";
import { listInvoices } from "~/features/billing/history/invoices.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { pageParam } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["billing"] };

/** /invoices?page=: every invoice, newest first, each with its PDF. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "invoices");
  const page = pageParam.parse(new URL(request.url).searchParams.get("page"));
  const [t, invoices, frame] = await Promise.all([getTranslator(request, "billing"), listInvoices(gate.tenant.id, page), billingFrameForPage(gate.tenant.id)]);
  return { title: t("invoices.title"), ...invoices, testMode: frame.testMode, timeZone: gate.tenant.timeZone };
}

export const meta = titleFromLoader;

export default function InvoicesPage() {
  const { t } = useTranslation("billing");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <BillingSubpageHeader title={data.title} description={t("invoices.intro")} testMode={data.testMode} />
      <Panel>
        {data.items.length === 0 ? <EmptyState title={t("invoices.empty")} /> : <InvoiceTable rows={data.items} timeZone={data.timeZone} />}
        {data.pageCount > 1 ? <Pagination page={data.page} pageCount={data.pageCount} href={(page) => `/invoices?page=${page}`} /> : null}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
