import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { countAgents } from "~/features/agents/agents.server";
import { NewAgentForm, TemplateGallery } from "~/features/agents/create-agent-forms";
import { submitNewAgent } from "~/features/agents/create-action.server";
import { newAgentFormConstraint } from "~/features/agents/form-constraints.server";
import { listPublishedTemplates } from "~/features/agents/admin/templates.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/**
 * /create-agent: the published templates; ?template=<id> is the chosen one's
 * form (its name and language, changeable), which creates the draft and opens
 * the editor. A template that is gone or retired shows the gallery again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant, subscription } = await requireReadAccess(request, "create-agent");
  const t = await getTranslator(request, "agents");
  const templates = await listPublishedTemplates();
  const chosenId = new URL(request.url).searchParams.get("template");
  const chosen = templates.find((template) => template.id === chosenId) ?? null;
  const limit = subscription?.agent_limit ?? 0;
  return {
    title: chosen ? t("create.templateTitle", { name: chosen.name }) : t("create.galleryTitle"),
    templates: templates.map(({ id, name, description, language }) => ({ id, name, description, language })),
    chosen: chosen ? { id: chosen.id, name: chosen.name, description: chosen.description, language: chosen.language } : null,
    atLimit: (await countAgents(tenant.id)) >= limit,
    limit,
    constraint: newAgentFormConstraint,
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  return submitNewAgent(request, await requireActionAccess(request, "create", "create-agent"));
}

export default function CreateAgentPage() {
  const { t } = useTranslation("agents");
  const { templates, chosen, atLimit, limit, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={chosen ? t("create.templateTitle", { name: chosen.name }) : t("create.galleryTitle")}
        description={chosen ? chosen.description : t("create.galleryIntro")}
        back={
          <Link to={chosen ? "/create-agent" : "/ai-agent-manager"} className="underline">
            {chosen ? t("create.backToTemplates") : t("backToList")}
          </Link>
        }
        actions={
          chosen ? null : (
            <Link to="/create-from-blank" className="underline">
              {t("list.createFromBlank")}
            </Link>
          )
        }
      />
      {atLimit ? <Notice tone="warning">{t("list.limitReached", { limit })}</Notice> : null}
      {chosen ? (
        <Panel>
          <NewAgentForm
            lastResult={actionData?.result}
            constraint={constraint}
            defaults={{ name: chosen.name, language: chosen.language }}
            templateId={chosen.id}
            cancelHref="/create-agent"
          />
        </Panel>
      ) : (
        <TemplateGallery templates={templates} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
