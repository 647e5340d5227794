import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireActionAccess } from "~/features/access/gate.server";
import { TemplateCardForm } from "~/features/agents/admin/admin-views";
import { templateConstraint } from "~/features/agents/form-constraints.server";
import { submitNewTemplate } from "~/features/agents/admin/template-editor.server";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent-templates/new (super admin): a new draft template; its tabs follow. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireActionAccess(request, "create", "ai-agent-templates");
  const t = await getTranslator(request, "agents");
  return { title: t("templates.newTitle"), constraint: templateConstraint, language: await getLanguage(request) };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  await requireActionAccess(request, "create", "ai-agent-templates");
  return submitNewTemplate(request);
}

export default function NewTemplatePage() {
  const { t } = useTranslation("agents");
  const { constraint, language } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("templates.newTitle")}
        back={
          <Link to="/ai-agent-templates" className="underline">
            {t("templates.back")}
          </Link>
        }
      />
      <Panel>
        <TemplateCardForm
          lastResult={actionData?.result}
          constraint={constraint}
          defaults={{ name: "", description: "", language }}
          submitLabel={t("create.submit")}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
