import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { AgentListView } from "~/features/agents/agent-list";
import { listAgents } from "~/features/agents/agents.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { can } from "~/features/roles/permissions";
import { activeVoicePlatformName } from "~/features/voice-platform/voice-platform.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent-manager: the tenant's agents, the plan's limit, and the ways to make a new one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant, subscription } = await requireReadAccess(request, "ai-agent-manager");
  const t = await getTranslator(request, "agents");
  const agents = await listAgents(tenant.id);
  return {
    title: t("list.title"),
    list: {
      items: agents.map((agent) => ({ ...agent, numbers: agent.numbers.map((n) => ({ id: n.id, display: formatPhoneForDisplay(n.e164, tenant.country) })) })),
      used: agents.length,
      limit: subscription?.agent_limit ?? 0,
      provider: await activeVoicePlatformName(tenant.id),
      timeZone: tenant.timeZone,
      canCreate: can(user.permissions, "create-agent", "create"),
      canDelete: can(user.permissions, "ai-agent-manager", "delete"),
    },
  };
}

export const meta = titleFromLoader;

export default function AgentManagerPage() {
  const { t } = useTranslation("agents");
  const { list } = useLoaderData<typeof loader>();
  const mayCreate = list.canCreate && list.used < list.limit;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("list.title")}
        description={t("list.intro")}
        actions={
          mayCreate ? (
            <span id="agent-create" className="flex flex-wrap gap-2">
              <Link to="/create-agent" className={buttonClass("primary")}>
                {t("list.createFromTemplate")}
              </Link>
              <Link to="/create-from-blank" className={buttonClass("secondary")}>
                {t("list.createFromBlank")}
              </Link>
            </span>
          ) : null
        }
      />
      <AgentListView data={list} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
