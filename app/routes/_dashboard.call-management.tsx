import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Notice, Panel } from "~/components/ui/panel";
import { useHydrated } from "~/components/ui/use-hydrated";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { AnalysedCallsTable, EmptyState, LiveCallsTable, MissedCallsTable, QueuedCallsTable, TabPagination } from "~/features/call-center/call-tables";
import { formatClockTime } from "~/features/call-center/format";
import { hasVoicePlatform, listAnalysedCalls, listLiveCalls, listMissedCalls, listQueuedCalls } from "~/features/call-center/queries.server";
import { CallCenterTabBar } from "~/features/call-center/tab-bar";
import { callManagementHref, REFRESH_INTERVAL_MS, resolveTab, SELF_REFRESHING_TABS } from "~/features/call-center/tabs";
import { useAutoRefresh } from "~/features/call-center/use-auto-refresh";
import { loadRecordingsList } from "~/features/recordings/list-query.server";
import { RecordingsListErrorBoundary } from "~/features/recordings/list-error-boundary";
import { RecordingsListView } from "~/features/recordings/recordings-list";
import { formatNumber } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";

/**
 * /call-management?tab=live-calls|callqueue|recordings|missedcalls|post-call-analysis.
 * Each tab is its own URL and loads only its own data. Live calls and the
 * queue come from the ingested call events; with JavaScript they refresh
 * every few seconds, without it the "Refresh" link reloads the same URL.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request);
  const url = new URL(request.url);
  const tab = resolveTab(url.searchParams.get("tab"));
  const page = Number(url.searchParams.get("page") ?? "1");
  const t = await getTranslator(request);
  const tenantId = gate.tenant.id;
  const now = new Date();
  const common = {
    title: t("screens.call-management"),
    timeZone: gate.tenant.timeZone,
    updatedAt: now.toISOString(),
    canOpenApiAccess: can(gate.user.permissions, "api-access", "read"),
  };
  switch (tab) {
    case "live-calls": {
      const [live, connected] = await Promise.all([listLiveCalls(tenantId, now), hasVoicePlatform(tenantId)]);
      return { ...common, view: { tab, ...live, connected } as const };
    }
    case "callqueue": {
      const [queue, connected] = await Promise.all([listQueuedCalls(tenantId, now), hasVoicePlatform(tenantId)]);
      return { ...common, view: { tab, ...queue, connected } as const };
    }
    case "recordings":
      return { ...common, view: { tab, list: await loadRecordingsList(request, gate, { basePath: "/call-management" }) } as const };
    case "missedcalls":
      return { ...common, view: { tab, ...(await listMissedCalls(tenantId, page)) } as const };
    case "post-call-analysis":
      return { ...common, view: { tab, ...(await listAnalysedCalls(tenantId, page)) } as const };
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type View = LoaderData["view"];

export default function CallManagementPage() {
  const { t, i18n } = useTranslation("calls");
  const data = useLoaderData<typeof loader>();
  const { view } = data;
  const language = i18n.language;
  const context = { language, timeZone: data.timeZone };
  useAutoRefresh(SELF_REFRESHING_TABS.includes(view.tab), REFRESH_INTERVAL_MS);

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{data.title}</h1>
      <CallCenterTabBar active={view.tab} />
      {view.tab === "live-calls" || view.tab === "callqueue" ? (
        <LiveTab view={view} data={data} context={context} />
      ) : view.tab === "recordings" ? (
        <RecordingsListView data={view.list} />
      ) : view.tab === "missedcalls" ? (
        <Panel title={t("common:nav.tabs.missedCalls")}>
          <div className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("missed.intro")}</p>
            {view.items.length === 0 ? <EmptyState>{t("missed.empty")}</EmptyState> : <MissedCallsTable items={view.items} {...context} />}
            <TabPagination tab="missedcalls" page={view.page} pageCount={view.pageCount} total={view.total} language={language} />
          </div>
        </Panel>
      ) : (
        <Panel title={t("common:nav.tabs.postCallAnalysis")}>
          <div className="space-y-4">
            {view.notAnalysed > 0 ? (
              <p className="text-sm" data-testid="not-analysed">
                {t("analysis.notAnalysed", { count: view.notAnalysed, formatted: formatNumber(view.notAnalysed, language) })}{" "}
                <Link to="/call-management?tab=recordings" className="underline">
                  {t("analysis.notAnalysedLink")}
                </Link>
              </p>
            ) : null}
            {view.items.length === 0 ? <EmptyState>{t("analysis.empty")}</EmptyState> : <AnalysedCallsTable items={view.items} {...context} />}
            <TabPagination tab="post-call-analysis" page={view.page} pageCount={view.pageCount} total={view.total} language={language} />
          </div>
        </Panel>
      )}
    </div>
  );
}

function LiveTab({ view, data, context }: { view: Extract<View, { tab: "live-calls" | "callqueue" }>; data: LoaderData; context: { language: string; timeZone: string } }) {
  const { t } = useTranslation("calls");
  const kind = view.tab === "live-calls" ? "live" : "queue";
  // Before hydration (and without JavaScript) nothing refreshes by itself; only then is the promise made.
  const hydrated = useHydrated();
  return (
    <Panel title={t(view.tab === "live-calls" ? "common:nav.tabs.liveCalls" : "common:nav.tabs.callQueue")}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-300">
          <p data-testid="last-updated">
            {t("refresh.lastUpdated")} <time dateTime={data.updatedAt}>{formatClockTime(data.updatedAt, context.language, context.timeZone)}</time>
            {hydrated ? <> · {t("refresh.auto", { seconds: REFRESH_INTERVAL_MS / 1000 })}</> : null}
          </p>
          <Link to={callManagementHref(view.tab)} className="underline" data-testid="refresh-link" preventScrollReset>
            {t("refresh.link")}
          </Link>
        </div>
        {!view.connected ? (
          <Notice>
            {t("notConnected")}{" "}
            {data.canOpenApiAccess ? (
              <Link to="/api-access" className="underline">
                {t("openApiAccess")}
              </Link>
            ) : null}
          </Notice>
        ) : null}
        {view.items.length === 0 ? (
          <EmptyState>{t(`${kind}.empty`)}</EmptyState>
        ) : view.tab === "live-calls" ? (
          <LiveCallsTable items={view.items} {...context} />
        ) : (
          <QueuedCallsTable items={view.items} {...context} />
        )}
        {view.total > view.items.length ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("truncated", { shown: formatNumber(view.items.length, context.language), total: formatNumber(view.total, context.language) })}
          </p>
        ) : null}
      </div>
    </Panel>
  );
}

/** The recordings tab fails the way the recordings list does ('Failed to fetch recordings.'); the other tabs as any dashboard page. */
export function ErrorBoundary() {
  const location = useLocation();
  return resolveTab(new URLSearchParams(location.search).get("tab")) === "recordings" ? <RecordingsListErrorBoundary /> : <RouteErrorBoundary />;
}
