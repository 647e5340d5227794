import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { DisableAgentForm } from "~/features/agents/admin/admin-views";
import { disableAgent, enableAgent, findAnyAgent } from "~/features/agents/admin/admin.server";
import { disableConstraint } from "~/features/agents/form-constraints.server";
import { disableSchema } from "~/features/agents/schemas";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent-management/<id> (super admin): disable an agent with a reason the tenant sees, or enable it again. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireReadAccess(request, "ai-agent-management");
  const agent = await findAnyAgent(params.id ?? "");
  if (!agent) notFound();
  const t = await getTranslator(request, "agents");
  const disabled = agent.disabled_at !== null;
  return {
    title: t(disabled ? "management.enableTitle" : "management.disableTitle", { name: agent.name }),
    name: agent.name,
    tenantName: agent.tenant_name,
    disabled,
    reason: agent.disabled_reason,
    constraint: disableConstraint,
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  await requireActionAccess(request, "update", "ai-agent-management");
  const agent = await findAnyAgent(params.id ?? "");
  if (!agent) notFound();
  const formData = await readFormData(request);
  if (formData.get("intent") === "enable") {
    await enableAgent(agent.id);
    return redirectWithToast("/ai-agent-management", { type: "success", key: "agents:toast.enabled", values: { name: agent.name } });
  }
  const submission = parseWithZod(formData, { schema: disableSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await disableAgent(agent.id, submission.value.reason);
  return redirectWithToast("/ai-agent-management", { type: "success", key: "agents:toast.disabled", values: { name: agent.name } });
}

export default function DisableAgentPage() {
  const { t } = useTranslation("agents");
  const { name, tenantName, disabled, reason, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t(disabled ? "management.enableTitle" : "management.disableTitle", { name })}
        description={t("management.of", { tenant: tenantName })}
        back={
          <Link to="/ai-agent-management" className="underline">
            {t("management.back")}
          </Link>
        }
      />
      {disabled ? <Notice tone="warning">{t("management.currentReason", { reason: reason ?? "" })}</Notice> : null}
      <Panel>
        <DisableAgentForm disabled={disabled} lastResult={actionData?.result} constraint={constraint} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
