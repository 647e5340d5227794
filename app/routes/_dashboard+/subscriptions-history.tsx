import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { billingFrameForPage } from "~/features/billing/billing-page.server";
import { BillingSubpageHeader } from "~/features/billing/billing-notices";
import { listSubscriptionHistory } from "~/features/billing/plans/subscription-history.server";
import { formatDate } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { pageParam } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["billing"] };

type Status = "active" | "grace" | "cancelled" | "lapsed";
const TONES: Record<Status, BadgeTone> = { active: "success", grace: "warning", cancelled: "neutral", lapsed: "danger" };

/** /subscriptions-history?page=: plan, status, start and end of every subscription, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "subscriptions-history");
  const page = pageParam.parse(new URL(request.url).searchParams.get("page"));
  const [t, history, frame] = await Promise.all([
    getTranslator(request, "billing"),
    listSubscriptionHistory(gate.tenant.id, page),
    billingFrameForPage(gate.tenant.id),
  ]);
  return { title: t("subscriptions.title"), page, ...history, testMode: frame.testMode, timeZone: gate.tenant.timeZone };
}

export const meta = titleFromLoader;

type Row = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

export default function SubscriptionsHistoryPage() {
  const { t, i18n } = useTranslation("billing");
  const data = useLoaderData<typeof loader>();
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language, data.timeZone) : null);
  const columns: Array<DataColumn<Row>> = [
    { id: "plan", header: t("subscriptions.plan"), primary: true, rowHeader: true, cell: (row) => row.plan_name },
    {
      id: "status",
      header: t("subscriptions.status"),
      cell: (row) => <StatusBadge status={row.status as Status} tones={TONES} label={t(`status.${row.status}`)} />,
    },
    { id: "start", header: t("subscriptions.start"), cell: (row) => date(row.started_at) },
    // A running plan has no end yet; a cancelled or grace one ends at ends_at; a lapsed one ended there too.
    {
      id: "end",
      header: t("subscriptions.end"),
      cell: (row) => date(row.ends_at) ?? <span className="text-slate-500 dark:text-slate-400">{t("subscriptions.ongoing")}</span>,
    },
  ];
  return (
    <div className="space-y-4">
      <BillingSubpageHeader title={data.title} description={t("subscriptions.intro")} testMode={data.testMode} />
      <Panel>
        {data.items.length === 0 ? (
          <EmptyState title={t("subscriptions.empty")} />
        ) : (
          <DataTable
            caption={t("subscriptions.caption")}
            columns={columns}
            rows={data.items}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-status": row.status })}
            data-testid="subscriptions-table"
          />
        )}
        {data.pageCount > 1 ? <Pagination page={data.page} pageCount={data.pageCount} href={(page) => `/subscriptions-history?page=${page}`} /> : null}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
