import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmAction, ConfirmForm, type ConfirmFetcher } from "~/components/ui/confirm-action";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import type { CampaignStatus } from "~/db/schema";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { INTERRUPTED, type ActivityEntry, type ActivityPage } from "./activity.server";
import { isAllowed, isDue } from "./campaign-rules";
import { KnowledgeBaseLine } from "./campaign-form";
import type { CampaignDetail, KnowledgeBaseChoice } from "./campaigns.server";
import { campaignPageHref, type CampaignPageParams } from "./list-params";
import type { PrelaunchReport } from "./prelaunch.server";
import { SKIP_REASONS } from "./prelaunch";
import { formatClockTime, parseLocalDateTime, zonedTimeToInstant } from "./zoned-time";

/** The parts of /campaigns/<id>: details, the actions its status allows, the pre-launch check and the activity log. */

export function CampaignDetails({ campaign, knowledgeBase, timeZone }: { campaign: CampaignDetail; knowledgeBase: KnowledgeBaseChoice | null; timeZone: string }) {
  const { t, i18n } = useTranslation("campaigns");
  const schedule = campaign.scheduleLocal ? parseLocalDateTime(campaign.scheduleLocal) : null;
  const rows: Array<[string, ReactNode]> = [
    [t("detail.list"), campaign.listName],
    [t("detail.number"), campaign.numberLabel ? `${campaign.numberLabel} · ${formatPhoneForDisplay(campaign.numberE164)}` : formatPhoneForDisplay(campaign.numberE164)],
    [t("detail.type"), t(`type.${campaign.type}`)],
    [t("detail.sendingType"), campaign.frequency ? `${t(`sendingType.${campaign.sendingType}`)} · ${t(`frequency.${campaign.frequency}`)}` : t(`sendingType.${campaign.sendingType}`)],
  ];
  if (schedule) rows.push([t("detail.schedule"), `${formatDateTime(zonedTimeToInstant(schedule, timeZone).toISOString(), i18n.language, timeZone)} (${timeZone})`]);
  rows.push(
    [
      t("detail.window"),
      t("detail.windowValue", {
        days: campaign.windowDays.map((day) => t(`weekdaysShort.${day}`)).join(", "),
        start: formatClockTime(campaign.windowStartMinute),
        end: formatClockTime(campaign.windowEndMinute),
      }),
    ],
    [t("detail.knowledgeBase"), <KnowledgeBaseLine key="kb" choice={knowledgeBase} type={campaign.type} />],
    [t("detail.nextRun"), campaign.nextRunAt && isDue(campaign.status) ? formatDateTime(campaign.nextRunAt, i18n.language, timeZone) : t("detail.none")],
    [t("detail.lastRun"), campaign.lastRunAt ? formatDateTime(campaign.lastRunAt, i18n.language, timeZone) : t("detail.none")],
    [t("detail.created"), formatDateTime(campaign.createdAt, i18n.language, timeZone)],
  );
  return (
    <Panel title={t("detail.title")}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-300">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** Start, pause and resume are small forms posting an intent; edit and delete are pages (delete opens a dialog once scripts run). */
export function CampaignActions({ campaign, canUpdate, canDelete, editable }: { campaign: CampaignDetail; canUpdate: boolean; canDelete: boolean; editable: boolean }) {
  const { t } = useTranslation("campaigns");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const intents = (["start", "pause", "resume"] as const).filter((intent) => canUpdate && isAllowed(intent, campaign.status));
  return (
    <div className="flex flex-wrap items-center gap-2">
      {intents.map((intent) => (
        <Form key={intent} method="post">
          <input type="hidden" name="intent" value={intent} />
          <Button type="submit" variant={intent === "pause" ? "secondary" : "primary"} disabled={busy}>
            {t(`actions.${intent}`)}
          </Button>
        </Form>
      ))}
      {canUpdate && editable ? (
        <Link to={`/campaigns/${encodeURIComponent(campaign.id)}/edit`} className={buttonClass("secondary")}>
          {t("actions.edit")}
        </Link>
      ) : null}
      {canDelete && isAllowed("delete", campaign.status) ? <DeleteAction campaign={campaign} /> : null}
    </div>
  );
}

export const deleteHref = (id: string) => `/campaigns/${encodeURIComponent(id)}/delete`;

/** The confirmation: its own page without JavaScript, the same form in a dialog with it. */
export function DeleteCampaignForm({
  campaign,
  fetcher,
  onCancel,
}: {
  campaign: Pick<CampaignDetail, "id" | "name">;
  fetcher?: Pick<ConfirmFetcher, "Form" | "state">;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("campaigns");
  const navigation = useNavigation();
  return (
    <ConfirmForm
      action={deleteHref(campaign.id)}
      confirmLabel={t("delete.submit")}
      cancelHref={`/campaigns/${encodeURIComponent(campaign.id)}`}
      fetcher={fetcher}
      onCancel={onCancel}
      submitting={fetcher ? undefined : navigation.state === "submitting"}
    >
      <p>{t("delete.question", { name: campaign.name })}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("delete.warning")}</p>
    </ConfirmForm>
  );
}

function DeleteAction({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation("campaigns");
  return (
    <ConfirmAction
      href={deleteHref(campaign.id)}
      title={t("delete.title")}
      className={buttonClass("danger")}
      content={({ fetcher, close }) => {
        // A refusal comes back as data and stays in the dialog; success redirects away.
        const refusal = (fetcher.data as { refusal?: string } | undefined)?.refusal;
        return (
          <>
            {refusal ? (
              <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-400">
                {t(`refusals.${refusal}`)}
              </p>
            ) : null}
            <DeleteCampaignForm campaign={campaign} fetcher={fetcher} onCancel={close} />
          </>
        );
      }}
    >
      {t("actions.delete")}
    </ConfirmAction>
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
            <p className="text-base font-semibold" data-testid="prelaunch-summary">
              {t("prelaunch.summary", { count: report.summary.toCall, called: n(report.summary.toCall), skipped: n(report.summary.skipped), total: n(report.summary.total) })}
            </p>
            {report.summary.skipped > 0 ? (
              <ul className="space-y-1 text-sm" data-testid="prelaunch-reasons">
                {SKIP_REASONS.filter((reason) => report.summary.byReason[reason] > 0).map((reason) => (
                  <li key={reason}>
                    <span className="font-medium">{t(`prelaunch.reasons.${reason}`, { count: report.summary.byReason[reason], formatted: n(report.summary.byReason[reason]) })}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {report.alreadyHandled > 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">{t("prelaunch.alreadyHandled", { count: report.alreadyHandled, formatted: n(report.alreadyHandled) })}</p> : null}
            {params.check ? (
              <Link to={campaignPageHref(campaignId, params, { check: false })} preventScrollReset className="text-sm underline">
                {t("prelaunch.hide")}
              </Link>
            ) : null}
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

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
  const { t, i18n } = useTranslation("campaigns");
  const cell = "px-3 py-2 align-top";
  return (
    <Panel title={t("activity.title")}>
      {activity.entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="activity-empty">
          {platformConfigured ? t("activity.empty") : t("activity.emptyLogged")}
        </p>
      ) : (
        <div className="space-y-4">
          <div className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="activity-log">
              <caption className="sr-only">{t("activity.caption")}</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className={cn(cell, "font-semibold")}>
                    {t("activity.columns.time")}
                  </th>
                  <th scope="col" className={cn(cell, "font-semibold")}>
                    {t("activity.columns.contact")}
                  </th>
                  <th scope="col" className={cn(cell, "font-semibold")}>
                    {t("activity.columns.phone")}
                  </th>
                  <th scope="col" className={cn(cell, "font-semibold")}>
                    {t("activity.columns.outcome")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {activity.entries.map((entry) => (
                  <tr key={entry.id} data-testid="activity-entry">
                    <td className={cn(cell, "whitespace-nowrap")}>{formatDateTime(entry.createdAt, i18n.language, timeZone)}</td>
                    <td className={cell}>{entry.kind === "status" ? "" : (entry.contactName ?? t("activity.deletedContact"))}</td>
                    <td className={cn(cell, "whitespace-nowrap")}>{entry.phone ? formatPhoneForDisplay(entry.phone) : ""}</td>
                    <td className={cell}>
                      <ActivityOutcome entry={entry} running={status === "running"} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={activity.page} pageCount={activity.pageCount} href={(page) => campaignPageHref(campaignId, params, { page })} label={t("activity.pagination")} />
        </div>
      )}
    </Panel>
  );
}

/** `running`: whether a call without an answer yet can still be under way (else its runner stopped, and it will not be retried). */
function ActivityOutcome({ entry, running }: { entry: ActivityEntry; running: boolean }) {
  const { t } = useTranslation("campaigns");
  switch (entry.kind) {
    case "logged":
      return <span className="font-medium">{t("activity.kind.logged")}</span>;
    case "placed":
      return (
        <span>
          <span className="font-medium">{t("activity.kind.placed")}</span>
          {entry.platformCallId ? <span className="block text-xs text-slate-600 dark:text-slate-300">{t("activity.callId", { id: entry.platformCallId })}</span> : null}
        </span>
      );
    case "failed":
      if (entry.inFlight && running) return <span>{t("activity.kind.dispatching")}</span>;
      return (
        <span>
          <span className="font-medium text-red-700 dark:text-red-400">{entry.inFlight || entry.reason === INTERRUPTED ? t("activity.kind.interrupted") : t("activity.kind.failed")}</span>
          {entry.detail ? <span className="block text-xs text-slate-600 dark:text-slate-300">{entry.detail}</span> : null}
        </span>
      );
    case "skipped":
      return <span>{t("activity.kind.skipped", { reason: t(`activity.skipReason.${entry.reason ?? "unknown"}`) })}</span>;
    case "status":
      return (
        <span>
          {t("activity.kind.status", { status: t(`status.${entry.reason ?? "draft"}`) })}
          {entry.detail ? <span className="block text-xs text-slate-600 dark:text-slate-300">{t(`activity.statusDetail.${entry.detail}`, { defaultValue: entry.detail })}</span> : null}
        </span>
      );
  }
}
