import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { RangePicker } from "~/features/call-center/overview-figures";
import { loadPlatformAnalytics, type TopTenant } from "~/features/platform-analytics/analytics.server";
import { SeriesChart } from "~/features/platform-analytics/series-chart";
import { formatMinutes, formatMoney, formatNumber, formatRate } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { DEFAULT_DATE_RANGE, isDateRangeKey } from "~/lib/dates/date-ranges";
import { titleFromLoader } from "~/lib/http/page-title";
import { formatDaySpan } from "~/lib/format/local-dates";

export const handle: I18nHandle = { i18n: ["platform", "calls"] };

/**
 * /analytics?range=…: the platform's figures for the super admin over the
 * overview's date ranges (same param, same ranges, in the super admin's time
 * zone), with charts drawn on the server and a CSV of the periods.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "analytics");
  const requested = new URL(request.url).searchParams.get("range");
  // An unknown range falls back to the default like the overview's, so an old link still opens.
  const rangeKey = isDateRangeKey(requested) ? requested : DEFAULT_DATE_RANGE;
  const t = await getTranslator(request, "platform");
  return { title: t("analytics.title"), figures: await loadPlatformAnalytics(rangeKey, gate.tenant.timeZone) };
}

export const meta = titleFromLoader;

export default function PlatformAnalyticsPage() {
  const { t, i18n } = useTranslation("platform");
  const { t: tCalls } = useTranslation("calls");
  const { figures } = useLoaderData<typeof loader>();
  const language = i18n.language;
  const number = (value: number) => formatNumber(value, language);
  const money = (cents: number) => formatMoney(cents, figures.currency, language);
  const minutes = (value: number) => formatMinutes(value, language);
  const span = formatDaySpan(figures.firstDay, figures.lastDay, language);
  const stats: Array<{ key: string; value: string; note?: string }> = [
    { key: "tenants", value: number(figures.tenants) },
    { key: "signUps", value: number(figures.signUps) },
    { key: "activeSubscriptions", value: number(figures.activeSubscriptions) },
    { key: "lapsedSubscriptions", value: number(figures.lapsedSubscriptions) },
    { key: "mrr", value: money(figures.mrrCents) },
    { key: "topUps", value: money(figures.topUpCents) },
    { key: "calls", value: number(figures.calls) },
    { key: "minutes", value: minutes(figures.minutes) },
    {
      key: "churn",
      value: figures.churn.rate === null ? "–" : formatRate(figures.churn.rate * 100, language),
      note: t("analytics.churnNote", { churned: number(figures.churn.churned), atStart: number(figures.churn.atStart) }),
    },
  ];
  type SeriesPick = "signUps" | "calls" | "minutes" | "topUpCents";
  const series = (pick: SeriesPick) =>
    figures.periods.map((period) => ({ key: period.key, firstDay: period.firstDay, lastDay: period.lastDay, value: period[pick] }));
  const charts: Array<{ pick: SeriesPick; title: string; total: number; format: (value: number) => string; testId: string }> = [
    { pick: "calls", title: "calls", total: figures.calls, format: number, testId: "chart-calls" },
    { pick: "minutes", title: "minutes", total: figures.minutes, format: number, testId: "chart-minutes" },
    { pick: "signUps", title: "signUps", total: figures.signUps, format: number, testId: "chart-sign-ups" },
    { pick: "topUpCents", title: "topUps", total: figures.topUpCents, format: money, testId: "chart-top-ups" },
  ];
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("analytics.title")}
        description={t("analytics.intro")}
        actions={
          <a href={`/analytics.csv?range=${figures.rangeKey}`} className={buttonClass("secondary")} download>
            {t("analytics.export")}
          </a>
        }
      />
      <RangePicker current={figures.rangeKey} path="/analytics" />
      <p className="text-sm text-slate-600 dark:text-slate-300">{tCalls("overview.span", { range: tCalls(`ranges.${figures.rangeKey}`), span })}</p>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="platform-figures">
        {stats.map((stat) => (
          <Stat key={stat.key} label={t(`analytics.figures.${stat.key}`)} value={stat.value} note={stat.note} data-figure={stat.key} />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {charts.map((chart) => (
          <Panel key={chart.pick}>
            <SeriesChart
              title={t(`analytics.figures.${chart.title}`)}
              points={series(chart.pick)}
              total={chart.total}
              granularity={figures.granularity}
              language={language}
              format={chart.format}
              testId={chart.testId}
            />
          </Panel>
        ))}
      </div>
      <Panel title={t("analytics.topTenants")}>
        {figures.topTenants.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("analytics.noCalls")}</p>
        ) : (
          <DataTable<TopTenant>
            caption={t("analytics.topTenants")}
            data-testid="top-tenants"
            rows={figures.topTenants}
            rowKey={(row) => row.tenantId}
            columns={[
              { id: "tenant", header: t("analytics.columns.tenant"), primary: true, rowHeader: true, className: "whitespace-normal", cell: (row) => row.name },
              { id: "calls", header: t("analytics.figures.calls"), align: "end", cell: (row) => number(row.calls) },
              { id: "minutes", header: t("analytics.figures.minutes"), align: "end", cell: (row) => minutes(row.minutes) },
            ]}
          />
        )}
        <p className="mt-3 text-sm">
          <Link to="/products" className="underline">
            {t("analytics.toProducts")}
          </Link>
        </p>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
