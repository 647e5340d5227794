import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { Notice } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { listCampaigns } from "~/features/campaigns/campaigns.server";
import { CampaignsList } from "~/features/campaigns/campaigns-list";
import { parseCampaignListParams } from "~/features/campaigns/list-params";
import { isVoicePlatformConfigured } from "~/features/voice-platform/voice-platform.server";
import { getTranslator } from "~/i18n/i18next.server";

/** /campaigns: the tenant's campaigns, filtered, sorted and paged through the URL (features/campaigns/list-params.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request);
  const t = await getTranslator(request, "campaigns");
  const params = parseCampaignListParams(new URL(request.url).searchParams);
  return {
    title: t("title"),
    list: await listCampaigns(tenant.id, params),
    timeZone: tenant.timeZone,
    canCreate: can(user.permissions, "campaigns", "create"),
    platformConfigured: isVoicePlatformConfigured(),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

export default function CampaignsPage() {
  const { t } = useTranslation("campaigns");
  const { list, timeZone, canCreate, platformConfigured } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
        </div>
        {canCreate ? (
          <Link to="/campaigns/new" className={buttonClass("primary")}>
            {t("newCampaign")}
          </Link>
        ) : null}
      </div>
      {platformConfigured ? null : <Notice>{t("platform.notConfigured")}</Notice>}
      <CampaignsList data={list} timeZone={timeZone} canCreate={canCreate} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
