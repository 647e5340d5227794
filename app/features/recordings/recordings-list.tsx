import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { SortableHeader } from "~/components/ui/sortable-header";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { AudioPlayer, formatClock, isoDuration } from "./audio-player";
import { RecordingsListFilters } from "./list-filters";
import {
  clearedFilters,
  hasActiveFilters,
  listHref,
  RECORDINGS_PAGE_SIZE,
  sortChange,
  type ListBasePath,
  type RecordingListItem,
  type RecordingsListViewData,
  type SortKey,
} from "./list-params";
import { RecordingRowActions } from "./row-actions";

const SORTABLE_COLUMNS: SortKey[] = ["createdAt", "direction", "campaign", "from", "to", "agent", "user", "company", "duration", "rating"];

/**
 * The recordings list: search and filter form, the sortable table, paging,
 * export. Everything is a link or a GET form, so it all works without
 * JavaScript; the data comes from loadRecordingsList. `basePath` is where the
 * list lives (/recordings, or /call-management's recordings tab) and every
 * link and form keeps the user there.
 */
export function RecordingsListView({ data, basePath = data.basePath }: { data: RecordingsListViewData; basePath?: ListBasePath }) {
  const view = basePath === data.basePath ? data : { ...data, basePath };
  const { t, i18n } = useTranslation("recordings");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === basePath;
  const { params, rows, total, totalIsCapped } = view;
  const firstShown = (params.page - 1) * RECORDINGS_PAGE_SIZE + 1;
  const formatted = formatNumber(total, i18n.language);

  return (
    <div className="space-y-4">
      <RecordingsListFilters data={view} />
      {rows.length === 0 ? (
        <EmptyState data={view} />
      ) : (
        <Panel>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="recordings-summary">
              {totalIsCapped
                ? t("summaryCapped", { from: formatNumber(firstShown, i18n.language), to: formatNumber(firstShown + rows.length - 1, i18n.language), formatted })
                : t("summary", {
                    count: total,
                    from: formatNumber(firstShown, i18n.language),
                    to: formatNumber(firstShown + rows.length - 1, i18n.language),
                    formatted,
                  })}
            </p>
            {/* A file download, not a page: a plain link, so the browser saves what the server streams. */}
            <a href={view.exportHref} download className="text-sm font-medium underline" title={totalIsCapped ? undefined : t("export.hint", { formatted })}>
              {t("export.link")}
            </a>
          </div>
          <p aria-live="polite" className="sr-only">
            {updating ? t("updating") : ""}
          </p>
          <div className={cn("overflow-x-auto transition-opacity", updating && "opacity-60")} aria-busy={updating || undefined}>
            <RecordingsTable data={view} />
          </div>
          <div className="mt-4">
            <Pagination
              page={view.params.page}
              pageCount={view.pageCount}
              hasNextPage={view.hasNextPage}
              showLast={!view.totalIsCapped}
              href={(page) => listHref(view.basePath, view.params, { page })}
            />
          </div>
        </Panel>
      )}
    </div>
  );
}

function EmptyState({ data }: { data: RecordingsListViewData }) {
  const { t } = useTranslation("recordings");
  const filtered = hasActiveFilters(data.params);
  return (
    <Panel title={filtered ? t("empty.noMatchesTitle") : t("empty.noCallsTitle")}>
      <div className="space-y-3" data-testid="recordings-empty">
        <p className="text-slate-600 dark:text-slate-300">{filtered ? t("empty.noMatches") : t("empty.noCalls")}</p>
        {filtered ? (
          <Link to={listHref(data.basePath, clearedFilters(data.params))} className="font-medium underline">
            {t("filters.clear")}
          </Link>
        ) : null}
      </div>
    </Panel>
  );
}

function RecordingsTable({ data }: { data: RecordingsListViewData }) {
  const { t } = useTranslation("recordings");
  const { params } = data;
  const cell = "px-3 py-2 align-top";
  return (
    <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
      <caption className="sr-only">{t("caption", { column: t(`columns.${params.sort}`), order: t(`order.${params.order}`) })}</caption>
      <thead>
        <tr className="text-left">
          {SORTABLE_COLUMNS.map((column) => (
            <SortableHeader
              key={column}
              label={t(`columns.${column}`)}
              href={listHref(data.basePath, params, sortChange(params, column))}
              order={params.sort === column ? params.order : null}
            />
          ))}
          <th scope="col" className={cn(cell, "font-semibold")}>
            {t("columns.play")}
          </th>
          <th scope="col" className={cn(cell, "font-semibold")}>
            {t("columns.actions")}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {data.rows.map((row) => (
          <RecordingRow key={row.id} row={row} data={data} className={cell} />
        ))}
      </tbody>
    </table>
  );
}

function RecordingRow({ row, data, className }: { row: RecordingListItem; data: RecordingsListViewData; className: string }) {
  const { t, i18n } = useTranslation("recordings");
  const date = formatDateTime(row.createdAt, i18n.language, data.timeZone);
  const missing = <span className="text-slate-400">{t("notGiven")}</span>;
  const text = (value: string | null) => (value ? value : missing);
  return (
    <tr>
      <td className={cn(className, "whitespace-nowrap")}>
        <time dateTime={row.createdAt}>{date}</time>
      </td>
      <td className={cn(className, "whitespace-nowrap")}>
        {t(`direction.${row.direction}`, { defaultValue: row.direction })}
        {row.status !== "ended" ? <span className="block text-xs text-slate-500 dark:text-slate-400">{t(`status.${row.status}`)}</span> : null}
        {row.escalated ? <span className="block text-xs font-medium text-amber-700 dark:text-amber-400">{t("escalatedBadge")}</span> : null}
      </td>
      <td className={className}>{text(row.campaignName)}</td>
      <td className={cn(className, "whitespace-nowrap")}>{text(row.from)}</td>
      <td className={cn(className, "whitespace-nowrap")}>{text(row.to)}</td>
      <td className={className}>{text(row.agentName)}</td>
      <td className={className}>{text(row.userName)}</td>
      <td className={className}>{text(row.userCompany)}</td>
      <td className={cn(className, "whitespace-nowrap tabular-nums")}>
        {row.durationSeconds === null ? missing : <time dateTime={isoDuration(row.durationSeconds)}>{formatClock(row.durationSeconds)}</time>}
      </td>
      <td className={cn(className, "whitespace-nowrap")}>{row.rating === null ? <span className="text-slate-400">{t("noRating")}</span> : t("rating", { rating: row.rating })}</td>
      <td className={cn(className, "min-w-56")}>
        {row.audioStatus === "stored" ? (
          <AudioPlayer callId={row.id} label={t("audio.label", { date })} />
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t(`audio.${row.audioStatus === "pending" ? "pending" : row.audioStatus === "failed" ? "failed" : "none"}`)}</span>
        )}
      </td>
      <td className={className}>
        <RecordingRowActions
          callId={row.id}
          returnTo={data.returnTo}
          labels={{ open: t("rowActions.open"), feedback: t("rowActions.feedback"), delete: t("rowActions.delete") }}
          summary={t("rowActions.summary", { date, from: row.from ?? t("notGiven"), to: row.to ?? t("notGiven") })}
          canUpdate={data.canUpdate}
          canDelete={data.canDelete}
        />
      </td>
    </tr>
  );
}
