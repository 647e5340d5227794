import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { Notice } from "~/components/ui/panel";
import { useHydrated } from "~/components/ui/use-hydrated";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { AnalysedCallsTable, LiveCallsTable, MissedCallsTable, QueuedCallsTable } from "~/features/call-center/call-tables";
import { hasVoicePlatform, listAnalysedCalls, listLiveCalls, listMissedCalls, listQueuedCalls } from "~/features/call-center/queries.server";
import { CallCenterTabBar } from "~/features/call-center/tab-bar";
import { CallTabPanel } from "~/features/call-center/tab-panel";
import { callManagementHref, recordingsUrlFromCallManagement, REFRESH_INTERVAL_MS, resolveTab, SELF_REFRESHING_TABS } from "~/features/call-center/tabs";
import { useAutoRefresh } from "~/features/call-center/use-auto-refresh";
import type { PhoneDisplays } from "~/features/phone/display";
import { formatNumber, formatTime } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { OUTCOME_GROUPINGS, templateOutcomes } from "~/features/post-call/outcomes.server";
import { TemplateOutcomesPanel } from "~/features/post-call/outcomes-panel";
import { oneOf } from "~/lib/url-params/url-params";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";

export const handle: I18nHandle = { i18n: ["analysis", "calls", "post-call"] };

/**
 * /call-management?tab=live-calls|callqueue|recordings|missedcalls|post-call-analysis.
 * Each tab is its own URL and loads only its own data. Live calls and the
 * queue come from the ingested call events; with JavaScript they refresh
 * every few seconds, without it the "Refresh" link reloads the same URL.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "call-management");
  const url = new URL(request.url);
  const tab = resolveTab(url.searchParams.get("tab"));
  // The recordings list has one canonical screen, /recordings; bookmarks of the old tab keep their filters.
  if (tab === "recordings") throw redirect(recordingsUrlFromCallManagement(url));
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
    case "missedcalls":
      return { ...common, view: { tab, ...(await listMissedCalls(tenantId, page)) } as const };
    case "post-call-analysis": {
      const by = oneOf(OUTCOME_GROUPINGS, "campaign").parse(new URL(request.url).searchParams.get("by"));
      const [analysed, outcomes] = await Promise.all([listAnalysedCalls(tenantId, page), templateOutcomes(tenantId, by)]);
      return { ...common, view: { tab, ...analysed, outcomes, by } as const };
    }
  }
}

export const meta = titleFromLoader;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type View = LoaderData["view"];

export default function CallManagementPage() {
  const { t, i18n } = useTranslation("calls");
  const data = useLoaderData<typeof loader>();
  const { view } = data;
  const language = i18n.language;
  const context = { language, timeZone: data.timeZone, phones: view.phones };
  useAutoRefresh(SELF_REFRESHING_TABS.includes(view.tab), REFRESH_INTERVAL_MS);

  return (
    <div className="space-y-4">
      <PageHeader title={data.title} description={t("intro")} />
      <CallCenterTabBar active={view.tab} />
      {view.tab === "live-calls" || view.tab === "callqueue" ? (
        <LiveTab view={view} data={data} context={context} />
      ) : view.tab === "missedcalls" ? (
        <CallTabPanel
          summary={
            <>
              <p>{t("missed.intro")}</p>
              <PageStatus view={view} language={language} />
            </>
          }
          empty={view.items.length === 0 ? t("missed.empty") : undefined}
          footer={<TabPagination tab="missedcalls" view={view} />}
        >
          <MissedCallsTable items={view.items} {...context} />
        </CallTabPanel>
      ) : (
        <CallTabPanel
          summary={
            <>
              <PageStatus view={view} language={language} />
              {view.notAnalysed > 0 ? (
                <p data-testid="not-analysed">
                  {t("analysis.notAnalysed", { count: view.notAnalysed, formatted: formatNumber(view.notAnalysed, language) })}{" "}
                  <Link to="/recordings" className="font-medium text-slate-900 underline dark:text-white">
                    {t("analysis.notAnalysedLink")}
                  </Link>
                </p>
              ) : null}
            </>
          }
          empty={view.items.length === 0 ? t("analysis.empty") : undefined}
          footer={<TabPagination tab="post-call-analysis" view={view} />}
        >
          <AnalysedCallsTable items={view.items} {...context} />
        </CallTabPanel>
      )}
      {view.tab === "post-call-analysis" ? (
        <TemplateOutcomesPanel
          rows={view.outcomes}
          by={view.by}
          hrefFor={(by) => `/call-management?tab=post-call-analysis${by === "campaign" ? "" : `&by=${by}`}`}
        />
      ) : null}
    </div>
  );
}

type PagedView = Extract<View, { tab: "missedcalls" | "post-call-analysis" }>;

/** "Page 1 of 2 · 22 calls": where the user is in a paged tab. */
function PageStatus({ view, language }: { view: PagedView; language: string }) {
  const { t } = useTranslation("calls");
  if (view.total === 0) return null;
  return (
    <p className="tabular-nums">
      {t("pagination.status", {
        page: formatNumber(view.page, language),
        pages: formatNumber(view.pageCount, language),
        count: view.total,
        total: formatNumber(view.total, language),
      })}
    </p>
  );
}

/** The kit's page links, which stay on the tab; nothing when everything fits on one page. */
function TabPagination({ tab, view }: { tab: PagedView["tab"]; view: PagedView }) {
  if (view.pageCount <= 1) return null;
  return <Pagination page={view.page} pageCount={view.pageCount} href={(page) => callManagementHref(tab, page)} />;
}

function LiveTab({
  view,
  data,
  context,
}: {
  view: Extract<View, { tab: "live-calls" | "callqueue" }>;
  data: LoaderData;
  context: { language: string; timeZone: string; phones: PhoneDisplays };
}) {
  const { t } = useTranslation("calls");
  const kind = view.tab === "live-calls" ? "live" : "queue";
  // Before hydration (and without JavaScript) nothing refreshes by itself; only then is the promise made.
  const hydrated = useHydrated();
  return (
    <div className="space-y-4">
      {!view.connected ? (
        <Notice>
          {t("notConnected")}{" "}
          {data.canOpenApiAccess ? (
            <Link to="/api-access" className="font-medium underline">
              {t("openApiAccess")}
            </Link>
          ) : null}
        </Notice>
      ) : null}
      <CallTabPanel
        summary={
          <p data-testid="last-updated">
            {t("refresh.lastUpdated")}{" "}
            <time dateTime={data.updatedAt}>{formatTime(data.updatedAt, context.language, context.timeZone, { seconds: true })}</time>
            {hydrated ? <> · {t("refresh.auto", { seconds: REFRESH_INTERVAL_MS / 1000 })}</> : null}
          </p>
        }
        actions={
          <Link to={callManagementHref(view.tab)} className={buttonClass("secondary", undefined, "sm")} data-testid="refresh-link" preventScrollReset>
            {t("refresh.link")}
          </Link>
        }
        empty={view.items.length === 0 ? t(`${kind}.empty`) : undefined}
        footer={
          view.total > view.items.length ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t("truncated", { shown: formatNumber(view.items.length, context.language), total: formatNumber(view.total, context.language) })}
            </p>
          ) : null
        }
      >
        {view.tab === "live-calls" ? <LiveCallsTable items={view.items} {...context} /> : <QueuedCallsTable items={view.items} {...context} />}
      </CallTabPanel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
