import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldErrors, FormErrors, inputClass, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { createCustomCrm } from "~/features/integrations/delivery/custom-crm.server";
import { CUSTOM_ENDPOINT_ROWS, CUSTOM_METHODS } from "~/features/integrations/templates/custom-template";
import { CustomCrmSchema } from "~/features/integrations/integration-schemas";
import { CUSTOM_TEMPLATE_ID, listIntegrations } from "~/features/integrations/integrations.server";
import { integrationPaths } from "~/features/integrations/hub/paths";
import { APPOINTMENT_FIELDS, CALL_FIELDS, CONTACT_FIELDS } from "~/features/integrations/mapping/source-fields";
import { organizationPaths } from "~/features/organizations/paths";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { plainFormProps, plainInputProps, plainSelectProps, plainTextareaProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";
import { badRequest, forbidden } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["integrations"] };

/** /crm: a custom CRM integration, defined in a form (its own template), for the selected organization. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "crm");
  const t = await getTranslator(request, "integrations");
  const organization = gate.selection.organization;
  const custom = organization
    ? (await listIntegrations(gate.tenant.id, organization.id)).filter((integration) => integration.template_id === CUSTOM_TEMPLATE_ID)
    : [];
  return {
    title: t("custom.title"),
    organization,
    canCreate: can(gate.user.permissions, "crm", "create"),
    custom: custom.map((integration) => ({ id: integration.id, name: integration.crm_name, status: integration.status })),
    constraint: getZodConstraint(CustomCrmSchema),
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "crm");
  if (!can(gate.user.permissions, "crm", "create") || !can(gate.user.permissions, "integrations-hub", "create")) throw await forbidden(request);
  const organization = gate.selection.organization;
  if (!organization) badRequest("No organization selected");
  return createCustomCrm(await readFormData(request), gate, organization.id);
}

const EXAMPLE_CONTACT = "firstName* = contact.firstName\nlastName = contact.lastName\nphone* = contact.phone\nemail = contact.email\nnotes = call.summary";

function CustomCrmForm({ reply, constraint }: { reply: PlainReply | undefined; constraint: ReturnType<typeof useLoaderData<typeof loader>>["constraint"] }) {
  const { t } = useTranslation("integrations");
  const [form, fields] = usePlainForm<Record<string, string>>({
    id: "custom-crm",
    lastResult: reply,
    constraint,
    defaultValue: {
      authType: "bearer",
      authHeader: "Authorization",
      "endpoints[0].method": "POST",
      "endpoints[0].kind": "contact",
      "endpoints[0].path": "/contacts",
      "endpoints[0].name": "createContact",
      "endpoints[0].sync": "on",
      contactTemplate: EXAMPLE_CONTACT,
    },
  });
  const busy = useIsPending({ intent: "create-custom" });
  const rowField = (index: number, name: string) => fields[`endpoints[${index}].${name}`]!;
  return (
    <Form method="post" className="space-y-5" {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="integrations" />
      <input type="hidden" name="intent" value="create-custom" />
      <TextField
        label={t("connection.name")}
        errors={fields.crmName!.errors}
        namespace="integrations"
        inputProps={plainInputProps(fields.crmName!, { type: "text" })}
      />
      <TextField
        label={t("connection.baseUrl")}
        hint={t("custom.baseUrlHint")}
        errors={fields.baseUrl!.errors}
        namespace="integrations"
        inputProps={{ ...plainInputProps(fields.baseUrl!, { type: "url" }), placeholder: "https://crm.example.com/api" }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("custom.authType")}
          errors={fields.authType!.errors}
          namespace="integrations"
          selectProps={plainSelectProps(fields.authType!)}
          options={[
            { value: "bearer", label: t("auth.bearer") },
            { value: "api_key", label: t("auth.api_key") },
          ]}
        />
        <TextField
          label={t("custom.authHeader")}
          hint={t("custom.authHeaderHint")}
          errors={fields.authHeader!.errors}
          namespace="integrations"
          inputProps={plainInputProps(fields.authHeader!, { type: "text" })}
        />
      </div>
      <TextField
        label={t("connection.apiKey")}
        hint={t("connection.secretHint", { header: "…" })}
        errors={fields.secret!.errors}
        namespace="integrations"
        inputProps={{ ...plainInputProps(fields.secret!, { type: "password" }), autoComplete: "off", defaultValue: undefined }}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{t("custom.endpoints")}</legend>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("custom.endpointsHint")}</p>
        <ol className="space-y-3">
          {Array.from({ length: CUSTOM_ENDPOINT_ROWS }, (_, index) => {
            const name = rowField(index, "name");
            const method = rowField(index, "method");
            const path = rowField(index, "path");
            const kind = rowField(index, "kind");
            const sync = rowField(index, "sync");
            return (
              <li
                key={index}
                className="grid gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_8rem_minmax(0,1.5fr)_10rem]"
                data-endpoint-row={index}
              >
                <div className="min-w-0 space-y-1">
                  <label htmlFor={name.id} className="block text-xs font-medium">
                    {t("custom.endpointName")}
                  </label>
                  <input {...plainInputProps(name, { type: "text" })} className={inputClass} placeholder="createContact" />
                  <FieldErrors id={name.errorId} errors={name.errors} t={t} />
                </div>
                <div className="min-w-0 space-y-1">
                  <label htmlFor={method.id} className="block text-xs font-medium">
                    {t("custom.method")}
                  </label>
                  <select {...plainSelectProps(method)} className={inputClass}>
                    <option value="">—</option>
                    {CUSTOM_METHODS.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </select>
                  <FieldErrors id={method.errorId} errors={method.errors} t={t} />
                </div>
                <div className="min-w-0 space-y-1">
                  <label htmlFor={path.id} className="block text-xs font-medium">
                    {t("custom.path")}
                  </label>
                  <input {...plainInputProps(path, { type: "text" })} className={`${inputClass} font-mono`} placeholder="/contacts/{id}" />
                  <FieldErrors id={path.errorId} errors={path.errors} t={t} />
                </div>
                <div className="min-w-0 space-y-1">
                  <label htmlFor={kind.id} className="block text-xs font-medium">
                    {t("custom.kind")}
                  </label>
                  <select {...plainSelectProps(kind)} className={inputClass}>
                    <option value="">—</option>
                    <option value="contact">{t("mapping.kinds.contact")}</option>
                    <option value="appointment">{t("mapping.kinds.appointment")}</option>
                  </select>
                  <FieldErrors id={kind.errorId} errors={kind.errors} t={t} />
                </div>
                <label className="flex items-center gap-2 text-sm sm:col-span-2 lg:col-span-4">
                  <input {...plainInputProps(sync, { type: "checkbox" })} className="h-4 w-4 shrink-0" />
                  {t("custom.sync")}
                </label>
              </li>
            );
          })}
        </ol>
      </fieldset>
      <TextareaField
        label={t("custom.contactTemplate")}
        hint={t("custom.templateHint")}
        errors={fields.contactTemplate!.errors}
        namespace="integrations"
        textareaProps={{ ...plainTextareaProps(fields.contactTemplate!), rows: 6, className: "font-mono text-xs" }}
      />
      <TextareaField
        label={t("custom.appointmentTemplate")}
        hint={t("custom.templateHint")}
        errors={fields.appointmentTemplate!.errors}
        namespace="integrations"
        textareaProps={{
          ...plainTextareaProps(fields.appointmentTemplate!),
          rows: 5,
          className: "font-mono text-xs",
          placeholder: "title* = appointment.title\nstart* = appointment.start",
        }}
      />
      <Button type="submit" disabled={busy}>
        {t("custom.create")}
      </Button>
    </Form>
  );
}

export default function CustomCrmPage() {
  const { t } = useTranslation("integrations");
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader title={loaded.title} description={t("custom.intro")} />
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
        <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Panel title={t("custom.formTitle")}>
            {loaded.canCreate ? <CustomCrmForm reply={reply?.result} constraint={loaded.constraint} /> : <p className="text-sm">{t("custom.askOwner")}</p>}
          </Panel>
          <div className="space-y-6">
            <Panel title={t("custom.existing")}>
              {loaded.custom.length === 0 ? (
                <p className="text-sm text-slate-500 dark:text-slate-400">{t("custom.none")}</p>
              ) : (
                <ul className="space-y-2 text-sm" data-testid="custom-integrations">
                  {loaded.custom.map((integration) => (
                    <li key={integration.id}>
                      <Link to={integrationPaths.page(integration.id)} className="font-medium text-primary-dark underline dark:text-primary">
                        {integration.name}
                      </Link>{" "}
                      <span className="text-slate-500">· {t(`status.${integration.status}`)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
            <Panel title={t("custom.ourFields")}>
              <div className="space-y-2 text-xs">
                <p className="text-sm text-slate-600 dark:text-slate-300">{t("custom.ourFieldsHint")}</p>
                {[CONTACT_FIELDS, CALL_FIELDS, APPOINTMENT_FIELDS].map((group) => (
                  <p key={group[0]} className="break-words font-mono leading-relaxed">
                    {group.join(" · ")}
                  </p>
                ))}
              </div>
            </Panel>
          </div>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
