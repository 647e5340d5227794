import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { useAutoRefresh } from "~/features/call-center/use-auto-refresh";
import { ActivityLog } from "~/features/campaigns/activity-log";
import { BackLink } from "~/features/campaigns/back-link";
import { loadActivityPage } from "~/features/campaigns/activity.server";
import { CreateKnowledgeBaseLink } from "~/features/campaigns/knowledge-base-line";
import { CampaignActions, CampaignDetails, PrelaunchNumbers, PrelaunchPanel, StartConfirmation, WaitingNotice } from "~/features/campaigns/campaign-page";
import { isAllowed } from "~/features/campaigns/campaign-rules";
import { newKnowledgeBaseHref } from "~/features/campaigns/form-params";
import { findCampaign, hasUnfinishedRun, resolveKnowledgeBase } from "~/features/campaigns/campaigns.server";
import { pauseCampaign, resumeCampaign, startCampaign, type TransitionResult } from "~/features/campaigns/lifecycle.server";
import { parseCampaignPageParams } from "~/features/campaigns/list/list-params";
import { runPrelaunchCheck } from "~/features/campaigns/prelaunch.server";
import { showsResults } from "~/features/campaigns/results";
import { loadCampaignResults } from "~/features/campaigns/results.server";
import { CampaignResultsPanel } from "~/features/campaigns/results-panel";
import { CampaignStatusBadge } from "~/features/campaigns/list/status-badge";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { activeVoicePlatformName } from "~/features/voice-platform/voice-platform.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["campaigns"] };

/** While a campaign is scheduled or running, the page refreshes itself this often (with scripts). */
const LIVE_REFRESH_MS = 3_000;

/**
 * /campaigns/<id>: details, actions, the pre-launch check (?check=1), the
 * start confirmation (?start=1), the results of a running, paused or
 * completed campaign (?outcome=&contacts=: the contacts filtered by outcome,
 * a page at a time) and the activity log (?page=). A draft is
 * always checked, so Start can say up front that it cannot start or will ask
 * first; a running campaign is, so the page can say who waits for a window.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "campaigns");
  const campaign = await findCampaign(tenant.id, params.id ?? "");
  if (!campaign) notFound();
  const pageParams = parseCampaignPageParams(new URL(request.url).searchParams);
  const t = await getTranslator(request, "campaigns");
  const withResults = showsResults(campaign.status);
  const checked = campaign.status !== "completed" && (pageParams.check || campaign.status === "draft" || campaign.status === "running");
  const [activity, knowledgeBase, runUnderWay, check, results] = await Promise.all([
    loadActivityPage(tenant.id, campaign.id, pageParams.page),
    resolveKnowledgeBase(tenant.id, campaign.phoneNumberId, campaign.type),
    hasUnfinishedRun(tenant.id, campaign.id),
    checked ? runPrelaunchCheck(tenant.id, campaign, tenant.timeZone) : Promise.resolve(null),
    withResults
      ? loadCampaignResults(tenant.id, campaign, { tenantTimeZone: tenant.timeZone, outcome: pageParams.outcome, page: pageParams.contactsPage })
      : Promise.resolve(null),
  ]);
  return {
    title: campaign.name || t("title"),
    campaign,
    knowledgeBase,
    activity,
    report: pageParams.check && !withResults ? check : null,
    results,
    startCheck: campaign.status === "draft" ? check : null,
    waiting:
      campaign.status === "running" && check && check.summary.waiting > 0 ? { count: check.summary.waiting, nextWindowAt: check.summary.nextWindowAt } : null,
    pageParams: { ...pageParams, page: activity.page, contactsPage: results?.contacts.page ?? 1 },
    editable: isAllowed("edit", campaign.status) && !runUnderWay,
    timeZone: tenant.timeZone,
    canUpdate: can(user.permissions, "campaigns", "update"),
    canDelete: can(user.permissions, "campaigns", "delete"),
    platformConfigured: (await activeVoicePlatformName(tenant.id)) !== "logging",
  };
}

export const meta = titleFromLoader;

const TRANSITIONS = { start: startCampaign, pause: pauseCampaign, resume: resumeCampaign } as const;

function toastOf(intent: keyof typeof TRANSITIONS, result: Extract<TransitionResult, { ok: true }>) {
  if (intent !== "start") return { key: `campaigns:toast.${intent === "pause" ? "paused" : "resumed"}` };
  if (result.status !== "running") return { key: "campaigns:toast.scheduled" };
  // Started with nobody in their window yet: say so, or "started" reads as "calling now".
  const summary = result.check?.summary;
  if (summary && summary.toCall === 0 && summary.waiting > 0) return { key: "campaigns:toast.startedWaiting", values: { count: summary.waiting } };
  return { key: "campaigns:toast.started" };
}

/**
 * Start, pause and resume. A start that would skip contacts needs `confirm=1`
 * (sent by the confirmation dialog or page); without it the refusal carries
 * the check, and the page shows it with "Start anyway".
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "campaigns");
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent !== "start" && intent !== "pause" && intent !== "resume") badRequest();
  const id = params.id ?? "";
  const context = { tenantId: tenant.id, timeZone: tenant.timeZone };
  const result =
    intent === "start" ? await startCampaign(id, { ...context, confirmSkips: form.get("confirm") === "1" }) : await TRANSITIONS[intent](id, context);
  if (!result.ok) {
    if (result.refusal === "not-found") notFound();
    return data({ intent, refusal: result.refusal === "not-allowed" ? intent : result.refusal, check: result.check ?? null }, { status: 409 });
  }
  // One dispatch path: an immediate start is a run due now, which the runner takes without waiting for its next tick.
  if (result.dispatchNow) kickJobRunner();
  return redirectWithToast(`/campaigns/${encodeURIComponent(id)}`, { type: "success", ...toastOf(intent, result) });
}

export default function CampaignPage() {
  const { t } = useTranslation("campaigns");
  const { campaign, knowledgeBase, activity, report, results, startCheck, waiting, pageParams, editable, timeZone, canUpdate, canDelete, platformConfigured } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Asked for by the link Start is without JavaScript, or by a start that came back wanting a confirmation.
  const confirmation =
    actionData?.refusal === "confirmation-needed" && actionData.check
      ? actionData.check
      : pageParams.confirmStart && canUpdate && startCheck && !startCheck.blocker && startCheck.summary.skipped > 0
        ? startCheck
        : null;
  useAutoRefresh(campaign.status === "running" || campaign.status === "scheduled", LIVE_REFRESH_MS);
  return (
    <div className="space-y-4">
      <PageHeader
        back={<BackLink to="/campaigns">{t("detail.back")}</BackLink>}
        title={campaign.name}
        description={<CampaignStatusBadge status={campaign.status} />}
        actions={
          <CampaignActions campaign={campaign} canUpdate={canUpdate} canDelete={canDelete} editable={editable} startCheck={startCheck} timeZone={timeZone} />
        }
      />
      {actionData?.refusal && actionData.refusal !== "confirmation-needed" ? (
        <div role="alert" data-testid="campaign-refusal" className="space-y-3">
          <Notice tone="warning">
            {t(`refusals.${actionData.refusal}`, { context: campaign.type })}
            {actionData.refusal === "knowledge-base-missing" ? (
              <CreateKnowledgeBaseLink
                href={newKnowledgeBaseHref({
                  phoneNumberId: campaign.phoneNumberId,
                  type: campaign.type,
                  returnTo: `/campaigns/${encodeURIComponent(campaign.id)}`,
                })}
              />
            ) : null}
          </Notice>
          {actionData.check && actionData.refusal === "nobody-callable" ? <PrelaunchNumbers report={actionData.check} timeZone={timeZone} /> : null}
        </div>
      ) : null}
      {confirmation ? <StartConfirmation campaign={campaign} check={confirmation} timeZone={timeZone} /> : null}
      {waiting ? <WaitingNotice count={waiting.count} nextWindowAt={waiting.nextWindowAt} timeZone={timeZone} /> : null}
      {platformConfigured ? null : <Notice>{t("platform.notConfigured")}</Notice>}
      {results ? <CampaignResultsPanel campaignId={campaign.id} data={results} params={pageParams} timeZone={timeZone} /> : null}
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <CampaignDetails campaign={campaign} knowledgeBase={knowledgeBase} timeZone={timeZone} />
        {results ? null : <PrelaunchPanel campaignId={campaign.id} status={campaign.status} params={pageParams} report={report} timeZone={timeZone} />}
      </div>
      <ActivityLog
        campaignId={campaign.id}
        status={campaign.status}
        params={pageParams}
        activity={activity}
        timeZone={timeZone}
        platformConfigured={platformConfigured}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
