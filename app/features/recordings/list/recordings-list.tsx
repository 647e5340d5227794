import { Link, useNavigation } from "@remix-run/react";
import { ListLink } from "~/components/ui/list-link";
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { ListPanel } from "~/components/ui/list-panel";
import { useHydrated } from "~/components/ui/use-hydrated";
import { shownPhone, type PhoneDisplays } from "~/features/phone/display";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { formatClock, isoDuration } from "../audio-player";
import { ColumnChooser } from "./column-chooser";
import type { RecordingColumn } from "./columns";
import { RecordingsListFilters } from "./list-filters";
import {
  clearedFilters,
  hasActiveFilters,
  listHref,
  RECORDINGS_PAGE_SIZE,
  sortChange,
  type RecordingListItem,
  type RecordingsListViewData,
  type SortKey,
} from "./list-params";
import { SharedPlayer, type NowPlaying } from "../shared-player";
import { RecordingRowActions } from "./row-actions";

/**
 * The recordings list: the filter form, a compact table (one line per call,
 * the columns the user chose), paging and export. Everything is a link or a
 * form, so it all works without JavaScript; with it, a row's play button
 * plays the call in one player shared by the whole list, and its actions
 * open in a menu.
 */
export function RecordingsListView({ data }: { data: RecordingsListViewData }) {
  const { t, i18n } = useTranslation("recordings");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === data.basePath;
  const [nowPlaying, setNowPlaying] = useState<NowPlaying | null>(null);
  const { params, rows, total, totalIsCapped } = data;
  const firstShown = (params.page - 1) * RECORDINGS_PAGE_SIZE + 1;
  const formatted = formatNumber(total, i18n.language);

  return (
    <PlayerContext.Provider value={setNowPlaying}>
      <div className="space-y-4">
        <RecordingsListFilters data={data} />
        {rows.length === 0 ? (
          <NoRecordings data={data} />
        ) : (
          <ListPanel
            summary={
              <p data-testid="recordings-summary">
                {totalIsCapped
                  ? t("summaryCapped", {
                      from: formatNumber(firstShown, i18n.language),
                      to: formatNumber(firstShown + rows.length - 1, i18n.language),
                      formatted,
                    })
                  : t("summary", {
                      count: total,
                      from: formatNumber(firstShown, i18n.language),
                      to: formatNumber(firstShown + rows.length - 1, i18n.language),
                      formatted,
                    })}
              </p>
            }
            actions={
              <>
                <ColumnChooser columns={data.columns} returnTo={data.returnTo} />
                {/* A file download, not a page: a plain link, so the browser saves what the server streams. */}
                <a
                  href={data.exportHref}
                  download
                  className={buttonClass("secondary", undefined, "sm")}
                  title={totalIsCapped ? undefined : t("export.hint", { formatted })}
                >
                  {t("export.link")}
                </a>
              </>
            }
            updating={updating ? t("updating") : ""}
            footer={
              <Pagination
                page={data.params.page}
                pageCount={data.pageCount}
                hasNextPage={data.hasNextPage}
                showLast={!data.totalIsCapped}
                href={(page) => listHref(data.basePath, data.params, { page })}
              />
            }
          >
            <RecordingsTable data={data} busy={updating} />
          </ListPanel>
        )}
        {nowPlaying ? <SharedPlayer playing={nowPlaying} onClose={() => setNowPlaying(null)} /> : null}
      </div>
    </PlayerContext.Provider>
  );
}

const PlayerContext = createContext<(playing: NowPlaying) => void>(() => undefined);

function NoRecordings({ data }: { data: RecordingsListViewData }) {
  const { t } = useTranslation("recordings");
  const filtered = hasActiveFilters(data.params);
  return (
    <EmptyState
      data-testid="recordings-empty"
      title={filtered ? t("empty.noMatchesTitle") : t("empty.noCallsTitle")}
      action={
        filtered ? (
          <Link to={listHref(data.basePath, clearedFilters(data.params))} className={buttonClass("secondary")}>
            {t("filters.clear")}
          </Link>
        ) : null
      }
    >
      {filtered ? t("empty.noMatches") : t("empty.noCalls")}
    </EmptyState>
  );
}

/** Who the call was with: the caller's name, else the other party's number as a person reads it. */
function contactOf(row: RecordingListItem, phones: PhoneDisplays) {
  const theirNumber = row.direction === "outbound" ? row.to : row.from;
  return row.userName ?? (theirNumber ? shownPhone(phones, theirNumber) : null);
}

/** Each column: its header, the sort it stands for (when it has one), and its cell. */
function useColumns(data: RecordingsListViewData): Array<DataColumn<RecordingListItem>> {
  const { t, i18n } = useTranslation("recordings");
  const { params } = data;
  const missing = <span className="text-slate-500 dark:text-slate-400">{t("notGiven")}</span>;
  const text = (value: string | null) => (value ? <span title={value}>{value}</span> : missing);
  const sort = (key: SortKey) => ({ href: listHref(data.basePath, params, sortChange(params, key)), order: params.sort === key ? params.order : null });

  const all: Record<RecordingColumn, DataColumn<RecordingListItem>> = {
    createdAt: {
      id: "createdAt",
      header: t("columns.createdAt"),
      sort: sort("createdAt"),
      cell: (row) => (
        <ListLink to={`/recordings/${encodeURIComponent(row.id)}`} className="font-medium hover:underline">
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, i18n.language, data.timeZone)}</time>
        </ListLink>
      ),
    },
    direction: {
      id: "direction",
      header: t("columns.direction"),
      sort: sort("direction"),
      // The status badges may go under the direction: a narrow column keeps the table in its box at 1366 px (no-JS row actions are wider than their menu).
      className: "whitespace-normal",
      cell: (row) => (
        <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5">
          {t(`direction.${row.direction}`, { defaultValue: row.direction })}
          {row.status !== "ended" ? <Badge tone={row.status === "missed" ? "warning" : "accent"}>{t(`status.${row.status}`)}</Badge> : null}
          {row.escalated ? <Badge tone="danger">{t("escalatedBadge")}</Badge> : null}
        </span>
      ),
    },
    contact: {
      id: "contact",
      header: t("columns.contact"),
      sort: sort("user"),
      primary: true,
      truncate: true,
      cell: (row) => text(contactOf(row, data.phones)),
    },
    campaign: { id: "campaign", header: t("columns.campaign"), sort: sort("campaign"), truncate: true, cell: (row) => text(row.campaignName) },
    from: { id: "from", header: t("columns.from"), sort: sort("from"), cell: (row) => text(row.from ? shownPhone(data.phones, row.from) : null) },
    to: { id: "to", header: t("columns.to"), sort: sort("to"), cell: (row) => text(row.to ? shownPhone(data.phones, row.to) : null) },
    agent: { id: "agent", header: t("columns.agent"), sort: sort("agent"), truncate: true, cell: (row) => text(row.agentName) },
    company: { id: "company", header: t("columns.company"), sort: sort("company"), truncate: true, cell: (row) => text(row.userCompany) },
    duration: {
      id: "duration",
      header: t("columns.duration"),
      sort: sort("duration"),
      align: "end",
      cell: (row) => (row.durationSeconds === null ? missing : <time dateTime={isoDuration(row.durationSeconds)}>{formatClock(row.durationSeconds)}</time>),
    },
    rating: {
      id: "rating",
      header: t("columns.rating"),
      sort: sort("rating"),
      align: "end",
      cell: (row) => (row.rating === null ? <span className="text-slate-500 dark:text-slate-400">{t("noRating")}</span> : t("rating", { rating: row.rating })),
    },
  };
  return data.columns.map((column) => all[column]);
}

function RecordingsTable({ data, busy }: { data: RecordingsListViewData; busy: boolean }) {
  const { t, i18n } = useTranslation("recordings");
  const columns = useColumns(data);
  const play: DataColumn<RecordingListItem> = {
    id: "play",
    header: t("columns.play"),
    hideHeader: true,
    // One play control per row: on a phone's card it sits at the start of the actions line (data-cell-play in tailwind.css).
    className: "w-10 pr-0 data-cell-play",
    cell: (row) => (
      <PlayButton row={row} name={contactOf(row, data.phones) ?? formatDateTime(row.createdAt, i18n.language, data.timeZone)} timeZone={data.timeZone} />
    ),
  };
  return (
    <DataTable
      data-testid="recordings-table"
      caption={t("caption", { column: t(`columns.${data.params.sort}`), order: t(`order.${data.params.order}`) })}
      columns={[play, ...columns]}
      rows={data.rows}
      rowKey={(row) => row.id}
      busy={busy}
      actions={{
        header: t("columns.actions"),
        cell: (row) => <RecordingRowActions row={row} data={data} />,
      }}
    />
  );
}

/**
 * Without JavaScript, a link to the call's page, whose player works without
 * script; with it, a button that plays the call in the list's shared player.
 */
function PlayButton({ row, name, timeZone }: { row: RecordingListItem; name: string; timeZone: string }) {
  const { t, i18n } = useTranslation("recordings");
  const hydrated = useHydrated();
  const play = useContext(PlayerContext);
  const label = t("player.play", { name });
  const playing = useMemo(
    () => ({
      callId: row.id,
      title: name,
      subtitle: formatDateTime(row.createdAt, i18n.language, timeZone),
      label: t("audio.label", { date: formatDateTime(row.createdAt, i18n.language, timeZone) }),
    }),
    [row.id, row.createdAt, name, i18n.language, timeZone, t],
  );
  if (row.audioStatus !== "stored") {
    const reason = t(`audio.${row.audioStatus === "pending" ? "pending" : row.audioStatus === "failed" ? "failed" : "none"}`);
    return (
      <span title={reason} className="inline-flex h-7 w-7 items-center justify-center text-slate-300 dark:text-slate-600">
        <PlayIcon />
        <span className="sr-only">{reason}</span>
      </span>
    );
  }
  const className = "play-control";
  return hydrated ? (
    <button type="button" className={className} aria-label={label} title={label} onClick={() => play(playing)}>
      <PlayIcon />
    </button>
  ) : (
    <ListLink to={`/recordings/${encodeURIComponent(row.id)}`} className={className} aria-label={label} title={label}>
      <PlayIcon />
    </ListLink>
  );
}

function PlayIcon(): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
      <path d="M6.5 4.8v10.4a.8.8 0 0 0 1.2.7l8.3-5.2a.8.8 0 0 0 0-1.4L7.7 4.1a.8.8 0 0 0-1.2.7Z" />
    </svg>
  );
}
