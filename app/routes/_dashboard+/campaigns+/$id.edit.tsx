import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackLink } from "~/features/campaigns/back-link";
import { CampaignForm } from "~/features/campaigns/campaign-form";
import { isAllowed } from "~/features/campaigns/campaign-rules";
import { formDefaultsFromSearch, type CampaignFormDefaults } from "~/features/campaigns/form-params";
import { checkReferences, findCampaign, hasUnfinishedRun, loadFormOptions, updateCampaign } from "~/features/campaigns/campaigns.server";
import { campaignFormSchema } from "~/features/campaigns/schemas";
import { formatClockTime } from "~/lib/dates/zoned-time";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["campaigns"] };

/**
 * /campaigns/<id>/edit: drafts, and paused campaigns between runs (a run
 * under way keeps the settings it started with). URL params, when there are
 * any, stand for a form the user left half-changed (see form-params.ts).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "campaigns");
  const campaign = await findCampaign(tenant.id, params.id ?? "");
  if (!campaign) notFound();
  const t = await getTranslator(request, "campaigns");
  const saved: CampaignFormDefaults = {
    name: campaign.name,
    contactListId: campaign.contactListId,
    type: campaign.type,
    sendingType: campaign.sendingType,
    frequency: campaign.frequency ?? "",
    scheduleAt: campaign.scheduleLocal ?? "",
    phoneNumberId: campaign.phoneNumberId,
    agentId: campaign.agentId ?? "",
    requestFeedback: campaign.requestFeedback ? "on" : "",
    windowDays: campaign.windowDays.map(String),
    windowStart: formatClockTime(campaign.windowStartMinute),
    windowEnd: formatClockTime(campaign.windowEndMinute),
  };
  const defaults = formDefaultsFromSearch(new URL(request.url).searchParams, saved);
  return {
    title: t("edit.title", { name: campaign.name }),
    campaign: { id: campaign.id, name: campaign.name, status: campaign.status },
    editable: isAllowed("edit", campaign.status) && !(await hasUnfinishedRun(tenant.id, campaign.id)),
    defaults,
    options: await loadFormOptions(tenant.id),
    timeZone: tenant.timeZone,
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "campaigns");
  const id = params.id ?? "";
  const formData = await readFormData(request);
  if (!(await findCampaign(tenant.id, id))) notFound();
  const submission = parseWithZod(formData, { schema: campaignFormSchema({ timeZone: tenant.timeZone, now: () => new Date() }) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const referenceErrors = await checkReferences(tenant.id, submission.value);
  if (referenceErrors) return data({ result: submission.reply({ fieldErrors: referenceErrors }) }, { status: 400 });
  const outcome = await updateCampaign(tenant.id, id, submission.value);
  if (outcome === "not-found") notFound();
  if (outcome === "not-editable") return data({ result: submission.reply({ formErrors: ["refusals.edit"] }) }, { status: 409 });
  return redirectWithToast(`/campaigns/${encodeURIComponent(id)}`, {
    type: "success",
    key: "campaigns:toast.updated",
    values: { name: submission.value.name },
  });
}

export default function EditCampaignPage() {
  const { t } = useTranslation("campaigns");
  const { campaign, editable, defaults, options, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/campaigns/${encodeURIComponent(campaign.id)}`;
  return (
    <div className="space-y-6">
      <PageHeader title={t("edit.title", { name: campaign.name })} back={<BackLink to={back}>{t("edit.back")}</BackLink>} />
      {editable ? (
        <CampaignForm
          id="campaign-edit"
          path={`${back}/edit`}
          defaults={defaults}
          options={options}
          timeZone={timeZone}
          lastResult={actionData?.result}
          submitLabel={t("edit.submit")}
          cancelHref={back}
        />
      ) : (
        <Panel className={formWidthClass}>
          <div className="space-y-4">
            <Notice tone="warning">{t("refusals.edit")}</Notice>
            <Link to={back} className={buttonClass("secondary")}>
              {t("edit.back")}
            </Link>
          </div>
        </Panel>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
