import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { AgentEditorHeader } from "~/features/agents/editor/agent-editor";
import { AgentTabForm } from "~/features/agents/editor/agent-tab-forms";
import { AgentTestChat } from "~/features/agents/editor/agent-test-chat";
import { AgentVersions } from "~/features/agents/editor/agent-versions";
import { loadAgentEditor, submitAgentEditor } from "~/features/agents/editor/editor.server";
import { agentEditorHref } from "~/features/agents/editor-params";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent?id=<agent>&tab=<view>[&create=true]: one agent's editor (docs/product/agents.md#editor). */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "ai-agent");
  const editor = await loadAgentEditor(request, gate);
  const t = await getTranslator(request, "agents");
  return { title: t("editor.title", { name: editor.agent.name }), ...editor };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  return submitAgentEditor(request, await requireActionAccess(request, "update", "ai-agent"));
}

export default function AgentEditorPage() {
  const { t } = useTranslation("agents");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { agent, params, tab } = data;
  const save = actionData && "save" in actionData ? actionData.save : null;
  const publish = actionData && "publish" in actionData ? actionData.publish : null;
  const test = actionData && "test" in actionData ? actionData.test : null;
  return (
    <div className="space-y-4">
      <PageHeader
        title={params.create ? t("editor.createTitle", { name: agent.name }) : t("editor.title", { name: agent.name })}
        back={
          <Link to="/ai-agent-manager" className="underline">
            {t("backToList")}
          </Link>
        }
      />
      <AgentEditorHeader
        data={{
          agent,
          view: params.view,
          create: params.create,
          canUpdate: data.canUpdate,
          publishProblems: publish && "problems" in publish ? publish.problems : data.publishProblems,
          refused: publish && "refused" in publish ? publish.refused : null,
          timeZone: data.timeZone,
        }}
      />
      {tab ? (
        <AgentTabForm
          key={`${tab.name}-${JSON.stringify(tab.defaults)}`}
          data={tab}
          lastResult={save && save.tab === tab.name ? save.result : undefined}
          creating={params.create}
          readOnly={!data.canUpdate || agent.status === "disabled"}
        />
      ) : null}
      {data.versions ? <AgentVersions agentId={agent.id} data={data.versions} timeZone={data.timeZone} canUpdate={data.canUpdate} /> : null}
      {data.test ? (
        <div className="space-y-2">
          <AgentTestChat
            configured={data.test.configured}
            opening={data.test.opening}
            turns={test?.turns ?? null}
            problem={test?.problem ?? null}
            lastResult={test?.result}
            constraint={data.test.constraint}
          />
          <Link to={agentEditorHref({ id: agent.id, view: "test" })} className="text-sm underline">
            {t("test.restart")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
