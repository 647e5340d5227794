import { Form } from "@remix-run/react";
import { FormSubmitRow } from "~/components/ui/form-submit-row";
import { CheckboxField, FormErrors, SelectField, TextField, formWidthClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import type { BillingReply } from "../billing-actions.server";
import { BILLING_COUNTRIES } from "./billing-countries";

export interface BillingDetailsView {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  vatId: string;
  taxExempt: boolean;
}

type Fields = Record<keyof BillingDetailsView, unknown>;

/**
 * /billing?tab=billing-details: who the invoices are addressed to. Saved
 * details apply to invoices issued from then on; issued ones keep theirs.
 */
export function BillingDetailsPanel({
  details,
  reply,
  constraint,
  canUpdate,
}: {
  details: BillingDetailsView | null;
  reply: BillingReply | undefined;
  constraint: FormConstraint;
  canUpdate: boolean;
}) {
  const { t, i18n } = useTranslation("billing");
  const ownReply = reply?.intent === "billing-details" ? reply : undefined;
  const [form, fields] = usePlainForm<Fields>({
    id: "billing-details",
    lastResult: ownReply?.result,
    constraint,
    defaultValue: details ?? { country: "DE" },
  });
  const busy = useIsPending({ intent: "billing-details" });
  const regionName = new Intl.DisplayNames([i18n.language], { type: "region" });
  const countries = BILLING_COUNTRIES.map((code) => ({ value: code, label: regionName.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, i18n.language),
  );
  return (
    <Panel title={t("details.title")}>
      <Form
        method="post"
        action="/billing?tab=billing-details"
        {...plainFormProps(form)}
        className={`space-y-4 ${formWidthClass}`}
        data-testid="billing-details-form"
      >
        <input type="hidden" name="intent" value="billing-details" />
        <input type="hidden" name="returnTo" value="/billing?tab=billing-details" />
        <p className="text-sm text-slate-600 dark:text-slate-300">{details ? t("details.intro") : t("details.introEmpty")}</p>
        <FormErrors errors={form.errors} namespace="billing" />
        <fieldset disabled={!canUpdate} className="space-y-4">
          <legend className="sr-only">{t("details.title")}</legend>
          <TextField
            label={t("details.legalName")}
            errors={fields.legalName.errors}
            namespace="billing"
            inputProps={{ ...plainInputProps(fields.legalName, { type: "text" }), autoComplete: "organization" }}
          />
          <TextField
            label={t("details.street")}
            errors={fields.street.errors}
            namespace="billing"
            inputProps={{ ...plainInputProps(fields.street, { type: "text" }), autoComplete: "address-line1" }}
          />
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <TextField
              label={t("details.postcode")}
              errors={fields.postcode.errors}
              namespace="billing"
              inputProps={{ ...plainInputProps(fields.postcode, { type: "text" }), autoComplete: "postal-code" }}
            />
            <TextField
              label={t("details.city")}
              errors={fields.city.errors}
              namespace="billing"
              inputProps={{ ...plainInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }}
            />
          </div>
          <SelectField
            label={t("details.country")}
            errors={fields.country.errors}
            namespace="billing"
            selectProps={{ ...plainSelectProps(fields.country), autoComplete: "country" }}
            options={countries}
          />
          <TextField
            label={t("details.vatId")}
            errors={fields.vatId.errors}
            namespace="billing"
            hint={t("details.vatIdHint")}
            inputProps={{ ...plainInputProps(fields.vatId, { type: "text" }), autoComplete: "off", spellCheck: false }}
          />
          <CheckboxField
            label={t("details.taxExempt")}
            errors={fields.taxExempt.errors}
            namespace="billing"
            inputProps={plainInputProps(fields.taxExempt, { type: "checkbox" })}
          />
          {canUpdate ? (
            <FormSubmitRow submitLabel={t("details.save")} busyLabel={t("details.saving")} submitting={busy} />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("details.readOnly")}</p>
          )}
        </fieldset>
      </Form>
    </Panel>
  );
}
