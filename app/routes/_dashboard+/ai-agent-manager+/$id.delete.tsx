import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmForm, DeleteSummary } from "~/components/ui/confirm-action";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { deleteAgent, findAgent, listAgents } from "~/features/agents/agents.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["agents"] };

/** Deleting an agent: GET confirms (saying which numbers and campaigns lose it), POST deletes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "ai-agent-manager");
  const agent = (await listAgents(tenant.id)).find((candidate) => candidate.id === params.id);
  if (!agent) notFound();
  const t = await getTranslator(request, "agents");
  return { title: t("delete.title", { name: agent.name }), name: agent.name, numbers: agent.numbers.length, campaigns: agent.campaigns.length };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "ai-agent-manager");
  const agent = await findAgent(tenant.id, params.id ?? "");
  if (!agent) notFound();
  await deleteAgent(tenant.id, agent.id);
  return redirectWithToast("/ai-agent-manager", { type: "success", key: "agents:toast.deleted", values: { name: agent.name } });
}

export default function DeleteAgentPage() {
  const { t } = useTranslation("agents");
  const { name, numbers, campaigns } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  return (
    <div className={`space-y-4 ${formWidthClass}`}>
      <PageHeader title={t("delete.title", { name })} />
      <Panel>
        <ConfirmForm confirmLabel={t("delete.confirm")} busyLabel={t("delete.deleting")} cancelHref="/ai-agent-manager" submitting={busy}>
          <DeleteSummary>{t("delete.body", { name })}</DeleteSummary>
          {numbers + campaigns > 0 ? <p className="text-sm">{t("delete.inUse", { numbers, campaigns })}</p> : null}
        </ConfirmForm>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
