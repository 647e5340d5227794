import { Link } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { formatClock } from "~/features/recordings/clock";
import { formatDateTime, formatNumber, formatRate } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { FeedbackChart, formatAverage } from "./feedback-chart";
import { DEFAULT_FEEDBACK_PARAMS, feedbackHref, hasFilters, RATING_VALUES, TEXT_FILTERS, type FeedbackRow, type FeedbackViewData } from "./feedback-params";

const SENTIMENT_TONES: Record<NonNullable<FeedbackRow["sentiment"]>, BadgeTone> = { positive: "success", neutral: "neutral", negative: "danger" };

/** Where a row leads: the recording at the moment the feedback is about (#moment scrolls to that turn), with a way back to this view. */
export function recordingHref(row: Pick<FeedbackRow, "callId" | "moment">, returnTo: string) {
  const search = new URLSearchParams();
  if (row.moment !== null) search.set("t", String(row.moment));
  search.set("returnTo", returnTo);
  return `/recordings/${encodeURIComponent(row.callId)}?${search.toString()}${row.moment !== null ? "#moment" : ""}`;
}

/**
 * /feedback (docs/product/feedback.md): the filters (a GET form, so every
 * view is a URL), the figures and the chart for what they select, and the
 * feedback itself, newest first, each linking to the moment of the call it
 * is about.
 */
export function FeedbackView({ data }: { data: FeedbackViewData }) {
  const { t, i18n } = useTranslation("feedback");
  const language = i18n.language;
  const { params, figures } = data;
  const withCurrent = (options: string[], current: string | null) => (current && !options.includes(current) ? [...options, current] : options);

  const columns: Array<DataColumn<FeedbackRow>> = [
    {
      id: "rating",
      header: t("columns.rating"),
      primary: true,
      cell: (row) => <Stars rating={row.rating} />,
    },
    {
      id: "received",
      header: t("columns.received"),
      rowHeader: true,
      cell: (row) => <time dateTime={row.feedbackAt}>{formatDateTime(row.feedbackAt, language, data.timeZone)}</time>,
    },
    { id: "campaign", header: t("columns.campaign"), truncate: true, cell: (row) => row.campaignName ?? <Missing /> },
    { id: "agent", header: t("columns.agent"), truncate: true, cell: (row) => row.agentName ?? <Missing /> },
    {
      id: "sentiment",
      header: t("columns.sentiment"),
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          {row.sentiment ? <Badge tone={SENTIMENT_TONES[row.sentiment]}>{t(`sentiment.${row.sentiment}`)}</Badge> : <Missing />}
          {row.disagrees ? (
            <Badge tone="warning" data-testid="disagrees">
              {t("columns.disagrees")}
            </Badge>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <FilterForm action="/feedback" label={t("filters.label")} submitLabel={t("filters.apply")}>
        <FilterSelect
          id="feedback-rating"
          name="rating"
          label={t("filters.rating")}
          value={params.rating ? String(params.rating) : null}
          anyLabel={t("filters.anyRating")}
          options={RATING_VALUES.map((value) => ({ value, label: t("stars", { count: Number(value) }) }))}
        />
        <FilterSelect
          id="feedback-campaign"
          name="campaign"
          label={t("filters.campaign")}
          value={params.campaign}
          anyLabel={t("filters.anyCampaign")}
          options={withCurrent(data.options.campaigns, params.campaign).map((name) => ({ value: name, label: name }))}
        />
        <FilterSelect
          id="feedback-agent"
          name="agent"
          label={t("filters.agent")}
          value={params.agent}
          anyLabel={t("filters.anyAgent")}
          options={withCurrent(data.options.agents, params.agent).map((name) => ({ value: name, label: name }))}
        />
        <FilterDate id="feedback-from" name="from" label={t("filters.from")} value={params.from} />
        <FilterDate id="feedback-to" name="to" label={t("filters.to")} value={params.to} />
        <FilterSelect
          id="feedback-disagreement"
          name="disagreement"
          label={t("filters.sentiment")}
          value={params.disagreement ? "1" : null}
          anyLabel={t("filters.anySentiment")}
          options={[{ value: "1", label: t("filters.disagreement") }]}
        />
        <FilterSelect
          id="feedback-text"
          name="text"
          label={t("filters.text")}
          value={params.text}
          anyLabel={t("filters.anyText")}
          options={TEXT_FILTERS.map((value) => ({ value, label: t(`filters.textOptions.${value}`) }))}
        />
      </FilterForm>
      {hasFilters(params) ? (
        <p className="text-sm">
          <Link to={feedbackHref(DEFAULT_FEEDBACK_PARAMS)} className="underline">
            {t("filters.clear")}
          </Link>
        </p>
      ) : null}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="feedback-figures">
        <Stat label={t("figures.ratings")} value={formatNumber(figures.total.rated, language)} data-figure="ratings" />
        <Stat
          label={t("figures.csat")}
          value={figures.total.csat === null ? t("chart.none") : formatRate(figures.total.csat, language)}
          note={t("figures.csatNote")}
          data-figure="csat"
        />
        <Stat
          label={t("figures.average")}
          value={figures.total.average === null ? t("chart.none") : t("figures.averageValue", { average: formatAverage(figures.total.average, language) })}
          data-figure="average"
        />
        <Stat
          label={t("figures.disagreements")}
          value={formatNumber(figures.disagreements, language)}
          note={t("figures.disagreementsNote")}
          to={params.disagreement ? undefined : feedbackHref(params, { disagreement: true, page: 1 })}
          data-figure="disagreements"
        />
      </div>

      <Panel title={t("chart.title")}>
        <FeedbackChart periods={figures.periods} granularity={figures.granularity} total={figures.total} language={language} />
      </Panel>

      <Panel title={t("list.title")}>
        {data.rows.length === 0 ? (
          <EmptyState heading={2} title={hasFilters(params) ? t("list.noMatches") : t("list.empty")} data-testid="feedback-empty">
            {hasFilters(params) ? t("list.noMatchesHint") : t("list.emptyHint")}
          </EmptyState>
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="feedback-count">
              {t("list.count", { count: data.total, formatted: formatNumber(data.total, language) })}
            </p>
            <DataTable
              caption={t("list.caption")}
              data-testid="feedback-list"
              columns={columns}
              rows={data.rows}
              rowKey={(row) => row.callId}
              rowData={(row) => ({ "data-call": row.callId, "data-rating": String(row.rating) })}
              rowDetail={(row) =>
                row.text ? (
                  <blockquote className="whitespace-pre-line border-l-2 border-slate-300 pl-3 text-sm dark:border-slate-600">{row.text}</blockquote>
                ) : null
              }
              actions={{
                header: t("columns.recording"),
                cell: (row) => (
                  <Link to={recordingHref(row, data.returnTo)} className="whitespace-nowrap font-medium text-primary-dark underline dark:text-primary">
                    {row.moment !== null ? t("list.listenFrom", { time: formatClock(row.moment) }) : t("list.openRecording")}
                  </Link>
                ),
              }}
            />
            <Pagination page={params.page} pageCount={data.pageCount} href={(page) => feedbackHref(params, { page })} label={t("list.pagination")} />
          </div>
        )}
      </Panel>
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("feedback");
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">
        {"★".repeat(rating)}
        <span className="text-slate-300 dark:text-slate-600">{"★".repeat(Math.max(0, 5 - rating))}</span>
      </span>
      <span>{t("ratingValue", { rating })}</span>
    </span>
  );
}

function Missing() {
  const { t } = useTranslation("feedback");
  return <span className="text-slate-500 dark:text-slate-400">{t("list.none")}</span>;
}
