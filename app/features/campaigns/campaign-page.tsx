import { Form, Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, type ConfirmFetcher } from "~/components/ui/confirm-action";
import { Notice, Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { CampaignStatus } from "~/db/schema";
import { formatClockTimeOfDay, formatDateTime, formatNumber } from "~/i18n/format";
import { isAllowed, isDue } from "./campaign-rules";
import { KnowledgeBaseLine } from "./knowledge-base-line";
import type { CampaignDetail, KnowledgeBaseChoice } from "./campaigns.server";
import { deleteHref, DeleteCampaignDialogContent } from "./list/delete-campaign";
import { campaignPageHref, DEFAULT_CAMPAIGN_PAGE_PARAMS, type CampaignPageParams } from "./list/list-params";
import type { PrelaunchReport } from "./prelaunch.server";
import { SKIP_REASONS } from "./prelaunch";
import { formatClockTime, parseLocalDateTime, zonedTimeToInstant } from "~/lib/dates/zoned-time";

/** The parts of /campaigns/<id>: details, the actions its status allows and the pre-launch check (the activity log is in activity-log.tsx). */

export function CampaignDetails({
  campaign,
  knowledgeBase,
  timeZone,
}: {
  campaign: CampaignDetail;
  knowledgeBase: KnowledgeBaseChoice | null;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("campaigns");
  const schedule = campaign.scheduleLocal ? parseLocalDateTime(campaign.scheduleLocal) : null;
  const rows: Array<[string, ReactNode]> = [
    [t("detail.list"), campaign.listName],
    [t("detail.number"), campaign.numberLabel ? `${campaign.numberLabel} · ${campaign.numberDisplay}` : campaign.numberDisplay],
    [t("detail.type"), t(`type.${campaign.type}`)],
    [
      t("detail.sendingType"),
      campaign.frequency ? `${t(`sendingType.${campaign.sendingType}`)} · ${t(`frequency.${campaign.frequency}`)}` : t(`sendingType.${campaign.sendingType}`),
    ],
  ];
  if (schedule)
    rows.push([t("detail.schedule"), `${formatDateTime(zonedTimeToInstant(schedule, timeZone).toISOString(), i18n.language, timeZone)} (${timeZone})`]);
  rows.push(
    [
      t("detail.window"),
      t("detail.windowValue", {
        days: campaign.windowDays.length > 0 ? campaign.windowDays.map((day) => t(`weekdaysShort.${day}`)).join(", ") : t("detail.none"),
        start: formatClockTimeOfDay(formatClockTime(campaign.windowStartMinute), i18n.language),
        end: formatClockTimeOfDay(formatClockTime(campaign.windowEndMinute), i18n.language),
      }),
    ],
    [
      t("detail.knowledgeBase"),
      // A campaign with an agent may have no knowledge base: the agent speaks from its own instructions.
      !knowledgeBase && campaign.agentId ? t("detail.agentSpeaksAlone") : <KnowledgeBaseLine key="kb" choice={knowledgeBase} type={campaign.type} />,
    ],
    [t("detail.requestFeedback"), campaign.requestFeedback ? t("detail.requestFeedbackOn") : t("detail.requestFeedbackOff")],
    [t("detail.nextRun"), campaign.nextRunAt && isDue(campaign.status) ? formatDateTime(campaign.nextRunAt, i18n.language, timeZone) : t("detail.none")],
    [t("detail.lastRun"), campaign.lastRunAt ? formatDateTime(campaign.lastRunAt, i18n.language, timeZone) : t("detail.none")],
    [t("detail.created"), formatDateTime(campaign.createdAt, i18n.language, timeZone)],
  );
  return (
    <Panel title={t("detail.title")}>
      <dl className="-my-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-x-6 gap-y-0.5 py-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/**
 * Start, pause and resume are small forms posting an intent; edit and delete
 * are pages (delete opens a dialog once scripts run). Start follows the
 * draft's pre-launch check: refused up front, with the reason beside it,
 * when nobody would be called; a confirmation (page, or dialog with
 * scripts) when somebody would be skipped.
 */
export function CampaignActions({
  campaign,
  canUpdate,
  canDelete,
  editable,
  startCheck,
  timeZone,
}: {
  campaign: CampaignDetail;
  canUpdate: boolean;
  canDelete: boolean;
  editable: boolean;
  startCheck: PrelaunchReport | null;
  timeZone: string;
}) {
  const { t } = useTranslation("campaigns");
  const intents = (["start", "pause", "resume"] as const).filter((intent) => canUpdate && isAllowed(intent, campaign.status));
  return (
    // At most as wide as a why-not line under the buttons, so the actions stay beside the title when there is room.
    <div className="flex max-w-md flex-wrap items-center gap-2 sm:justify-end">
      {intents.map((intent) =>
        intent === "start" && startCheck?.blocker ? (
          <StartBlocked key={intent} blocker={startCheck.blocker} />
        ) : intent === "start" && startCheck && startCheck.summary.skipped > 0 ? (
          <StartWithConfirmation key={intent} campaign={campaign} check={startCheck} timeZone={timeZone} />
        ) : (
          <IntentForm key={intent} intent={intent} />
        ),
      )}
      {canUpdate && editable ? (
        <Link to={`/campaigns/${encodeURIComponent(campaign.id)}/edit`} className={buttonClass("secondary")}>
          {t("actions.edit")}
        </Link>
      ) : null}
      {canDelete && isAllowed("delete", campaign.status) ? <DeleteAction campaign={campaign} /> : null}
    </div>
  );
}

/** Start (nobody skipped), pause or resume: a small form posting its intent. Every action waits while one is under way. */
function IntentForm({ intent }: { intent: "start" | "pause" | "resume" }) {
  const { t } = useTranslation("campaigns");
  const busy = useIsPending();
  const mine = useIsPending({ intent });
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={intent === "pause" ? "secondary" : "primary"} disabled={busy} loading={mine}>
        {t(`actions.${intent}`)}
      </Button>
    </Form>
  );
}

function DeleteAction({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation("campaigns");
  return (
    <ConfirmAction
      href={deleteHref(campaign.id)}
      title={t("delete.title")}
      className={buttonClass("danger")}
      content={({ fetcher, close }) => <DeleteCampaignDialogContent campaign={campaign} fetcher={fetcher} close={close} />}
    >
      {t("actions.delete")}
    </ConfirmAction>
  );
}

function StartBlocked({ blocker }: { blocker: NonNullable<PrelaunchReport["blocker"]> }) {
  const { t } = useTranslation("campaigns");
  return (
    <>
      <Button type="button" disabled aria-describedby="start-blocked">
        {t("actions.start")}
      </Button>
      <p id="start-blocked" data-testid="start-blocked" className="order-last basis-full text-sm text-amber-800 sm:text-right dark:text-amber-200">
        {t(`refusals.${blocker}`)}
      </p>
    </>
  );
}

const startConfirmationHref = (id: string) => campaignPageHref(id, DEFAULT_CAMPAIGN_PAGE_PARAMS, { confirmStart: true });

function StartWithConfirmation({ campaign, check, timeZone }: { campaign: CampaignDetail; check: PrelaunchReport; timeZone: string }) {
  const { t } = useTranslation("campaigns");
  return (
    <ConfirmAction
      href={startConfirmationHref(campaign.id)}
      title={t("start.title")}
      className={buttonClass("primary")}
      content={({ fetcher, close }) => {
        // A refusal (the list changed meanwhile) comes back as data and stays in the dialog; a start redirects.
        const refusal = (fetcher.data as { refusal?: string } | undefined)?.refusal;
        return (
          <>
            {refusal ? (
              <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
                {t(`refusals.${refusal}`, { context: campaign.type })}
              </p>
            ) : null}
            <StartConfirmForm campaign={campaign} check={check} timeZone={timeZone} fetcher={fetcher} onCancel={close} />
          </>
        );
      }}
    >
      {t("actions.start")}
    </ConfirmAction>
  );
}

/** The start confirmation: the check's numbers, then "Start anyway" (sent with confirm=1) and Cancel. */
function StartConfirmForm({
  campaign,
  check,
  timeZone,
  fetcher,
  onCancel,
}: {
  campaign: Pick<CampaignDetail, "id" | "name">;
  check: PrelaunchReport;
  timeZone: string;
  fetcher?: Pick<ConfirmFetcher, "Form" | "state">;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("campaigns");
  const submitting = useIsPending({ intent: "start" });
  return (
    <ConfirmForm
      hidden={{ intent: "start", confirm: "1" }}
      confirmLabel={t("start.anyway")}
      confirmVariant="primary"
      cancelHref={`/campaigns/${encodeURIComponent(campaign.id)}`}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={fetcher ? undefined : submitting}
    >
      <p>{t("start.question", { name: campaign.name })}</p>
      <PrelaunchNumbers report={check} timeZone={timeZone} />
    </ConfirmForm>
  );
}

/** The confirmation as part of the page: where Start leads without JavaScript, and what a start that needs one comes back to. */
export function StartConfirmation({ campaign, check, timeZone }: { campaign: Pick<CampaignDetail, "id" | "name">; check: PrelaunchReport; timeZone: string }) {
  const { t } = useTranslation("campaigns");
  return (
    <Panel title={t("start.title")}>
      <div data-testid="start-confirmation">
        <StartConfirmForm campaign={campaign} check={check} timeZone={timeZone} />
      </div>
    </Panel>
  );
}

/** A running campaign with contacts outside their window: how many, and when the first window opens. */
export function WaitingNotice({ count, nextWindowAt, timeZone }: { count: number; nextWindowAt: string | null; timeZone: string }) {
  const { t, i18n } = useTranslation("campaigns");
  return (
    <div role="status" data-testid="waiting-notice">
      <Notice>
        {t("waiting.notice", {
          count,
          formatted: formatNumber(count, i18n.language),
          time: nextWindowAt ? formatDateTime(nextWindowAt, i18n.language, timeZone) : t("detail.none"),
        })}
      </Notice>
    </div>
  );
}

// Three cards side by side from 640 px; on a phone, three slim lines (label left, figure right), so no label is squeezed into a third of the width.
const figureClass = "p-3 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:py-2";

/** The check's numbers: who will be called (now or once their window opens) and who is skipped, by reason. */
export function PrelaunchNumbers({ report, timeZone }: { report: PrelaunchReport; timeZone: string }) {
  const { t, i18n } = useTranslation("campaigns");
  const n = (value: number) => formatNumber(value, i18n.language);
  const { summary } = report;
  const called = summary.toCall + summary.waiting;
  const reasonsTitleId = useId();
  return (
    <div className="space-y-3">
      <p className="sr-only" data-testid="prelaunch-summary">
        {t("prelaunch.summary", { count: called, called: n(called), skipped: n(summary.skipped), total: n(summary.total) })}
      </p>
      {/* The sentence above, drawn as figures; a screen reader hears the sentence instead of three cards. */}
      <div aria-hidden="true" className="grid gap-2 sm:grid-cols-3">
        <Stat label={t("prelaunch.figures.called")} value={n(called)} className={figureClass} data-figure="called" />
        <Stat label={t("prelaunch.figures.skipped")} value={n(summary.skipped)} className={figureClass} data-figure="skipped" />
        <Stat label={t("prelaunch.figures.total")} value={n(summary.total)} className={figureClass} data-figure="total" />
      </div>
      {summary.waiting > 0 ? (
        <p className="text-sm" data-testid="prelaunch-waiting">
          {t("prelaunch.waiting", {
            count: summary.waiting,
            formatted: n(summary.waiting),
            time: summary.nextWindowAt ? formatDateTime(summary.nextWindowAt, i18n.language, timeZone) : t("detail.none"),
          })}
        </p>
      ) : null}
      {summary.skipped > 0 ? (
        <div className="text-sm">
          <p id={reasonsTitleId} className="font-medium">
            {t("prelaunch.skippedBecause")}
          </p>
          <ul aria-labelledby={reasonsTitleId} className="mt-1 list-disc space-y-0.5 pl-5 marker:text-slate-400" data-testid="prelaunch-reasons">
            {SKIP_REASONS.filter((reason) => summary.byReason[reason] > 0).map((reason) => (
              <li key={reason}>{t(`prelaunch.reasons.${reason}`, { count: summary.byReason[reason], formatted: n(summary.byReason[reason]) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function PrelaunchPanel({
  campaignId,
  status,
  params,
  report,
  timeZone,
}: {
  campaignId: string;
  status: CampaignStatus;
  params: CampaignPageParams;
  report: PrelaunchReport | null;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("campaigns");
  const n = (value: number) => formatNumber(value, i18n.language);
  if (status === "completed") {
    return (
      <Panel title={t("prelaunch.title")}>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("prelaunch.completed")}</p>
      </Panel>
    );
  }
  return (
    <Panel title={t("prelaunch.title")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("prelaunch.intro")}</p>
        {/* A GET form: the check is part of the page's URL and needs no script. */}
        <Form method="get" action={`/campaigns/${encodeURIComponent(campaignId)}`} preventScrollReset>
          <input type="hidden" name="check" value="1" />
          <Button type="submit" variant="secondary">
            {report ? t("prelaunch.again") : t("prelaunch.run")}
          </Button>
        </Form>
        {report ? (
          <div className="space-y-3" data-testid="prelaunch-result" role="status">
            <p className="text-sm">{t("prelaunch.at", { time: formatDateTime(report.at, i18n.language, timeZone) })}</p>
            {report.schedulePassed ? <p className="text-sm text-amber-800 dark:text-amber-200">{t("prelaunch.schedulePassed")}</p> : null}
            <PrelaunchNumbers report={report} timeZone={timeZone} />
            {report.blocker && status === "draft" ? <p className="text-sm text-amber-800 dark:text-amber-200">{t(`refusals.${report.blocker}`)}</p> : null}
            {report.alreadyHandled > 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t("prelaunch.alreadyHandled", { count: report.alreadyHandled, formatted: n(report.alreadyHandled) })}
              </p>
            ) : null}
            {params.check ? (
              <Link to={campaignPageHref(campaignId, params, { check: false })} preventScrollReset className="inline-block text-sm underline">
                {t("prelaunch.hide")}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
