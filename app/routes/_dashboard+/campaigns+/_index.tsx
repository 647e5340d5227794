import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { listCampaigns } from "~/features/campaigns/campaigns.server";
import { CampaignsList } from "~/features/campaigns/list/campaigns-list";
import { parseCampaignListParams } from "~/features/campaigns/list/list-params";
import { activeVoicePlatformName } from "~/features/voice-platform/voice-platform.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["campaigns"] };

/** /campaigns: the tenant's campaigns, filtered, sorted and paged through the URL (features/campaigns/list/list-params.ts). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "campaigns");
  const t = await getTranslator(request, "campaigns");
  const params = parseCampaignListParams(new URL(request.url).searchParams);
  return {
    title: t("title"),
    list: await listCampaigns(tenant.id, params),
    timeZone: tenant.timeZone,
    permissions: {
      canCreate: can(user.permissions, "campaigns", "create"),
      canUpdate: can(user.permissions, "campaigns", "update"),
      canDelete: can(user.permissions, "campaigns", "delete"),
    },
    platformConfigured: (await activeVoicePlatformName(tenant.id)) !== "logging",
  };
}

export const meta = titleFromLoader;

export default function CampaignsPage() {
  const { t } = useTranslation("campaigns");
  const { list, timeZone, permissions, platformConfigured } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          permissions.canCreate ? (
            <Link to="/campaigns/new" className={buttonClass("primary")} data-tour="campaigns-new">
              {t("newCampaign")}
            </Link>
          ) : null
        }
      />
      {platformConfigured ? null : <Notice>{t("platform.notConfigured")}</Notice>}
      <div data-tour="campaigns-list">
        <CampaignsList data={list} timeZone={timeZone} permissions={permissions} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
