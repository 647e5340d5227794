import { parseWithZod, getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { baseUrlProblem } from "~/features/integrations/base-url.server";
import { ConnectionForm } from "~/features/integrations/hub/connection-form";
import { connectSchema, settingField } from "~/features/integrations/integration-schemas";
import { defaultSettingValue, settingNames } from "~/features/integrations/templates/integration-template";
import { createIntegration, DuplicateIntegration, listIntegrations } from "~/features/integrations/integrations.server";
import { integrationPaths } from "~/features/integrations/hub/paths";
import { getTemplate } from "~/features/integrations/templates/templates.server";
import { organizationPaths } from "~/features/organizations/paths";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { templateTexts } from "~/features/integrations/templates/template-texts";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { isUsingOutbox } from "~/lib/email/mailer.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { badRequest, forbidden, notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["integrations"] };

function requireTemplate(templateId: string | undefined) {
  const template = templateId ? getTemplate(templateId) : undefined;
  if (!template) notFound("Template not found");
  return template;
}

/** /integrations-hub/connect/<template>: a template connected for the selected organization. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  if (!can(gate.user.permissions, "integrations-hub", "create")) throw await forbidden(request);
  const template = requireTemplate(params.templateId);
  const t = await getTranslator(request, "integrations");
  const organization = gate.selection.organization;
  const existing = organization
    ? (await listIntegrations(gate.tenant.id, organization.id)).find((integration) => integration.crm_name === template.crm)
    : undefined;
  const names = settingNames(template);
  return {
    title: t("connect.title", { crm: template.crm }),
    organization,
    existingHref: existing ? integrationPaths.page(existing.id) : null,
    template: {
      id: template.id,
      crm: template.crm,
      logo: template.logo,
      description: templateTexts(template, await getLanguage(request)).description,
      authType: template.auth.type,
      authHeader: template.auth.header,
      baseUrl: template.baseUrl,
      setupGuideUrl: template.setupGuideUrl,
      sandboxAvailable: template.sandboxAvailable,
    },
    settings: names.map((name) => ({ name, value: defaultSettingValue(template, name) })),
    defaults: {
      crmName: template.crm,
      baseUrl: template.baseUrl,
      leadEmail: template.email ?? "",
      sendLeadOnEmail: template.send_lead_on_email,
      sendLeadOnCrmOnly: template.send_lead_on_crm_only,
    },
    constraint: getZodConstraint(connectSchema(names)),
    usingOutbox: isUsingOutbox(),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  if (!can(gate.user.permissions, "integrations-hub", "create")) throw await forbidden(request);
  const template = requireTemplate(params.templateId);
  const organization = gate.selection.organization;
  if (!organization) badRequest("No organization selected");
  const names = settingNames(template);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: connectSchema(names) });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["secret"] }) }, { status: 400 });
  const value = submission.value;
  const urlProblem = baseUrlProblem(value.baseUrl);
  if (urlProblem) return data({ result: submission.reply({ fieldErrors: { baseUrl: [urlProblem] }, hideFields: ["secret"] }) }, { status: 400 });
  const settings = Object.fromEntries(names.map((name) => [name, String((value as Record<string, unknown>)[settingField(name)] ?? "")]));
  let id: string;
  try {
    id = await createIntegration(gate.tenant.id, organization.id, template, {
      baseUrl: value.baseUrl,
      secret: value.secret,
      settings,
      crmName: value.crmName,
      leadEmail: value.leadEmail || null,
      sendLeadOnEmail: Boolean(value.sendLeadOnEmail),
      sendLeadOnCrmOnly: Boolean(value.sendLeadOnCrmOnly),
    });
  } catch (error) {
    if (!(error instanceof DuplicateIntegration)) throw error;
    return data({ result: submission.reply({ fieldErrors: { crmName: ["validation.duplicate"] }, hideFields: ["secret"] }) }, { status: 400 });
  }
  return redirectWithToast(integrationPaths.page(id), { type: "success", key: "integrations:toast.created", values: { crm: value.crmName || template.crm } });
}

export default function ConnectTemplatePage() {
  const { t } = useTranslation("integrations");
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={loaded.title}
        description={loaded.organization ? t("connect.intro", { organization: loaded.organization.name }) : undefined}
        back={
          <Link to={integrationPaths.hub} className="text-primary-dark underline dark:text-primary">
            {t("connect.back")}
          </Link>
        }
      />
      {!loaded.organization ? (
        <EmptyState
          title={t("noOrganization")}
          action={
            <Link to={organizationPaths.create} className={buttonClass("primary", undefined, "sm")}>
              {t("createOrganization")}
            </Link>
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Panel title={t("connect.formTitle")}>
            {loaded.existingHref ? (
              <div className="mb-4">
                <Notice tone="warning">
                  {t("connect.alreadyConnected", { crm: loaded.template.crm })}{" "}
                  <Link to={loaded.existingHref} className="font-medium underline">
                    {t("connect.openExisting")}
                  </Link>
                </Notice>
              </div>
            ) : null}
            <ConnectionForm
              intent="connect"
              authType={loaded.template.authType}
              authHeader={loaded.template.authHeader}
              settings={loaded.settings}
              defaults={loaded.defaults}
              reply={reply?.result}
              constraint={loaded.constraint}
              usingOutbox={loaded.usingOutbox}
            />
          </Panel>
          <Panel title={loaded.template.crm}>
            <div className="space-y-3 text-sm">
              <img src={loaded.template.logo} alt="" width={48} height={48} className="h-12 w-12 rounded" />
              <p className="text-slate-700 dark:text-slate-200">{loaded.template.description}</p>
              <p className="text-slate-600 dark:text-slate-300">{t("connect.afterwards")}</p>
              {loaded.template.setupGuideUrl ? (
                <a href={loaded.template.setupGuideUrl} rel="noopener noreferrer" target="_blank" className="text-primary-dark underline dark:text-primary">
                  {t("library.setupGuide")}
                </a>
              ) : null}
            </div>
          </Panel>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
