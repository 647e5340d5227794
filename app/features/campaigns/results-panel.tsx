import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { formatDateTime, formatMoney, formatNumber } from "~/i18n/format";
import { campaignPageHref, type CampaignPageParams } from "./list/list-params";
import { CONTACT_OUTCOMES, type ContactOutcome } from "./results";
import type { CampaignResultsPage, ResultContact } from "./results.server";

/**
 * A running, paused or completed campaign's results (results.ts): the
 * figures of its latest run, each outcome's figure a link to the contacts
 * with that outcome, and the contacts a page at a time, filtered by a GET
 * form (the outcome in the URL), each with the call to open where there is one.
 */

/** A call's length as a player shows it: 0:42, 12:05. */
const callLength = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds) % 60).padStart(2, "0")}`;

/** The figures on the cards, in the order a run reads: dialled, then what the calls came to, then who is still to come. */
const FIGURE_OUTCOMES = ["answered", "voicemail", "no-answer", "failed", "waiting"] as const satisfies readonly ContactOutcome[];
/** Outcomes told in a line under the cards, when there are any. */
const OTHER_OUTCOMES = ["pending", "logged", "skipped", "not-called"] as const satisfies readonly ContactOutcome[];

/** What the panel and its contact list both need: the campaign, its results page, the page's URL state and the viewer's time zone. */
interface CampaignResultsProps {
  campaignId: string;
  data: CampaignResultsPage;
  params: CampaignPageParams;
  timeZone: string;
}

export function CampaignResultsPanel({ campaignId, data, params, timeZone }: CampaignResultsProps) {
  const { t, i18n } = useTranslation("campaigns");
  const n = (value: number) => formatNumber(value, i18n.language);
  const { results, run } = data;
  const filterHref = (outcome: ContactOutcome | null) => campaignPageHref(campaignId, params, { outcome, contactsPage: 1 });
  const cost = results.cost.length > 0 ? results.cost.map(({ currency, minor }) => formatMoney(minor, currency, i18n.language)).join(" + ") : "—";
  const others = OTHER_OUTCOMES.filter((outcome) => results.byOutcome[outcome] > 0);
  return (
    <section aria-labelledby="results-title" data-testid="campaign-results" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="results-title" className="text-lg font-semibold">
          {t("results.title")}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="results-run">
          {run
            ? run.finishedAt
              ? t("results.runFinished", {
                  start: formatDateTime(run.startedAt, i18n.language, timeZone),
                  end: formatDateTime(run.finishedAt, i18n.language, timeZone),
                })
              : t("results.runStarted", { start: formatDateTime(run.startedAt, i18n.language, timeZone) })
            : t("results.noRun")}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="results-figures">
        <Stat label={t("results.figures.dialled")} value={n(results.dialled)} data-figure="dialled" className="p-3" />
        {FIGURE_OUTCOMES.map((outcome) => (
          <Stat
            key={outcome}
            label={t(`results.outcomes.${outcome}`)}
            value={n(results.byOutcome[outcome])}
            to={filterHref(outcome)}
            data-figure={outcome}
            className="p-3"
          />
        ))}
        <Stat label={t("results.figures.appointments")} value={n(results.appointments)} data-figure="appointments" className="p-3" />
        <Stat label={t("results.figures.cost")} value={cost} data-figure="cost" className="p-3" />
      </div>
      {others.length > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="results-others">
          {others.map((outcome, index) => (
            <span key={outcome}>
              {index > 0 ? " · " : null}
              <Link to={filterHref(outcome)} className="underline hover:no-underline">
                {t(`results.outcomes.${outcome}`)}: {n(results.byOutcome[outcome])}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
      <ResultContacts campaignId={campaignId} data={data} params={params} timeZone={timeZone} />
    </section>
  );
}

function ResultContacts({ campaignId, data, params, timeZone }: CampaignResultsProps) {
  const { t, i18n } = useTranslation("campaigns");
  const navigation = useNavigation();
  const path = `/campaigns/${encodeURIComponent(campaignId)}`;
  const updating = navigation.state === "loading" && navigation.location.pathname === path;
  const { contacts } = data;
  const columns = useColumns(timeZone);
  // The activity page and the check stay as they are; a new filter starts the contacts at their first page.
  const hidden: Array<[string, string]> = [];
  if (params.check) hidden.push(["check", "1"]);
  if (params.page > 1) hidden.push(["page", String(params.page)]);
  return (
    <Panel title={t("results.contacts.title")}>
      <div className="space-y-4">
        <FilterForm action={path} label={t("results.contacts.filterLabel")} hidden={hidden} submitLabel={t("results.contacts.apply")}>
          <FilterSelect
            id="results-outcome"
            name="outcome"
            label={t("results.contacts.outcome")}
            value={params.outcome}
            anyLabel={t("results.contacts.anyOutcome")}
            options={CONTACT_OUTCOMES.map((outcome) => ({
              value: outcome,
              label: `${t(`results.outcomes.${outcome}`)} (${formatNumber(data.results.byOutcome[outcome], i18n.language)})`,
            }))}
          />
        </FilterForm>
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="results-contacts-summary" aria-live="polite">
          {params.outcome
            ? t("results.contacts.summaryFiltered", {
                count: contacts.total,
                formatted: formatNumber(contacts.total, i18n.language),
                outcome: t(`results.outcomes.${params.outcome}`),
              })
            : t("results.contacts.summary", { count: contacts.total, formatted: formatNumber(contacts.total, i18n.language) })}
          {params.outcome ? (
            <>
              {" "}
              <Link to={campaignPageHref(campaignId, params, { outcome: null, contactsPage: 1 })} className={buttonClass("secondary", "ml-2", "sm")}>
                {t("results.contacts.clear")}
              </Link>
            </>
          ) : null}
        </p>
        {contacts.rows.length > 0 ? (
          <DataTable
            data-testid="results-contacts"
            caption={t("results.contacts.caption")}
            columns={columns}
            rows={contacts.rows}
            rowKey={(row) => row.contactId}
            rowData={(row) => ({ "data-testid": "result-contact", "data-outcome": row.outcome })}
            busy={updating}
          />
        ) : null}
        {contacts.pageCount > 1 ? (
          <Pagination
            page={contacts.page}
            pageCount={contacts.pageCount}
            href={(page) => campaignPageHref(campaignId, params, { contactsPage: page })}
            label={t("results.contacts.pagination")}
          />
        ) : null}
      </div>
    </Panel>
  );
}

function useColumns(timeZone: string): Array<DataColumn<ResultContact>> {
  const { t, i18n } = useTranslation("campaigns");
  return [
    {
      id: "contact",
      header: t("results.contacts.columns.contact"),
      primary: true,
      rowHeader: true,
      truncate: true,
      className: "max-w-[14rem]",
      cell: (row) => (
        <span title={row.name} className="min-w-0 truncate">
          {row.name || t("results.contacts.noName")}
        </span>
      ),
    },
    { id: "phone", header: t("results.contacts.columns.phone"), className: "tabular-nums", cell: (row) => row.phoneDisplay },
    {
      id: "outcome",
      header: t("results.contacts.columns.outcome"),
      cell: (row) => (
        <span data-testid="result-outcome">
          {row.skipReason
            ? `${t(`results.outcomes.${row.outcome}`)}: ${t(`activity.skipReason.${row.skipReason}`, { defaultValue: row.skipReason })}`
            : t(`results.outcomes.${row.outcome}`)}
          {row.appointmentBooked ? <span className="text-emerald-700 dark:text-emerald-400"> · {t("results.contacts.booked")}</span> : null}
        </span>
      ),
    },
    {
      id: "at",
      header: t("results.contacts.columns.at"),
      className: "max-sm:empty:hidden",
      cell: (row) => (row.at ? <time dateTime={row.at}>{formatDateTime(row.at, i18n.language, timeZone)}</time> : null),
    },
    {
      id: "duration",
      header: t("results.contacts.columns.duration"),
      align: "end",
      className: "tabular-nums max-sm:empty:hidden",
      cell: (row) => (row.durationSeconds ? callLength(row.durationSeconds) : null),
    },
    {
      id: "call",
      header: t("results.contacts.columns.call"),
      className: "max-sm:empty:hidden",
      cell: (row) =>
        row.callId ? (
          <Link to={`/recordings/${encodeURIComponent(row.callId)}`} className="underline hover:no-underline">
            {row.hasRecording ? t("results.contacts.openRecording") : t("results.contacts.openCall")}
            <span className="sr-only"> {row.name}</span>
          </Link>
        ) : null,
    },
  ];
}
