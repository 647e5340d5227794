import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackLink } from "~/features/campaigns/back-link";
import { DeleteCampaignForm } from "~/features/campaigns/list/delete-campaign";
import { isAllowed } from "~/features/campaigns/campaign-rules";
import { findCampaign } from "~/features/campaigns/campaigns.server";
import { deleteCampaign } from "~/features/campaigns/lifecycle.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { backToConfirmation, FAILED, orFailed } from "~/lib/http/operation-failure";
import { notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["campaigns"] };

/**
 * Deleting a campaign: GET is the confirmation page (so it works without
 * JavaScript), POST deletes it with its runs and activity. The campaign page
 * opens the same form in a dialog once scripts run.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "campaigns");
  const campaign = await findCampaign(tenant.id, params.id ?? "");
  if (!campaign) notFound();
  const t = await getTranslator(request, "campaigns");
  return { title: t("delete.title"), campaign: { id: campaign.id, name: campaign.name }, allowed: isAllowed("delete", campaign.status) };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "campaigns");
  const id = params.id ?? "";
  const campaign = await findCampaign(tenant.id, id);
  if (!campaign) notFound();
  const result = await orFailed("Deleting a campaign", () => deleteCampaign(id, { tenantId: tenant.id }));
  if (result === FAILED) return redirectWithToast(backToConfirmation(request), { type: "error", key: "campaigns:failures.deleteFailed" });
  if (!result.ok) {
    if (result.refusal === "not-found") notFound();
    return data({ refusal: "delete" }, { status: 409 });
  }
  return redirectWithToast("/campaigns", { type: "success", key: "campaigns:toast.deleted", values: { name: campaign.name } });
}

export default function DeleteCampaignPage() {
  const { t } = useTranslation("campaigns");
  const { campaign, allowed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refused = !allowed || actionData?.refusal;
  return (
    <div className="space-y-6">
      <PageHeader title={t("delete.title")} back={<BackLink to={`/campaigns/${encodeURIComponent(campaign.id)}`}>{t("edit.back")}</BackLink>} />
      <Panel className={formWidthClass}>
        {refused ? (
          <div className="space-y-4">
            <div role="alert">
              <Notice tone="warning">{t("refusals.delete")}</Notice>
            </div>
            <Link to={`/campaigns/${encodeURIComponent(campaign.id)}`} className={buttonClass("secondary")}>
              {t("edit.back")}
            </Link>
          </div>
        ) : (
          <DeleteCampaignForm campaign={campaign} />
        )}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
