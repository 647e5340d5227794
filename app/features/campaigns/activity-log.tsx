import { useTranslation } from "~/i18n/react";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import type { CampaignStatus } from "~/db/schema";
import { formatDateTime } from "~/i18n/format";
import { INTERRUPTED } from "./activity-reasons";
import type { ActivityEntry, ActivityPage } from "./activity.server";
import { campaignPageHref, type CampaignPageParams } from "./list/list-params";

/**
 * The campaign's activity, newest first: one line per call, skip or status
 * change (a long outcome is cut, its full text in a title), paged through
 * the URL. Below 640 px every entry is a card.
 */
export function ActivityLog({
  campaignId,
  status,
  params,
  activity,
  timeZone,
  platformConfigured,
}: {
  campaignId: string;
  status: CampaignStatus;
  params: CampaignPageParams;
  activity: ActivityPage;
  timeZone: string;
  platformConfigured: boolean;
}) {
  const { t } = useTranslation("campaigns");
  const columns = useColumns(timeZone, status === "running");
  return (
    <section aria-labelledby="activity-title" className="rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h2 id="activity-title" className="border-b border-slate-200 px-4 py-3 text-lg font-semibold dark:border-slate-800">
        {t("activity.title")}
      </h2>
      {activity.entries.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-300" data-testid="activity-empty">
          {platformConfigured ? t("activity.empty") : t("activity.emptyLogged")}
        </p>
      ) : (
        <>
          <div className="max-sm:p-3">
            <DataTable
              data-testid="activity-log"
              caption={t("activity.caption")}
              columns={columns}
              rows={activity.entries}
              rowKey={(entry) => entry.id}
              rowData={(entry) => ({ "data-testid": "activity-entry", "data-kind": entry.kind })}
            />
          </div>
          {activity.pageCount > 1 ? (
            <div className="border-t border-slate-200 px-4 py-3 dark:border-slate-800">
              <Pagination
                page={activity.page}
                pageCount={activity.pageCount}
                href={(page) => campaignPageHref(campaignId, params, { page })}
                label={t("activity.pagination")}
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** `running`: whether a call without an answer yet can still be under way (else its runner stopped, and it will not be retried). */
function useColumns(timeZone: string, running: boolean): Array<DataColumn<ActivityEntry>> {
  const { t, i18n } = useTranslation("campaigns");
  return [
    {
      id: "time",
      header: t("activity.columns.time"),
      primary: true,
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language, timeZone)}</time>,
    },
    {
      id: "contact",
      header: t("activity.columns.contact"),
      truncate: true,
      // A status change has no contact or phone: its phone card leaves out the empty lines.
      className: "max-w-[12rem] max-sm:empty:hidden",
      cell: (entry) => {
        if (entry.kind === "status") return null;
        const name = entry.contactName ?? t("activity.deletedContact");
        return (
          <span title={name} className="min-w-0 truncate">
            {name}
          </span>
        );
      },
    },
    {
      id: "phone",
      header: t("activity.columns.phone"),
      className: "tabular-nums max-sm:empty:hidden",
      cell: (entry) => entry.phoneDisplay,
    },
    {
      id: "outcome",
      header: t("activity.columns.outcome"),
      truncate: true,
      className: "max-w-[28rem]",
      cell: (entry) => <ActivityOutcome entry={entry} running={running} />,
    },
  ];
}

/** What happened, and the detail that goes with it (a call id, a failure's message) after a dot, on the same line. */
function ActivityOutcome({ entry, running }: { entry: ActivityEntry; running: boolean }) {
  const { t } = useTranslation("campaigns");
  const outcome = describeOutcome(entry, running, t);
  const full = outcome.detail ? `${outcome.text} · ${outcome.detail}` : outcome.text;
  return (
    <span title={full} className="block min-w-0 truncate max-sm:whitespace-normal">
      <span className={outcome.tone === "danger" ? "font-medium text-red-700 dark:text-red-400" : outcome.tone === "strong" ? "font-medium" : undefined}>
        {outcome.text}
      </span>
      {outcome.detail ? <span className="text-slate-600 dark:text-slate-300"> · {outcome.detail}</span> : null}
    </span>
  );
}

function describeOutcome(
  entry: ActivityEntry,
  running: boolean,
  t: (key: string, values?: Record<string, unknown>) => string,
): { text: string; detail?: string | null; tone?: "strong" | "danger" } {
  switch (entry.kind) {
    case "logged":
      return { text: t("activity.kind.logged"), tone: "strong" };
    case "placed":
      return { text: t("activity.kind.placed"), detail: entry.platformCallId ? t("activity.callId", { id: entry.platformCallId }) : null, tone: "strong" };
    case "failed":
      if (entry.inFlight && running) return { text: t("activity.kind.dispatching") };
      return {
        text: entry.inFlight || entry.reason === INTERRUPTED ? t("activity.kind.interrupted") : t("activity.kind.failed"),
        detail: entry.detail,
        tone: "danger",
      };
    case "skipped":
      return { text: t("activity.kind.skipped", { reason: t(`activity.skipReason.${entry.reason ?? "unknown"}`) }) };
    case "status":
      return {
        text: t("activity.kind.status", { status: t(`status.${entry.reason ?? "draft"}`) }),
        detail: entry.detail ? t(`activity.statusDetail.${entry.detail}`, { defaultValue: entry.detail }) : null,
      };
  }
}
