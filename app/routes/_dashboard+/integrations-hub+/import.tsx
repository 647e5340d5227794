import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { baseUrlProblem } from "~/features/integrations/base-url.server";
import { DuplicateIntegration } from "~/features/integrations/integrations.server";
import { integrationPaths } from "~/features/integrations/hub/paths";
import { applyImport, MAX_IMPORT_BYTES, planImport } from "~/features/integrations/transfer.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { FORM_LIMITS, MULTIPART_OVERHEAD_BYTES, readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["integrations"] };

/** /integrations-hub/import: an exported integration read, shown as what it would create or change (a dry run), then applied. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  if (!can(gate.user.permissions, "integrations-hub", "create")) throw await forbidden(request);
  const t = await getTranslator(request, "integrations");
  return { title: t("import.title"), organization: gate.selection.organization };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "integrations-hub");
  if (!can(gate.user.permissions, "integrations-hub", "create") || !can(gate.user.permissions, "integrations-hub", "update")) throw await forbidden(request);
  const organization = gate.selection.organization;
  if (!organization) badRequest("No organization selected");
  const formData = await readFormData(request, {
    maxBytes: FORM_LIMITS.maxBytes + MAX_IMPORT_BYTES + MULTIPART_OVERHEAD_BYTES,
    maxFileBytes: MAX_IMPORT_BYTES,
  });
  const file = formData.get("file");
  const uploaded = file instanceof File && file.size > 0 ? await file.text() : "";
  const text = uploaded || String(formData.get("json") ?? "").trim();
  const intent = formData.get("intent") === "apply" ? "apply" : "preview";
  if (!text) return data({ intent, json: "", error: "import.empty", plan: null }, { status: 400 });
  if (text.length > MAX_IMPORT_BYTES) return data({ intent, json: "", error: "import.tooLarge", plan: null }, { status: 400 });
  const plan = await planImport(gate.tenant.id, organization.id, text);
  if (!plan.ok) return data({ intent, json: text, error: "import.invalid", plan: { ok: false as const, problems: plan.problems } }, { status: 400 });
  const urlProblem =
    baseUrlProblem(plan.file.integration.baseUrl) ?? plan.file.integration.webhooks.map((webhook) => baseUrlProblem(webhook.url)).find(Boolean) ?? null;
  const shown = {
    ok: true as const,
    action: plan.action,
    crmName: plan.crmName,
    changes: plan.changes,
    needsSecret: plan.needsSecret,
    existingId: plan.existingId,
  };
  if (urlProblem) return data({ intent, json: text, error: urlProblem, plan: shown }, { status: 400 });
  if (intent === "preview") return data({ intent, json: text, error: null, plan: shown });
  const secret = String(formData.get("secret") ?? "").trim();
  if (plan.needsSecret && !secret) return data({ intent, json: text, error: null, secretError: "validation.secretRequired", plan: shown }, { status: 400 });
  if (secret && (secret.length < 8 || secret.length > 500))
    return data(
      { intent, json: text, error: null, secretError: secret.length < 8 ? "validation.secretTooShort" : "validation.secretTooLong", plan: shown },
      { status: 400 },
    );
  let id: string;
  try {
    id = await applyImport(gate.tenant.id, organization.id, plan, { secret: secret || null, actorUserId: gate.user.id });
  } catch (error) {
    if (!(error instanceof DuplicateIntegration)) throw error;
    return data({ intent, json: text, error: "validation.duplicate", plan: shown }, { status: 400 });
  }
  return redirectWithToast(integrationPaths.page(id), { type: "success", key: "integrations:toast.imported", values: { crm: plan.crmName } });
}

export default function ImportIntegrationPage() {
  const { t } = useTranslation("integrations");
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const previewing = useIsPending({ intent: "preview" });
  const applying = useIsPending({ intent: "apply" });
  const plan = reply?.plan;
  return (
    <div className="space-y-6">
      <PageHeader
        title={loaded.title}
        description={t("import.intro")}
        back={
          <Link to={integrationPaths.active} className="text-primary-dark underline dark:text-primary">
            {t("page.back")}
          </Link>
        }
      />
      {!loaded.organization ? (
        <EmptyState title={t("noOrganization")} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <Panel title={t("import.fileTitle")}>
            <Form method="post" encType="multipart/form-data" className="space-y-4">
              <FormErrors errors={reply?.error && !plan?.ok ? [reply.error] : undefined} namespace="integrations" />
              <div className="space-y-1">
                <label htmlFor="import-file" className="block text-sm font-medium">
                  {t("import.file")}
                </label>
                <input id="import-file" name="file" type="file" accept="application/json,.json" className="block w-full text-sm" />
              </div>
              <TextareaField
                label={t("import.orPaste")}
                namespace="integrations"
                textareaProps={{ id: "import-json", name: "json", rows: 10, defaultValue: reply?.json ?? "", className: "font-mono text-xs" }}
              />
              <Button type="submit" name="intent" value="preview" variant="secondary" disabled={previewing}>
                {t("import.preview")}
              </Button>
            </Form>
          </Panel>
          <Panel title={t("import.planTitle")}>
            {!plan ? (
              <p className="text-sm text-slate-500 dark:text-slate-400">{t("import.noPlan")}</p>
            ) : !plan.ok ? (
              <div className="space-y-2 text-sm" data-testid="import-problems">
                <Notice tone="warning">{t("import.invalid")}</Notice>
                <ul className="list-disc space-y-1 pl-5">
                  {plan.problems.map((problem) => (
                    <li key={`${problem.path}-${problem.message}`}>
                      <code className="break-all">{problem.path}</code>: {t(`import.problems.${problem.message}`, { defaultValue: problem.message })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <div className="space-y-4 text-sm" data-testid="import-plan" data-action={plan.action}>
                <p className="font-medium">
                  {plan.action === "create" ? t("import.willCreate", { crm: plan.crmName }) : t("import.willUpdate", { crm: plan.crmName })}
                </p>
                {plan.changes.length === 0 ? (
                  <p>{t("import.noChanges")}</p>
                ) : (
                  <ul className="space-y-1">
                    {plan.changes.map((change) => (
                      <li key={change.field} className="break-all">
                        <span className="font-medium">{t(`import.fields.${change.field}`, { defaultValue: change.field })}</span>:{" "}
                        {change.from !== undefined ? <span className="text-slate-500 line-through">{change.from.slice(0, 200)}</span> : null}{" "}
                        {change.to.slice(0, 200)}
                      </li>
                    ))}
                  </ul>
                )}
                {reply?.error ? <FormErrors errors={[reply.error]} namespace="integrations" /> : null}
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="json" value={reply?.json ?? ""} />
                  <TextField
                    label={plan.needsSecret ? t("import.secret") : t("import.secretOptional")}
                    errors={reply && "secretError" in reply && typeof reply.secretError === "string" ? [reply.secretError] : undefined}
                    namespace="integrations"
                    inputProps={{ id: "import-secret", name: "secret", type: "password", autoComplete: "off", required: plan.needsSecret }}
                  />
                  <Button type="submit" name="intent" value="apply" disabled={applying}>
                    {plan.action === "create" ? t("import.applyCreate") : t("import.applyUpdate")}
                  </Button>
                </Form>
              </div>
            )}
          </Panel>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
