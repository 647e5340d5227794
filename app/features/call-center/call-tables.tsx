import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { formatDuration } from "./format";
import type { AnalysedCallItem, LiveCallItem, MissedCallItem, QueuedCallItem } from "./queries.server";
import { callManagementHref, type CallCenterTab } from "./tabs";

/**
 * The tables of the /call-management tabs. Times are shown in the tenant's
 * zone and the user's language; a missing value is a dash that screen readers
 * hear as "not known".
 */
interface TableContext {
  language: string;
  timeZone: string;
}

function Missing() {
  const { t } = useTranslation("calls");
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t("notKnown")}</span>
    </>
  );
}

const orMissing = (value: ReactNode | null | undefined) => (value === null || value === undefined || value === "" ? <Missing /> : value);

function Direction({ value }: { value: string }) {
  const { t } = useTranslation("calls");
  return <>{value === "inbound" || value === "outbound" ? t(`direction.${value}`) : value}</>;
}

function Time({ iso, language, timeZone }: { iso: string } & TableContext) {
  return <time dateTime={iso}>{formatDateTime(iso, language, timeZone)}</time>;
}

function CallTable({ caption, columns, children, testId }: { caption: string; columns: string[]; children: ReactNode; testId: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}

const cell = "px-3 py-2 align-top";

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300" data-testid="empty-state">
      {children}
    </p>
  );
}

export function LiveCallsTable({ items, ...context }: { items: LiveCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const columns = ["startedAt", "direction", "from", "to", "campaign", "agent", "elapsed"].map((c) => t(`columns.${c}`));
  return (
    <CallTable caption={t("live.caption")} columns={columns} testId="live-calls">
      {items.map((call) => (
        <tr key={call.id} data-call-id={call.id}>
          <td className={cell}>
            <Time iso={call.startedAt} {...context} />
          </td>
          <td className={cell}>
            <Direction value={call.direction} />
          </td>
          <td className={cell}>{orMissing(call.from)}</td>
          <td className={cell}>{orMissing(call.to)}</td>
          <td className={cell}>{orMissing(call.campaign)}</td>
          <td className={cell}>{orMissing(call.agent)}</td>
          <td className={`${cell} tabular-nums`}>{call.elapsedSeconds === null ? <Missing /> : formatDuration(call.elapsedSeconds)}</td>
        </tr>
      ))}
    </CallTable>
  );
}

export function QueuedCallsTable({ items, ...context }: { items: QueuedCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const columns = ["position", "queuedAt", "waiting", "direction", "from", "to", "campaign"].map((c) => t(`columns.${c}`));
  return (
    <CallTable caption={t("queue.caption")} columns={columns} testId="queued-calls">
      {items.map((call) => (
        <tr key={call.id} data-call-id={call.id}>
          <td className={`${cell} tabular-nums`}>{formatNumber(call.position, context.language)}</td>
          <td className={cell}>
            <Time iso={call.queuedAt} {...context} />
          </td>
          <td className={`${cell} tabular-nums`}>{call.waitingSeconds === null ? <Missing /> : formatDuration(call.waitingSeconds)}</td>
          <td className={cell}>
            <Direction value={call.direction} />
          </td>
          <td className={cell}>{orMissing(call.from)}</td>
          <td className={cell}>{orMissing(call.to)}</td>
          <td className={cell}>{orMissing(call.campaign)}</td>
        </tr>
      ))}
    </CallTable>
  );
}

export function MissedCallsTable({ items, ...context }: { items: MissedCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const columns = ["time", "kind", "direction", "number", "campaign", "details"].map((c) => t(`columns.${c}`));
  return (
    <CallTable caption={t("missed.caption")} columns={columns} testId="missed-calls">
      {items.map((call) => (
        <tr key={call.id} data-call-id={call.id} data-status={call.status}>
          <td className={cell}>
            <Time iso={call.createdAt} {...context} />
          </td>
          <td className={cell}>
            <span
              className={
                call.status === "voicemail"
                  ? "rounded bg-violet-100 px-2 py-0.5 text-violet-900 dark:bg-violet-950 dark:text-violet-100"
                  : "rounded bg-red-100 px-2 py-0.5 text-red-900 dark:bg-red-950 dark:text-red-100"
              }
            >
              {t(`missed.status.${call.status}`)}
            </span>
          </td>
          <td className={cell}>
            <Direction value={call.direction} />
          </td>
          <td className={cell}>
            {call.contactNumber ? (
              <a href={`tel:${call.contactNumber}`} className="underline" aria-label={t("missed.callBack", { number: call.contactNumber })}>
                {call.contactNumber}
              </a>
            ) : (
              <Missing />
            )}
          </td>
          <td className={cell}>{orMissing(call.campaign)}</td>
          <td className={cell}>
            <Link to={`/recordings/${call.id}`} className="underline">
              {t("open")}
              <span className="sr-only"> {t("openCallFrom", { time: formatDateTime(call.createdAt, context.language, context.timeZone) })}</span>
            </Link>
          </td>
        </tr>
      ))}
    </CallTable>
  );
}

export function AnalysedCallsTable({ items, ...context }: { items: AnalysedCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const columns = ["date", "campaign", "sentiment", "outcome", "rating", "details"].map((c) => t(`columns.${c}`));
  return (
    <CallTable caption={t("analysis.caption")} columns={columns} testId="analysed-calls">
      {items.map((call) => (
        <tr key={call.id} data-call-id={call.id}>
          <td className={cell}>
            <Time iso={call.createdAt} {...context} />
          </td>
          <td className={cell}>{orMissing(call.campaign)}</td>
          <td className={cell}>{call.sentiment ? t(`analysis:sentiment.${call.sentiment}`) : <Missing />}</td>
          <td className={cell}>{call.outcome ? t(`analysis:outcomes.${call.outcome}`, { defaultValue: call.outcome }) : <Missing />}</td>
          <td className={cell}>{call.rating === null ? t("analysis.noRating") : t("analysis.rating", { rating: call.rating })}</td>
          <td className={cell}>
            <Link to={`/recordings/${call.id}`} className="underline">
              {t("open")}
              <span className="sr-only"> {t("openCallFrom", { time: formatDateTime(call.createdAt, context.language, context.timeZone) })}</span>
            </Link>
          </td>
        </tr>
      ))}
    </CallTable>
  );
}

/** Previous / next links for a paged tab; plain links, so they work without JavaScript. */
export function TabPagination({ tab, page, pageCount, total, language }: { tab: CallCenterTab; page: number; pageCount: number; total: number; language: string }) {
  const { t } = useTranslation("calls");
  if (total === 0) return null;
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{t("pagination.status", { page: formatNumber(page, language), pages: formatNumber(pageCount, language), count: total, total: formatNumber(total, language) })}</p>
      <div className="flex gap-3">
        {page > 1 ? (
          <Link to={callManagementHref(tab, page - 1)} className="underline" rel="prev">
            {t("pagination.previous")}
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={callManagementHref(tab, page + 1)} className="underline" rel="next">
            {t("pagination.next")}
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
