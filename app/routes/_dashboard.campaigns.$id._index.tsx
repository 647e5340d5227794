import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { useAutoRefresh } from "~/features/call-center/use-auto-refresh";
import { loadActivityPage } from "~/features/campaigns/activity.server";
import { CreateKnowledgeBaseLink } from "~/features/campaigns/campaign-form";
import { ActivityLog, CampaignActions, CampaignDetails, PrelaunchPanel } from "~/features/campaigns/campaign-page";
import { isAllowed } from "~/features/campaigns/campaign-rules";
import { findCampaign, hasUnfinishedRun, resolveKnowledgeBase } from "~/features/campaigns/campaigns.server";
import { pauseCampaign, resumeCampaign, startCampaign, type TransitionResult } from "~/features/campaigns/lifecycle.server";
import { parseCampaignPageParams } from "~/features/campaigns/list-params";
import { runPrelaunchCheck } from "~/features/campaigns/prelaunch.server";
import { CampaignStatusBadge } from "~/features/campaigns/status-badge";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { isVoicePlatformConfigured } from "~/features/voice-platform/voice-platform.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";

const notFound = () => new Response("Not found", { status: 404 });

/** While a campaign is scheduled or running, the page refreshes itself this often (with scripts). */
const LIVE_REFRESH_MS = 3_000;

/** /campaigns/<id>: details, actions, the pre-launch check (?check=1) and the activity log (?page=). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request);
  const campaign = await findCampaign(tenant.id, params.id ?? "");
  if (!campaign) throw notFound();
  const pageParams = parseCampaignPageParams(new URL(request.url).searchParams);
  const t = await getTranslator(request, "campaigns");
  const [activity, knowledgeBase, runUnderWay, report] = await Promise.all([
    loadActivityPage(tenant.id, campaign.id, pageParams.page),
    resolveKnowledgeBase(tenant.id, campaign.phoneNumberId, campaign.type),
    hasUnfinishedRun(tenant.id, campaign.id),
    pageParams.check && campaign.status !== "completed" ? runPrelaunchCheck(tenant.id, campaign, tenant.timeZone) : Promise.resolve(null),
  ]);
  return {
    title: campaign.name || t("title"),
    campaign,
    knowledgeBase,
    activity,
    report,
    pageParams: { ...pageParams, page: activity.page },
    editable: isAllowed("edit", campaign.status) && !runUnderWay,
    timeZone: tenant.timeZone,
    canUpdate: can(user.permissions, "campaigns", "update"),
    canDelete: can(user.permissions, "campaigns", "delete"),
    platformConfigured: isVoicePlatformConfigured(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

const TRANSITIONS = { start: startCampaign, pause: pauseCampaign, resume: resumeCampaign } as const;

function toastKey(intent: keyof typeof TRANSITIONS, result: Extract<TransitionResult, { ok: true }>) {
  if (intent === "start") return result.status === "running" ? "started" : "scheduled";
  return intent === "pause" ? "paused" : "resumed";
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "campaigns");
  const intent = (await request.formData()).get("intent");
  if (intent !== "start" && intent !== "pause" && intent !== "resume") throw new Response("Bad Request", { status: 400 });
  const id = params.id ?? "";
  const result = await TRANSITIONS[intent](id, { tenantId: tenant.id, timeZone: tenant.timeZone });
  if (!result.ok) {
    if (result.refusal === "not-found") throw notFound();
    return data({ intent, refusal: result.refusal === "not-allowed" ? intent : result.refusal }, { status: 409 });
  }
  // One dispatch path: an immediate start is a run due now, which the runner takes without waiting for its next tick.
  if (result.dispatchNow) kickJobRunner();
  return redirectWithToast(`/campaigns/${encodeURIComponent(id)}`, { type: "success", key: `campaigns:toast.${toastKey(intent, result)}` });
}

export default function CampaignPage() {
  const { t } = useTranslation("campaigns");
  const { campaign, knowledgeBase, activity, report, pageParams, editable, timeZone, canUpdate, canDelete, platformConfigured } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useAutoRefresh(campaign.status === "running" || campaign.status === "scheduled", LIVE_REFRESH_MS);
  return (
    <div className="space-y-4">
      <Link to="/campaigns" className="text-sm underline">
        {t("detail.back")}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{campaign.name}</h1>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <CampaignActions campaign={campaign} canUpdate={canUpdate} canDelete={canDelete} editable={editable} />
      </div>
      {actionData?.refusal ? (
        <div role="alert" data-testid="campaign-refusal">
          <Notice tone="warning">
            {t(`refusals.${actionData.refusal}`)}
            {actionData.refusal === "knowledge-base-missing" ? <CreateKnowledgeBaseLink /> : null}
          </Notice>
        </div>
      ) : null}
      {platformConfigured ? null : <Notice>{t("platform.notConfigured")}</Notice>}
      <div className="grid gap-4 xl:grid-cols-2">
        <CampaignDetails campaign={campaign} knowledgeBase={knowledgeBase} timeZone={timeZone} />
        <PrelaunchPanel campaignId={campaign.id} status={campaign.status} params={pageParams} report={report} timeZone={timeZone} />
      </div>
      <ActivityLog campaignId={campaign.id} status={campaign.status} params={pageParams} activity={activity} timeZone={timeZone} platformConfigured={platformConfigured} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
