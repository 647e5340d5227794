import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Tabs } from "~/components/ui/tabs";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { submitTemplateForm, templateFormConstraint } from "~/features/post-call/template-action.server";
import { TemplateForm } from "~/features/post-call/template-form";
import { assignmentSchema, formValuesOf, rerunSchema } from "~/features/post-call/template-schema";
import {
  AssignmentsForm,
  DefinitionView,
  RerunForm,
  TEMPLATE_TABS,
  VersionsTable,
  templateTabHref,
  type TemplateTab,
} from "~/features/post-call/template-tabs";
import { listReruns, startRerun } from "~/features/post-call/reruns.server";
import {
  assignmentChoices,
  callFilterChoices,
  findTemplate,
  listTemplates,
  listVersions,
  makeDefault,
  setAssignments,
} from "~/features/post-call/templates.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { can } from "~/features/roles/permissions";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { oneOf } from "~/lib/url-params/url-params";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["post-call"] };

const tabParam = oneOf(TEMPLATE_TABS, "fields");

/**
 * /templates/<id>?tab=fields|assignments|versions|rerun[&version=N]: one
 * template. The editor saves a new version when the definition changed;
 * the other tabs say which campaigns, agents and numbers use it, show its
 * versions, and re-run it on past calls.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "templates");
  const template = await findTemplate(tenant.id, params.id ?? "");
  if (!template) notFound();
  const t = await getTranslator(request, "post-call");
  const search = new URL(request.url).searchParams;
  const tab: TemplateTab = tabParam.parse(search.get("tab"));
  const base = {
    title: t("detail.title", { name: template.name }),
    template: { id: template.id, name: template.name, version: template.version, isDefault: template.isDefault },
    tab,
    timeZone: tenant.timeZone,
    canUpdate: can(user.permissions, "templates", "update"),
    canDelete: can(user.permissions, "templates", "delete"),
  };
  switch (tab) {
    case "fields":
      return {
        ...base,
        view: {
          tab,
          defaultValue: formValuesOf(template.name, template.definition),
          savedFields: template.definition.fields.map(({ key, name, type }) => ({ key, name, type })),
          constraint: templateFormConstraint(),
        },
      } as const;
    case "assignments": {
      const [choices, templates] = await Promise.all([assignmentChoices(tenant.id), listTemplates(tenant.id)]);
      const nameOf = (id: string | null) => (id && id !== template.id ? (templates.find((other) => other.id === id)?.name ?? null) : null);
      return {
        ...base,
        view: {
          tab,
          groups: [
            {
              kind: "campaign" as const,
              targets: choices.campaigns.map((c) => ({ id: c.id, label: c.name, otherTemplate: nameOf(c.templateId), checked: c.templateId === template.id })),
            },
            {
              kind: "agent" as const,
              targets: choices.agents.map((a) => ({ id: a.id, label: a.name, otherTemplate: nameOf(a.templateId), checked: a.templateId === template.id })),
            },
            {
              kind: "number" as const,
              targets: choices.numbers.map((n) => ({
                id: n.id,
                label: n.label ? `${n.label} (${formatPhoneForDisplay(n.e164, tenant.country)})` : formatPhoneForDisplay(n.e164, tenant.country),
                otherTemplate: nameOf(n.templateId),
                checked: n.templateId === template.id,
              })),
            },
          ],
        },
      } as const;
    }
    case "versions": {
      const versions = await listVersions(tenant.id, template.id);
      const wanted = Number(search.get("version"));
      const shown = versions.some((version) => version.version === wanted) ? wanted : template.version;
      const definition = shown === template.version ? template.definition : (await findTemplate(tenant.id, template.id, shown))!.definition;
      return { ...base, view: { tab, versions, shown, definition } } as const;
    }
    case "rerun": {
      const [choices, runs] = await Promise.all([callFilterChoices(tenant.id), listReruns(tenant.id, template.id)]);
      return { ...base, view: { tab, campaigns: choices.campaigns, agents: choices.agents, runs } } as const;
    }
  }
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "templates");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "save");
  const { tenant, user } = gate;
  const template = await findTemplate(tenant.id, params.id ?? "");
  if (!template) notFound();
  switch (intent) {
    case "make-default":
      await makeDefault(tenant.id, template.id);
      return redirectWithToast(`/templates/${template.id}`, { type: "success", key: "post-call:toast.madeDefault", values: { name: template.name } });
    case "assign": {
      const submission = parseWithZod(formData, { schema: assignmentSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      await setAssignments(tenant.id, template.id, submission.value);
      return redirectWithToast(templateTabHref(template.id, "assignments"), {
        type: "success",
        key: "post-call:toast.assigned",
        values: { name: template.name },
      });
    }
    case "rerun": {
      const submission = parseWithZod(formData, { schema: rerunSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      const started = await startRerun(tenant.id, template.id, user.id, submission.value);
      if (!started.ok && started.problem === "not-found") notFound();
      if (!started.ok) return data({ result: submission.reply({ formErrors: ["validation.noCallsToRerun"] }) }, { status: 400 });
      kickJobRunner();
      return redirectWithToast(`/templates/${template.id}/reruns/${started.rerunId}`, {
        type: "success",
        key: "post-call:toast.rerunStarted",
        values: { count: started.total },
      });
    }
    default:
      return submitTemplateForm(request, gate, { id: template.id, fields: template.definition.fields }, formData);
  }
}

export default function TemplatePage() {
  const { t } = useTranslation("post-call");
  const { template, tab, view, timeZone, canUpdate, canDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <div className="space-y-4">
      <PageHeader
        title={template.name}
        back={
          <Link to="/templates" className="underline">
            {t("backToList")}
          </Link>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge>{t("list.version", { version: template.version })}</Badge>
            {template.isDefault ? <Badge tone="accent">{t("list.default")}</Badge> : null}
          </span>
        }
        actions={
          <>
            <Link to={`/response?template=${template.id}`} className={buttonClass("secondary")}>
              {t("detail.responses")}
            </Link>
            {canUpdate && !template.isDefault ? (
              <Form method="post">
                <input type="hidden" name="intent" value="make-default" />
                <Button type="submit" variant="secondary">
                  {t("detail.makeDefault")}
                </Button>
              </Form>
            ) : null}
            {canDelete ? (
              <Link to={`/templates/${template.id}/delete`} className={buttonClass("danger")}>
                {t("detail.delete")}
              </Link>
            ) : null}
          </>
        }
      />
      <Tabs
        label={t("detail.tabsLabel")}
        active={tab}
        tabs={TEMPLATE_TABS.map((value) => ({ value, label: t(`detail.tabs.${value}`), to: templateTabHref(template.id, value) }))}
      />
      {view.tab === "fields" ? (
        <TemplateForm
          lastResult={lastResult}
          defaultValue={view.defaultValue}
          constraint={view.constraint}
          savedFields={view.savedFields}
          submitLabel={t("detail.save")}
          cancelHref="/templates"
          readOnly={!canUpdate}
        />
      ) : view.tab === "assignments" ? (
        <AssignmentsForm groups={view.groups} canUpdate={canUpdate} lastResult={lastResult} />
      ) : view.tab === "versions" ? (
        <div className="space-y-4">
          <VersionsTable templateId={template.id} versions={view.versions} shown={view.shown} timeZone={timeZone} />
          <h2 className="text-base font-semibold">{t("versions.showing", { version: view.shown })}</h2>
          <DefinitionView definition={view.definition} />
        </div>
      ) : (
        <RerunForm
          templateId={template.id}
          version={template.version}
          campaigns={view.campaigns}
          agents={view.agents}
          runs={view.runs}
          canUpdate={canUpdate}
          lastResult={lastResult}
          timeZone={timeZone}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
