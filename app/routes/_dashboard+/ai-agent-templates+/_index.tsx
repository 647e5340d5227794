import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { TemplateList } from "~/features/agents/admin/admin-views";
import { listAllTemplates } from "~/features/agents/admin/templates.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent-templates (super admin): the global templates tenants start agents from. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant } = await requireReadAccess(request, "ai-agent-templates");
  const t = await getTranslator(request, "agents");
  return { title: t("templates.title"), templates: await listAllTemplates(), timeZone: tenant.timeZone };
}

export const meta = titleFromLoader;

export default function AgentTemplatesPage() {
  const { t } = useTranslation("agents");
  const { templates, timeZone } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("templates.title")}
        description={t("templates.intro")}
        actions={
          <Link to="/ai-agent-templates/new" className={buttonClass("primary")}>
            {t("templates.create")}
          </Link>
        }
      />
      <TemplateList templates={templates} timeZone={timeZone} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
