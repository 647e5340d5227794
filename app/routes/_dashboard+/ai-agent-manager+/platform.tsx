import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { listAgents } from "~/features/agents/agents.server";
import { platformConnectConstraint } from "~/features/agents/form-constraints.server";
import { submitPlatformSettings } from "~/features/agents/platform-action.server";
import { PlatformSettings, type PlatformAgentRow } from "~/features/agents/platform-settings";
import { can } from "~/features/roles/permissions";
import { agentLinks, getProviderAccount } from "~/features/voice-platform/provider-accounts.server";
import { activeVoicePlatformName, isVoicePlatformConfigured } from "~/features/voice-platform/voice-platform.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent-manager/platform: the voice platform this tenant's agents run on (Vapi, Retell) or the server's default; docs/decisions/0030. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "ai-agent-manager");
  const t = await getTranslator(request, "agents");
  const [account, links, agents, active] = await Promise.all([
    getProviderAccount(tenant.id),
    agentLinks(tenant.id),
    listAgents(tenant.id),
    activeVoicePlatformName(tenant.id),
  ]);
  const rows: PlatformAgentRow[] = agents
    .filter((agent) => agent.publishedVersion !== null)
    .map((agent) => {
      const link = links.get(agent.id);
      return {
        id: agent.id,
        name: agent.name,
        publishedVersion: agent.publishedVersion ?? 0,
        pushedVersion: link?.pushed_version ?? null,
        status: link?.status ?? "never",
        error: link?.error ?? null,
      };
    });
  return {
    title: t("platform.title"),
    settings: {
      active,
      serverDefault: isVoicePlatformConfigured() ? ("http" as const) : ("logging" as const),
      account,
      agents: rows,
      timeZone: tenant.timeZone,
      canChange: can(user.permissions, "ai-agent-manager", "update"),
      constraint: platformConnectConstraint,
    },
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  return submitPlatformSettings(request, await requireActionAccess(request, "update", "ai-agent-manager"));
}

export default function PlatformPage() {
  const { t } = useTranslation("agents");
  const { settings } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("platform.title")}
        description={t("platform.intro")}
        back={
          <Link to="/ai-agent-manager" className="underline">
            {t("backToList")}
          </Link>
        }
      />
      <PlatformSettings data={settings} lastResult={actionData?.result} detail={actionData?.detail ?? null} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
