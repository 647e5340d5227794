import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { TEMPLATE_STATUS_TONES, TemplateCardForm } from "~/features/agents/admin/admin-views";
import { AgentTabForm } from "~/features/agents/editor/agent-tab-forms";
import { loadTemplateEditor, submitTemplateEditor, templateHref } from "~/features/agents/admin/template-editor.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["agents"] };

/** /ai-agent-templates/<id>?tab=card|general|…|privacy (super admin): one template's card and configuration. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "ai-agent-templates");
  const editor = await loadTemplateEditor(request, params.id ?? "", gate);
  const t = await getTranslator(request, "agents");
  return {
    title: t("templates.editTitle", { name: editor.template.name }),
    ...editor,
    hrefs: Object.fromEntries(["card", ...editor.tabs].map((tab) => [tab, templateHref(editor.template.id, tab as "card")])),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "ai-agent-templates");
  return submitTemplateEditor(request, params.id ?? "", gate);
}

export default function TemplateEditorPage() {
  const { t } = useTranslation("agents");
  const { template, view, cardConstraint, tab, tabs, hrefs, problems } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shownProblems = actionData?.publish ?? problems;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("templates.editTitle", { name: template.name })}
        back={
          <Link to="/ai-agent-templates" className="underline">
            {t("templates.back")}
          </Link>
        }
        actions={
          <Form method="post" className="flex flex-wrap items-center gap-2">
            <StatusBadge status={template.status} tones={TEMPLATE_STATUS_TONES} label={t(`templateStatus.${template.status}`)} />
            {template.status === "published" ? (
              <Button type="submit" name="intent" value="retire" variant="secondary">
                {t("templates.retire")}
              </Button>
            ) : (
              <Button type="submit" name="intent" value="publish">
                {t("templates.publish")}
              </Button>
            )}
          </Form>
        }
      />
      {shownProblems.length > 0 ? (
        <div className="text-sm" data-testid="publish-problems">
          <p className="font-medium">{t("editor.problemsTitle")}</p>
          <ul className="list-disc pl-5">
            {shownProblems.map((problem) => (
              <li key={problem.key}>{t(problem.key)}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Tabs
        label={t("editor.tabsLabel")}
        active={view}
        tabs={["card", ...tabs].map((value) => ({ value, label: t(`templates.tabs.${value}`, { defaultValue: "" }) || t(`tabs.${value}`), to: hrefs[value]! }))}
      />
      {tab ? (
        <AgentTabForm
          key={`${tab.name}-${JSON.stringify(tab.defaults)}`}
          data={tab}
          lastResult={actionData?.save?.tab === tab.name ? actionData.save.result : undefined}
          creating={false}
          readOnly={false}
          forTemplate
        />
      ) : (
        <Panel>
          <TemplateCardForm
            lastResult={actionData?.card ?? undefined}
            constraint={cardConstraint}
            defaults={{ name: template.name, description: template.description, language: template.language }}
            intent="card"
            submitLabel={t("editor.save")}
          />
        </Panel>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
