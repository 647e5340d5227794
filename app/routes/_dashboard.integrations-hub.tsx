import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Tabs } from "~/components/ui/tabs";
import { requireReadAccess } from "~/features/access/gate.server";
import { filterTemplates, HUB_CATEGORIES, HUB_TABS, hubHref, parseHubParams } from "~/features/integrations/hub-params";
import { TemplateLibrary } from "~/features/integrations/template-library";
import { getTemplates } from "~/features/integrations/templates.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["integrations"] };

/** /integrations-hub?tab=&view=&category=&q=: the CRM templates (library); connections and analytics come with the rest of issue 13. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireReadAccess(request, "integrations-hub");
  const t = await getTranslator(request, "integrations");
  const params = parseHubParams(new URL(request.url).searchParams);
  const templates = [...getTemplates()].sort((a, b) => b.popularity - a.popularity || a.crm.localeCompare(b.crm));
  const counts = Object.fromEntries(HUB_CATEGORIES.map((category) => [category, category === "all" ? templates.length : templates.filter((template) => template.category === category).length]));
  return {
    title: t("title"),
    params,
    counts,
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
    })),
  };
}

export const meta = titleFromLoader;

export default function IntegrationsHubPage() {
  const { t } = useTranslation("integrations");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title={data.title} description={t("intro")} />
      <Tabs label={t("tabsLabel")} active={data.params.tab} tabs={HUB_TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`), to: hubHref(data.params, { tab }) }))} />
      {data.params.tab === "library" ? (
        <TemplateLibrary params={data.params} templates={data.templates} counts={data.counts} />
      ) : (
        <EmptyState data-testid="not-available" title={t("comingNext.title")}>
          {t(`comingNext.${data.params.tab}`)}
        </EmptyState>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
