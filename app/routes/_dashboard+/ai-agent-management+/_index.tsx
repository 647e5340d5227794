import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { ManagedAgentList } from "~/features/agents/admin/admin-views";
import { listAllAgents } from "~/features/agents/admin/admin.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent-management (super admin): every tenant's agents. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant } = await requireReadAccess(request, "ai-agent-management");
  const t = await getTranslator(request, "agents");
  return { title: t("management.title"), agents: await listAllAgents(), timeZone: tenant.timeZone };
}

export const meta = titleFromLoader;

export default function AgentManagementPage() {
  const { t } = useTranslation("agents");
  const { agents, timeZone } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t("management.title")} description={t("management.intro")} />
      <ManagedAgentList agents={agents} timeZone={timeZone} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
