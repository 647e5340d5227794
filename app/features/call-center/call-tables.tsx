import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { RowActionsMenu } from "~/components/ui/row-actions-menu";
import { shownPhone, type PhoneDisplays } from "~/features/phone/display";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { formatDuration } from "./format";
import type { AnalysedCallItem, LiveCallItem, MissedCallItem, QueuedCallItem } from "./queries.server";

/**
 * The tables of the /call-management tabs, on the kit's DataTable (one line
 * per call at laptop width, a card per call on a phone). Times are shown in
 * the tenant's zone and the user's language; a missing value is a dash that
 * screen readers hear as "not known".
 */
interface TableContext {
  language: string;
  timeZone: string;
  /** The numbers of the table's calls as shown, formatted by the server. */
  phones: PhoneDisplays;
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

/** A name that may be long (a campaign, an agent): cut to one line, the whole of it in the title. */
const textOrMissing = (value: string | null | undefined) => (value ? <span title={value}>{value}</span> : <Missing />);
// A number never breaks across lines, not even in a phone's narrow card.
const phoneOrMissing = (value: string | null | undefined, phones: PhoneDisplays) =>
  value ? <span className="whitespace-nowrap">{shownPhone(phones, value)}</span> : <Missing />;

function Direction({ value }: { value: string }) {
  const { t } = useTranslation("calls");
  return <>{value === "inbound" || value === "outbound" ? t(`direction.${value}`) : value}</>;
}

function Time({ iso, language, timeZone }: { iso: string } & TableContext) {
  return <time dateTime={iso}>{formatDateTime(iso, language, timeZone)}</time>;
}

/** The time of a finished call as the way to its page (the recording, transcript and analysis). */
function CallLink({ id, iso, ...context }: { id: string; iso: string } & TableContext) {
  return (
    <Link to={`/recordings/${encodeURIComponent(id)}`} className="font-medium hover:underline">
      <Time iso={iso} {...context} />
    </Link>
  );
}

/** The actions of a finished call's row: its page (a plain link without JavaScript, a menu with it). */
function FinishedCallActions({ id, iso, language, timeZone }: { id: string; iso: string } & TableContext) {
  const { t } = useTranslation("calls");
  const time = formatDateTime(iso, language, timeZone);
  return <RowActionsMenu label={t("rowActions", { time })} actions={[{ label: t("open"), to: `/recordings/${encodeURIComponent(id)}` }]} />;
}

function useColumn() {
  const { t } = useTranslation("calls");
  return <Row,>(id: string, cell: (row: Row) => ReactNode, options: Omit<DataColumn<Row>, "id" | "header" | "cell"> = {}): DataColumn<Row> => ({
    id,
    header: t(`columns.${id}`),
    cell,
    ...options,
  });
}

export function LiveCallsTable({ items, ...context }: { items: LiveCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const column = useColumn();
  const columns: Array<DataColumn<LiveCallItem>> = [
    column("startedAt", (call) => <Time iso={call.startedAt} {...context} />, { primary: true }),
    column("direction", (call) => <Direction value={call.direction} />),
    column("from", (call) => phoneOrMissing(call.from, context.phones)),
    column("to", (call) => phoneOrMissing(call.to, context.phones)),
    column("campaign", (call) => textOrMissing(call.campaign), { truncate: true }),
    column("agent", (call) => textOrMissing(call.agent), { truncate: true }),
    column("elapsed", (call) => (call.elapsedSeconds === null ? <Missing /> : formatDuration(call.elapsedSeconds)), { align: "end" }),
  ];
  return (
    <DataTable
      data-testid="live-calls"
      caption={t("live.caption")}
      columns={columns}
      rows={items}
      rowKey={(call) => call.id}
      rowData={(call) => ({ "data-call-id": call.id })}
    />
  );
}

export function QueuedCallsTable({ items, ...context }: { items: QueuedCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const column = useColumn();
  const columns: Array<DataColumn<QueuedCallItem>> = [
    column("position", (call) => formatNumber(call.position, context.language), { align: "end", className: "w-px max-sm:w-auto" }),
    column("queuedAt", (call) => <Time iso={call.queuedAt} {...context} />, { primary: true }),
    column("waiting", (call) => (call.waitingSeconds === null ? <Missing /> : formatDuration(call.waitingSeconds)), { align: "end" }),
    column("direction", (call) => <Direction value={call.direction} />),
    column("from", (call) => phoneOrMissing(call.from, context.phones)),
    column("to", (call) => phoneOrMissing(call.to, context.phones)),
    column("campaign", (call) => textOrMissing(call.campaign), { truncate: true }),
  ];
  return (
    <DataTable
      data-testid="queued-calls"
      caption={t("queue.caption")}
      columns={columns}
      rows={items}
      rowKey={(call) => call.id}
      rowData={(call) => ({ "data-call-id": call.id })}
    />
  );
}

const MISSED_TONES: Record<MissedCallItem["status"], BadgeTone> = { missed: "warning", voicemail: "accent" };

export function MissedCallsTable({ items, ...context }: { items: MissedCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const column = useColumn();
  const columns: Array<DataColumn<MissedCallItem>> = [
    column("time", (call) => <CallLink id={call.id} iso={call.createdAt} {...context} />, { primary: true }),
    column("kind", (call) => <StatusBadge status={call.status} tones={MISSED_TONES} label={t(`missed.status.${call.status}`)} />),
    column("direction", (call) => <Direction value={call.direction} />),
    column("number", (call) => {
      if (!call.contactNumber) return <Missing />;
      const number = shownPhone(context.phones, call.contactNumber);
      return (
        <a
          href={`tel:${call.contactNumber}`}
          className="whitespace-nowrap font-medium underline-offset-2 hover:underline"
          aria-label={t("missed.callBack", { number })}
        >
          {number}
        </a>
      );
    }),
    column("campaign", (call) => textOrMissing(call.campaign), { truncate: true }),
  ];
  return (
    <DataTable
      data-testid="missed-calls"
      caption={t("missed.caption")}
      columns={columns}
      rows={items}
      rowKey={(call) => call.id}
      rowData={(call) => ({ "data-call-id": call.id, "data-status": call.status })}
      actions={{ header: t("columns.actions"), cell: (call) => <FinishedCallActions id={call.id} iso={call.createdAt} {...context} /> }}
    />
  );
}

const SENTIMENT_TONES: Record<NonNullable<AnalysedCallItem["sentiment"]>, BadgeTone> = { positive: "success", neutral: "neutral", negative: "danger" };

export function AnalysedCallsTable({ items, ...context }: { items: AnalysedCallItem[] } & TableContext) {
  const { t } = useTranslation("calls");
  const column = useColumn();
  const columns: Array<DataColumn<AnalysedCallItem>> = [
    column("date", (call) => <CallLink id={call.id} iso={call.createdAt} {...context} />, { primary: true }),
    column("campaign", (call) => textOrMissing(call.campaign), { truncate: true }),
    column("sentiment", (call) =>
      call.sentiment ? <StatusBadge status={call.sentiment} tones={SENTIMENT_TONES} label={t(`analysis:sentiment.${call.sentiment}`)} /> : <Missing />,
    ),
    column("outcome", (call) => textOrMissing(call.outcome ? t(`analysis:outcomes.${call.outcome}`, { defaultValue: call.outcome }) : null), {
      truncate: true,
    }),
    column("rating", (call) => (call.rating === null ? t("analysis.noRating") : t("analysis.rating", { rating: call.rating })), { align: "end" }),
  ];
  return (
    <DataTable
      data-testid="analysed-calls"
      caption={t("analysis.caption")}
      columns={columns}
      rows={items}
      rowKey={(call) => call.id}
      rowData={(call) => ({ "data-call-id": call.id })}
      actions={{ header: t("columns.actions"), cell: (call) => <FinishedCallActions id={call.id} iso={call.createdAt} {...context} /> }}
    />
  );
}
