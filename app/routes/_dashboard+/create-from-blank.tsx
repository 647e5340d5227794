import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { countAgents } from "~/features/agents/agents.server";
import { NewAgentForm } from "~/features/agents/create-agent-forms";
import { submitNewAgent } from "~/features/agents/create-action.server";
import { newAgentFormConstraint } from "~/features/agents/form-constraints.server";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /create-from-blank: a new agent from nothing; the editor's tabs follow. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant, subscription } = await requireReadAccess(request, "create-from-blank");
  const t = await getTranslator(request, "agents");
  const limit = subscription?.agent_limit ?? 0;
  return {
    title: t("create.blankTitle"),
    atLimit: (await countAgents(tenant.id)) >= limit,
    limit,
    constraint: newAgentFormConstraint,
    defaults: { name: "", language: await getLanguage(request) },
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  return submitNewAgent(request, await requireActionAccess(request, "create", "create-from-blank"));
}

export default function CreateFromBlankPage() {
  const { t } = useTranslation("agents");
  const { atLimit, limit, constraint, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("create.blankTitle")}
        description={t("create.blankIntro")}
        back={
          <Link to="/ai-agent-manager" className="underline">
            {t("backToList")}
          </Link>
        }
      />
      {atLimit ? <Notice tone="warning">{t("list.limitReached", { limit })}</Notice> : null}
      <NewAgentForm lastResult={actionData?.result} constraint={constraint} defaults={defaults} cancelHref="/ai-agent-manager" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
