import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { CheckboxField, FormErrors, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm, type PlainReply } from "~/lib/forms/plain-form";

export interface ConnectionFormProps {
  intent: "connect" | "edit";
  authType: "api_key" | "bearer";
  authHeader: string;
  settings: Array<{ name: string; value: string }>;
  defaults: { crmName: string; baseUrl: string; leadEmail: string; sendLeadOnEmail: boolean; sendLeadOnCrmOnly: boolean };
  /** Edit: the stored key's last four characters (an empty field keeps it). */
  secretLast4?: string;
  reply: PlainReply | undefined;
  constraint: FormConstraint;
  /** No SMTP server is set: lead emails are written to the outbox folder, and the form says so. */
  usingOutbox: boolean;
}

type ConnectionFields = { crmName: string; baseUrl: string; secret: string; leadEmail: string; sendLeadOnEmail: boolean; sendLeadOnCrmOnly: boolean } & Record<
  `setting_${string}`,
  string
>;

/** Connecting a template, and editing the connection: where the CRM is, the key, the values its mappings need, and the lead by email. */
export function ConnectionForm({ intent, authType, authHeader, settings, defaults, secretLast4, reply, constraint, usingOutbox }: ConnectionFormProps) {
  const { t } = useTranslation("integrations");
  const defaultValue: Record<string, unknown> = {
    crmName: defaults.crmName,
    baseUrl: defaults.baseUrl,
    leadEmail: defaults.leadEmail,
    sendLeadOnEmail: defaults.sendLeadOnEmail,
    sendLeadOnCrmOnly: defaults.sendLeadOnCrmOnly,
  };
  for (const setting of settings) defaultValue[`setting_${setting.name}`] = setting.value;
  const [form, fields] = usePlainForm<ConnectionFields>({ id: `integration-${intent}`, lastResult: reply, constraint, defaultValue });
  const busy = useIsPending({ intent });
  const secretLabel = authType === "bearer" ? t("connection.token") : t("connection.apiKey");
  return (
    <Form method="post" className="space-y-4" {...plainFormProps(form)}>
      <FormErrors errors={form.errors} namespace="integrations" />
      <input type="hidden" name="intent" value={intent} />
      <TextField
        label={t("connection.name")}
        hint={t("connection.nameHint")}
        errors={fields.crmName.errors}
        namespace="integrations"
        inputProps={plainInputProps(fields.crmName, { type: "text" })}
      />
      <TextField
        label={t("connection.baseUrl")}
        hint={t("connection.baseUrlHint")}
        errors={fields.baseUrl.errors}
        namespace="integrations"
        inputProps={plainInputProps(fields.baseUrl, { type: "url" })}
      />
      <TextField
        label={secretLabel}
        hint={secretLast4 ? t("connection.secretKeepHint", { last4: secretLast4, header: authHeader }) : t("connection.secretHint", { header: authHeader })}
        errors={fields.secret.errors}
        namespace="integrations"
        inputProps={{ ...plainInputProps(fields.secret, { type: "password" }), autoComplete: "off", defaultValue: undefined }}
      />
      {settings.length > 0 ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t("connection.settings")}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("connection.settingsHint")}</p>
          {settings.map((setting) => {
            const field = fields[`setting_${setting.name}`]!;
            return (
              <TextField
                key={setting.name}
                label={t(`settingNames.${setting.name}`, { defaultValue: setting.name })}
                errors={field.errors}
                namespace="integrations"
                inputProps={plainInputProps(field, { type: "text" })}
              />
            );
          })}
        </fieldset>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{t("connection.leads")}</legend>
        <CheckboxField
          label={t("connection.sendLeadOnEmail")}
          hint={t("connection.sendLeadOnEmailHint")}
          errors={fields.sendLeadOnEmail.errors}
          namespace="integrations"
          inputProps={plainInputProps(fields.sendLeadOnEmail, { type: "checkbox" })}
        />
        <TextField
          label={t("connection.leadEmail")}
          hint={usingOutbox ? t("connection.outboxHint") : undefined}
          errors={fields.leadEmail.errors}
          namespace="integrations"
          inputProps={plainInputProps(fields.leadEmail, { type: "email" })}
        />
        <CheckboxField
          label={t("connection.sendLeadOnCrmOnly")}
          hint={t("connection.sendLeadOnCrmOnlyHint")}
          errors={fields.sendLeadOnCrmOnly.errors}
          namespace="integrations"
          inputProps={plainInputProps(fields.sendLeadOnCrmOnly, { type: "checkbox" })}
        />
      </fieldset>
      <Button type="submit" disabled={busy}>
        {intent === "connect" ? t("connection.connect") : t("connection.save")}
      </Button>
    </Form>
  );
}
