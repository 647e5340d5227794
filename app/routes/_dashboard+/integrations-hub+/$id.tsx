import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { requireReadAccess } from "~/features/access/gate.server";
import { ConnectionForm } from "~/features/integrations/hub/connection-form";
import { EndpointsPanel, ExecutePanel } from "~/features/integrations/hub/endpoints-panel";
import { handleIntegrationAction } from "~/features/integrations/integration-actions.server";
import { requireIntegrationAccess } from "~/features/integrations/integration-access.server";
import { ConnectionPanel, DeleteForm, StatisticsPanel, TestPanel, ToggleForm } from "~/features/integrations/hub/integration-overview";
import {
  editFormData,
  endpointRows,
  executeDraft,
  integrationSummary,
  mappingEditorData,
  parseIntegrationTab,
  parseMappingKind,
  webhookRows,
} from "~/features/integrations/hub/integration-page.server";
import { MappingEditor } from "~/features/integrations/mapping/mapping-editor";
import { INTEGRATION_TABS, integrationPaths } from "~/features/integrations/hub/paths";
import { WebhooksPanel } from "~/features/integrations/hub/webhooks-panel";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["integrations"] };

/** /integrations-hub/<id>?tab=overview|mappings|endpoints|webhooks: one connection to a CRM. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  const { integration, can } = await requireIntegrationAccess(request, gate, params.id ?? "", "read");
  const t = await getTranslator(request, "integrations");
  const search = new URL(request.url).searchParams;
  const tab = parseIntegrationTab(search);
  const canUpdate = can("update");
  const canDelete = can("delete");
  const summary = await integrationSummary(integration);
  const confirm = search.get("confirm");
  const run = tab === "endpoints" ? search.get("run") : null;
  const webhooks = tab === "webhooks" ? await webhookRows(integration) : [];
  return {
    title: t("page.title", { crm: integration.crm_name }),
    tab,
    summary,
    timeZone: gate.tenant.timeZone,
    canUpdate,
    canDelete,
    confirming: tab === "overview" && ((confirm === "toggle" && canUpdate) || (confirm === "delete" && canDelete)) ? confirm : null,
    edit: tab === "overview" && canUpdate ? editFormData(integration) : null,
    mapping: tab === "mappings" ? await mappingEditorData(integration, parseMappingKind(search), gate, canUpdate) : null,
    endpoints: tab === "endpoints" ? endpointRows(integration) : [],
    draft: run ? await executeDraft(integration, run, gate) : null,
    webhooks,
    confirmingWebhook: tab === "webhooks" && canUpdate ? (webhooks.find((webhook) => webhook.id === search.get("remove")) ?? null) : null,
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  return handleIntegrationAction(request, gate, params.id ?? "");
}

type Reply = {
  intent: string;
  result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null; status?: "error" | "success" };
  mapping?: {
    kind: "contact" | "appointment";
    rows: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["mapping"]>["rows"];
    errors: Record<number, Record<string, string>>;
    preview: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["mapping"]>["preview"];
    sampleLabel: string | null;
  };
  execute?: Parameters<typeof ExecutePanel>[0]["result"];
  created?: { url: string; secret: string };
};

export default function IntegrationPage() {
  const { t } = useTranslation("integrations");
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const { summary } = loaded;
  const mapping =
    loaded.mapping && reply?.mapping && reply.mapping.kind === loaded.mapping.kind ? { ...loaded.mapping, ...reply.mapping, unsaved: true } : loaded.mapping;
  return (
    <div className="space-y-6">
      <PageHeader
        title={loaded.title}
        description={t("page.intro", { organization: summary.organizationName })}
        back={
          <Link to={integrationPaths.active} className="text-primary-dark underline dark:text-primary">
            {t("page.back")}
          </Link>
        }
      />
      <Tabs
        label={t("page.tabsLabel")}
        active={loaded.tab}
        tabs={INTEGRATION_TABS.map((tab) => ({ value: tab, label: t(`page.tabs.${tab}`), to: integrationPaths.page(summary.id, tab) }))}
      />
      {loaded.tab === "overview" ? (
        <>
          {loaded.confirming === "toggle" ? (
            <Panel title={t(`toggle.title.${summary.status === "enabled" ? "disabled" : "enabled"}`)}>
              <ToggleForm summary={summary} />
            </Panel>
          ) : loaded.confirming === "delete" ? (
            <Panel title={t("delete.title")}>
              <DeleteForm summary={summary} />
            </Panel>
          ) : null}
          <div className="grid gap-6 xl:grid-cols-2">
            <ConnectionPanel summary={summary} timeZone={loaded.timeZone} canUpdate={loaded.canUpdate} canDelete={loaded.canDelete} />
            <TestPanel summary={summary} timeZone={loaded.timeZone} canUpdate={loaded.canUpdate} />
          </div>
          <StatisticsPanel summary={summary} />
          {loaded.edit ? (
            <Panel title={t("overview.edit")}>
              <ConnectionForm
                intent="edit"
                authType={loaded.edit.authType}
                authHeader={loaded.edit.authHeader}
                settings={loaded.edit.settings}
                defaults={loaded.edit.defaults}
                secretLast4={summary.secretLast4}
                reply={reply?.intent === "edit" ? reply.result : undefined}
                constraint={loaded.edit.constraint}
                usingOutbox={loaded.edit.usingOutbox}
              />
            </Panel>
          ) : null}
        </>
      ) : null}
      {loaded.tab === "mappings" && mapping ? <MappingEditor data={mapping} /> : null}
      {loaded.tab === "endpoints" ? (
        <>
          {loaded.draft ? (
            <ExecutePanel
              integrationId={summary.id}
              draft={loaded.draft}
              result={reply?.intent === "execute" ? (reply.execute ?? null) : null}
              errors={reply?.intent === "execute" ? reply.result?.error : undefined}
              canUpdate={loaded.canUpdate}
            />
          ) : null}
          <EndpointsPanel integrationId={summary.id} endpoints={loaded.endpoints} canUpdate={loaded.canUpdate} />
        </>
      ) : null}
      {loaded.tab === "webhooks" ? (
        <WebhooksPanel
          integrationId={summary.id}
          webhooks={loaded.webhooks}
          timeZone={loaded.timeZone}
          created={reply?.intent === "add-webhook" ? (reply.created ?? null) : null}
          errors={reply?.intent === "add-webhook" ? reply.result?.error : undefined}
          canUpdate={loaded.canUpdate}
          confirmingDelete={loaded.confirmingWebhook}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
