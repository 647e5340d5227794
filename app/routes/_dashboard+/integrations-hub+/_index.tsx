import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { can } from "~/features/roles/permissions";
import { ActiveIntegrations } from "~/features/integrations/hub/active-integrations";
import { hubAnalytics, queuedDeliveryCounts } from "~/features/integrations/hub/analytics.server";
import { successRate } from "~/features/integrations/delivery/delivery-policy";
import { HubAnalytics } from "~/features/integrations/hub/hub-analytics";
import { listIntegrations, templateOf, type Integration } from "~/features/integrations/integrations.server";
import { parseAnalyticsParams } from "~/features/integrations/delivery/log-params";
import { integrationPaths } from "~/features/integrations/hub/paths";
import { organizationPaths } from "~/features/organizations/paths";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Tabs } from "~/components/ui/tabs";
import { requireReadAccess } from "~/features/access/gate.server";
import { filterTemplates, HUB_CATEGORIES, HUB_TABS, hubHref, parseHubParams } from "~/features/integrations/hub/hub-params";
import { TemplateLibrary } from "~/features/integrations/templates/template-library";
import { getTemplates } from "~/features/integrations/templates/templates.server";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { templateTexts } from "~/features/integrations/templates/template-texts";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["integrations"] };

/**
 * /integrations-hub?tab=library|active|analytics: the templates (view,
 * category, q), the selected organization's connections, and their
 * analytics (crm, from, to).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  const t = await getTranslator(request, "integrations");
  const search = new URL(request.url).searchParams;
  const params = parseHubParams(search);
  const organization = gate.selection.organization;
  const integrations = organization ? await listIntegrations(gate.tenant.id, organization.id) : [];
  const connectedBy = new Map(integrations.map((integration) => [integration.template_id, integration.id]));
  const canCreate = can(gate.user.permissions, "integrations-hub", "create");
  const language = await getLanguage(request);
  // Searched and shown in the reader's language.
  const templates = [...getTemplates()]
    .map((template) => ({ ...template, ...templateTexts(template, language) }))
    .sort((a, b) => b.popularity - a.popularity || a.crm.localeCompare(b.crm));
  const counts = Object.fromEntries(
    HUB_CATEGORIES.map((category) => [category, category === "all" ? templates.length : templates.filter((template) => template.category === category).length]),
  );
  const queued =
    params.tab === "active" && integrations.length ? await queuedDeliveryCounts(integrations.map((integration) => integration.id)) : new Map<string, number>();
  return {
    title: t("title"),
    params,
    counts,
    organization,
    timeZone: gate.tenant.timeZone,
    canCreate,
    canUpdate: can(gate.user.permissions, "integrations-hub", "update"),
    active:
      params.tab === "active"
        ? integrations.map((integration) => ({
            id: integration.id,
            crmName: integration.crm_name,
            logo: logoOf(integration),
            status: integration.status,
            lastTestAt: integration.last_test_at,
            lastTestOk: integration.last_test_ok === null ? null : integration.last_test_ok === 1,
            recordsSynced: integration.records_synced,
            syncs: integration.syncs,
            successRate: successRate(integration.successful_syncs, integration.syncs),
            queued: queued.get(integration.id) ?? 0,
          }))
        : [],
    analytics:
      params.tab === "analytics"
        ? {
            crm: parseAnalyticsParams(search).crm,
            crmNames: integrations.map((integration) => integration.crm_name),
            ...(await hubAnalytics(gate.tenant.id, integrations, parseAnalyticsParams(search), gate.tenant.timeZone)),
          }
        : null,
    templates: filterTemplates(templates, params).map((template) => ({
      id: template.id,
      crm: template.crm,
      category: template.category,
      description: template.description,
      version: template.version,
      logo: template.logo,
      popularity: template.popularity,
      features: template.features,
      limitations: template.limitations,
      authType: template.auth.type,
      sandboxAvailable: template.sandboxAvailable,
      documentationUrl: template.documentationUrl,
      setupGuideUrl: template.setupGuideUrl,
      endpointCount: template.endpoints.length,
      connectHref: organization && canCreate && !connectedBy.has(template.id) ? integrationPaths.connect(template.id) : null,
      connectedHref: connectedBy.has(template.id) ? integrationPaths.page(connectedBy.get(template.id)!) : null,
    })),
  };
}

function logoOf(integration: Integration) {
  try {
    return templateOf(integration).logo;
  } catch {
    return "/integrations/custom.svg";
  }
}

export const meta = titleFromLoader;

export default function IntegrationsHubPage() {
  const { t } = useTranslation("integrations");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={data.title}
        description={t("intro")}
        actions={
          data.canCreate && data.organization ? (
            <Link to={integrationPaths.importPage} className={buttonClass("secondary", undefined, "sm")}>
              {t("active.import")}
            </Link>
          ) : undefined
        }
      />
      <Tabs
        label={t("tabsLabel")}
        active={data.params.tab}
        tabs={HUB_TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`), to: hubHref(data.params, { tab }) }))}
      />
      {data.params.tab !== "library" && !data.organization ? (
        <EmptyState
          title={t("noOrganization")}
          action={
            <Link to={organizationPaths.create} className={buttonClass("primary", undefined, "sm")}>
              {t("createOrganization")}
            </Link>
          }
        />
      ) : data.params.tab === "library" ? (
        <TemplateLibrary params={data.params} templates={data.templates} counts={data.counts} />
      ) : data.params.tab === "active" ? (
        <ActiveIntegrations rows={data.active} timeZone={data.timeZone} canUpdate={data.canUpdate} canCreate={data.canCreate} />
      ) : data.analytics ? (
        <HubAnalytics data={data.analytics} timeZone={data.timeZone} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
