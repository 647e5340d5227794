import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useOutlet } from "@remix-run/react";
import { useRef, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Panel } from "~/components/ui/panel";
import { cn } from "~/components/ui/cn";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { AudioPlayer, formatClock, isoDuration, parseStartSeconds } from "~/features/recordings/audio-player";
import { withReturnTo } from "~/features/recordings/recording-paths";
import { AnalysisPanel } from "~/features/analysis/analysis-panel";
import { CallTemplatePanel } from "~/features/post-call/call-template-panel";
import { callTemplateView } from "~/features/post-call/results.server";
import { appointmentsOfCall } from "~/features/scheduling/booking/appointments.server";
import { recordingTicketLink } from "~/features/service-desk/recording-link.server";
import { shownPhone } from "~/features/phone/display";
import { phoneDisplays } from "~/features/phone/display.server";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import { DataList } from "~/features/recordings/data-list";
import type { DataPresentation } from "~/features/recordings/extracted-data";
import { getCallForTenant, recordingDetail, recordingHeading } from "~/features/recordings/recording.server";
import { DeleteAction, FeedbackAction } from "~/features/recordings/list/row-actions";
import { formatDateTime, formatMoney } from "~/i18n/format";
import type { CallCost } from "~/features/calls/call-cost";
import { getLanguage, getTranslator, translationTree } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["analysis", "post-call", "recording", "recordings"] };

/**
 * One recording: metadata, audio, transcript, summary, extracted data,
 * analysis and customer feedback. `?t=SECONDS` starts the audio at that
 * moment and every transcript turn links to its own moment, so a moment can
 * be bookmarked or shared. `returnTo` (the list view the user came from) is
 * kept for the back link.
 *
 * /recordings/<id>/delete and /feedback are child routes by file name; when
 * one of them matches, this page steps aside and shows only the child.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "recordings");
  const call = params.id ? await getCallForTenant(tenant.id, params.id) : undefined;
  if (!call) notFound();
  const [t, language] = await Promise.all([getTranslator(request, "recording"), getLanguage(request)]);
  const url = new URL(request.url);
  const rawReturnTo = url.searchParams.get("returnTo");
  const returnTo = rawReturnTo ? safeRedirectPath(rawReturnTo, "") || null : null;
  // A number the platform sent in national form ("030 123456") is one of the tenant's country.
  const formatPhone = (value: string) => formatPhoneForDisplay(value, tenant.country);
  const presentation: DataPresentation = {
    language,
    timeZone: tenant.timeZone,
    labels: translationTree(language, "recording", "data.fields") as Record<string, string>,
    yes: t("metadata.yes"),
    no: t("metadata.no"),
    formatPhone,
  };
  const recording = recordingDetail(call, presentation);
  const appointments = can(user.permissions, "appointments", "read") ? await appointmentsOfCall(tenant.id, call.id) : [];
  const templateResult = await callTemplateView(tenant.id, call.id);
  return {
    templateResult,
    appointments: appointments.map((appointment) => ({
      id: appointment.id,
      title: appointment.title,
      start: appointment.start_at,
      status: appointment.status,
    })),
    title: recordingHeading(call, {
      with: (who) => t("heading.with", { who }),
      on: (date) => t("heading.on", { date }),
      language,
      timeZone: tenant.timeZone,
      formatPhone,
    }),
    timeZone: tenant.timeZone,
    recording,
    // The page shows these as the server formats them: it does not load the phone library.
    phones: phoneDisplays([recording.from, recording.to, ...(recording.analysis?.entities.phoneNumbers ?? [])]),
    startAt: parseStartSeconds(url.searchParams.get("t")) ?? null,
    returnTo,
    // A deal made from this call (app/features/deals), for those who may add deals; labelled here, so the page ships no deals texts.
    dealLink: can(user.permissions, "crm-deals", "create")
      ? { href: `/crm-deals/new?${new URLSearchParams({ call: call.id })}`, label: (await getTranslator(request, "deals"))("fromCall.link") }
      : null,
    // "Create ticket", or the ticket the call already has (app/features/service-desk).
    ticketLink: await recordingTicketLink(request, tenant.id, user.permissions, call.id),
    permissions: {
      update: can(user.permissions, "recordings", "update"),
      delete: can(user.permissions, "recordings", "delete"),
    },
  };
}

export const meta = titleFromLoader;

export default function RecordingDetailRoute() {
  const outlet = useOutlet();
  return outlet ?? <RecordingDetailPage />;
}

function RecordingDetailPage() {
  const { t, i18n } = useTranslation("recording");
  const { title, recording, timeZone, startAt, returnTo, permissions, phones, appointments, templateResult } = useLoaderData<typeof loader>();
  const audio = useRef<HTMLAudioElement | null>(null);
  const listPath = returnTo ?? "/recordings";
  const basePath = `/recordings/${encodeURIComponent(recording.id)}`;
  const selfPath = returnTo ? withReturnTo(basePath, returnTo) : basePath;
  const momentHref = (seconds: number) => `?${new URLSearchParams({ t: String(seconds), ...(returnTo ? { returnTo } : {}) })}`;
  // The turn a `?t=` link points into (the last one that starts by then) is marked, and named #moment so the browser scrolls to it without script.
  const currentTurn = startAt === null ? -1 : turnAt(recording.transcript, startAt);

  // Without scripts the link reloads the page at that moment; with them the player just seeks.
  function seek(event: MouseEvent<HTMLAnchorElement>, seconds: number) {
    const player = audio.current;
    if (!player || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    player.currentTime = seconds;
    player.play().catch(() => {
      // Autoplay rules may refuse; the playhead has still moved.
    });
  }

  return (
    <div className="space-y-4" data-testid="recording-detail">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <Link to={listPath} className="text-sm underline">
            {/* Named after where it leads: the feedback screen links here too. */}
            {listPath === "/feedback" || listPath.startsWith("/feedback?") ? t("backToFeedback") : t("back")}
          </Link>
          <h1 className="text-2xl font-semibold">{title}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <time dateTime={recording.createdAt}>{formatDateTime(recording.createdAt, i18n.language, timeZone)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CreateDealLink />
          <TicketLink />
          {permissions.update ? (
            <FeedbackAction
              callId={recording.id}
              returnTo={selfPath}
              label={recording.feedback ? t("feedback.edit") : t("feedback.add")}
              className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
            />
          ) : null}
          {permissions.delete ? (
            <DeleteAction
              callId={recording.id}
              returnTo={listPath}
              label={t("delete.link")}
              summary={recording.summary ?? undefined}
              className="inline-flex items-center rounded-md border border-red-300 px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-400 dark:hover:bg-red-950"
            />
          ) : null}
        </div>
      </div>

      <Panel title={t("audio.title")} className="sticky top-0 z-10">
        {recording.hasAudio ? (
          <AudioPlayer callId={recording.id} startAt={startAt ?? undefined} label={t("audio.label")} audioRef={audio} />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">{recording.audioStatus === "pending" ? t("audio.pending") : t("audio.none")}</p>
        )}
      </Panel>

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title={t("metadata.title")}>
          <DescriptionList
            entries={[
              { key: t("metadata.date"), value: formatDateTime(recording.createdAt, i18n.language, timeZone) },
              { key: t("metadata.direction"), value: t(`direction.${recording.direction}`, { defaultValue: capitalize(recording.direction) }) },
              { key: t("metadata.status"), value: t(`status.${recording.status}`, { defaultValue: capitalize(recording.status) }) },
              { key: t("metadata.campaign"), value: recording.campaignName },
              {
                key: t("metadata.campaignType"),
                value: recording.campaignType
                  ? t(`campaignType.${recording.campaignType.toLowerCase()}`, { defaultValue: capitalize(recording.campaignType) })
                  : null,
              },
              { key: t("metadata.from"), value: recording.from ? shownPhone(phones, recording.from) : null },
              { key: t("metadata.to"), value: recording.to ? shownPhone(phones, recording.to) : null },
              { key: t("metadata.agent"), value: recording.agentName },
              { key: t("metadata.user"), value: recording.userName },
              { key: t("metadata.company"), value: recording.userCompany },
              {
                key: t("metadata.duration"),
                value:
                  recording.durationSeconds === null ? null : (
                    <time dateTime={isoDuration(recording.durationSeconds)}>{formatClock(recording.durationSeconds)}</time>
                  ),
              },
              { key: t("metadata.escalated"), value: recording.escalated ? t("metadata.yes") : t("metadata.no") },
              { key: t("metadata.cost"), value: recording.cost ? <CallCostValue cost={recording.cost} language={i18n.language} /> : null },
            ]}
          />
        </Panel>
        <Panel title={t("caller.title")}>
          {recording.caller.length > 0 ? <DataList entries={recording.caller} testId="caller-details" /> : <Empty>{t("caller.empty")}</Empty>}
        </Panel>
      </div>

      {appointments.length > 0 ? (
        <Panel title={t("appointments.title")}>
          <ul className="space-y-2 text-sm" data-testid="call-appointments">
            {appointments.map((appointment) => (
              <li key={appointment.id} className="flex flex-wrap items-center gap-2">
                <Link to={`/appointments/${encodeURIComponent(appointment.id)}`} className="font-medium text-primary-dark underline dark:text-primary">
                  {appointment.title}, {formatDateTime(appointment.start, i18n.language, timeZone)}
                </Link>
                <span className="text-slate-600 dark:text-slate-300">{t(`appointments.status.${appointment.status}`)}</span>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel title={t("summary.title")}>
        {recording.summary ? <p className="whitespace-pre-line">{recording.summary}</p> : <Empty>{t("summary.empty")}</Empty>}
      </Panel>

      <Panel title={t("transcript.title")}>
        {recording.transcript.length > 0 ? (
          <ol className="space-y-3" data-testid="transcript">
            {recording.transcript.map((turn, index) => (
              <li
                key={index}
                id={index === currentTurn ? "moment" : undefined}
                aria-current={index === currentTurn ? "time" : undefined}
                // Scrolled to as #moment: clear of the sticky player above it.
                style={index === currentTurn ? { scrollMarginTop: "12rem" } : undefined}
                className={cn(
                  "grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4",
                  index === currentTurn && "-mx-2 rounded-md bg-amber-50 px-2 py-1 ring-1 ring-amber-300 dark:bg-amber-950 dark:ring-amber-700",
                )}
              >
                <div className="flex items-baseline gap-2 text-sm">
                  <span className="font-semibold">
                    {turn.speaker ? t(`transcript.speakers.${turn.speaker.toLowerCase()}`, { defaultValue: turn.speaker }) : t("transcript.unknownSpeaker")}
                  </span>
                  {turn.startSeconds !== undefined ? (
                    <a
                      href={momentHref(turn.startSeconds)}
                      onClick={recording.hasAudio ? (event) => seek(event, turn.startSeconds!) : undefined}
                      className="font-mono text-xs underline"
                      aria-label={t("transcript.playFrom", { time: formatClock(turn.startSeconds) })}
                    >
                      {formatClock(turn.startSeconds)}
                    </a>
                  ) : null}
                </div>
                <p className="whitespace-pre-line">{turn.text}</p>
              </li>
            ))}
          </ol>
        ) : (
          <Empty>{t("transcript.empty")}</Empty>
        )}
      </Panel>

      <Panel title={t("extracted.title")}>
        {recording.extractedData.length > 0 ? <DataList entries={recording.extractedData} testId="extracted-data" /> : <Empty>{t("extracted.empty")}</Empty>}
      </Panel>

      <CallTemplatePanel result={templateResult} recordingPath={`/recordings/${recording.id}`} timeZone={timeZone} />

      <AnalysisPanel
        analysis={recording.analysis}
        status={recording.analysisStatus}
        callId={recording.id}
        returnTo={selfPath}
        canAnalyze={permissions.update}
        analyzedAt={recording.analyzedAt}
        timeZone={timeZone}
        phones={phones}
      />

      <Panel title={t("feedback.sectionTitle")}>
        {recording.feedback ? (
          <div className="space-y-2" data-testid="feedback">
            <p className="flex items-center gap-2">
              <span aria-hidden="true" className="text-lg text-amber-500">
                {"★".repeat(recording.feedback.rating)}
                <span className="text-slate-300 dark:text-slate-600">{"★".repeat(Math.max(0, 5 - recording.feedback.rating))}</span>
              </span>
              <span>{t("feedback.ratingValue", { rating: recording.feedback.rating, max: 5 })}</span>
            </p>
            {recording.feedback.text ? <p className="whitespace-pre-line">{recording.feedback.text}</p> : null}
            {recording.feedback.moment !== null ? (
              <p className="text-sm">
                <a href={`${momentHref(recording.feedback.moment)}#moment`} className="underline">
                  {t("feedback.aboutMoment", { time: formatClock(recording.feedback.moment) })}
                </a>
              </p>
            ) : null}
          </div>
        ) : (
          <Empty>{t("feedback.none")}</Empty>
        )}
      </Panel>
    </div>
  );
}

/** "Create deal": a new deal titled after this call's customer, with their contact when the tenant has one. */
function CreateDealLink() {
  const { dealLink } = useLoaderData<typeof loader>();
  if (!dealLink) return null;
  return (
    <Link
      to={dealLink.href}
      className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {dealLink.label}
    </Link>
  );
}

/** "Create ticket" (a ticket about this call), or "Open ticket #N" when the call has its ticket. */
function TicketLink() {
  const { ticketLink } = useLoaderData<typeof loader>();
  if (!ticketLink) return null;
  return (
    <Link
      to={ticketLink.href}
      data-testid="recording-ticket-link"
      className="inline-flex items-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
    >
      {ticketLink.label}
    </Link>
  );
}

/** The index of the turn playing at `seconds`: the last timed turn that starts by then, or -1 when none does. */
function turnAt(transcript: Array<{ startSeconds?: number }>, seconds: number) {
  let found = -1;
  transcript.forEach((turn, index) => {
    if (turn.startSeconds !== undefined && turn.startSeconds <= seconds && (found === -1 || turn.startSeconds >= transcript[found]!.startSeconds!))
      found = index;
  });
  return found;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-500 dark:text-slate-400">{children}</p>;
}

/** A value the platform sent in lower case ("outbound", "retention") when there is no translation for it. */
const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function DescriptionList({ entries }: { entries: Array<{ key: string; value: ReactNode }> }) {
  const { t } = useTranslation("recording");
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {entries.map((entry) => (
        <div key={entry.key} className="contents">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{entry.key}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            {entry.value === null || entry.value === "" ? <span className="text-slate-400">{t("metadata.none")}</span> : entry.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What the voice platform reported the call cost: the total, then each part that was reported. */
function CallCostValue({ cost, language }: { cost: CallCost; language: string }) {
  const { t } = useTranslation("recording");
  const money = (minor: number) => formatMoney(minor, cost.currency, language);
  const parts = (["telephony", "speechToText", "llm", "textToSpeech"] as const)
    .filter((part) => cost[part] !== null)
    .map((part) => `${t(`metadata.costParts.${part}`)} ${money(cost[part]!)}`);
  return (
    <span data-testid="call-cost">
      <span className="font-medium">{money(cost.total)}</span>
      {parts.length > 0 ? <span className="block text-xs text-slate-600 dark:text-slate-300">{parts.join(" · ")}</span> : null}
    </span>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
