import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { CheckboxField, formWidthClass, TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";

export const PLAN_FIELDS = ["name", "price", "includedMinutes", "overage", "phoneNumberLimit", "agentLimit", "apiRateLimit"] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];
/** What the form shows: the text fields as typed, and whether the plan is the recommended one. */
export type PlanFormText = Record<PlanField, string> & { recommended: boolean };
export interface PlanFormReply {
  values: PlanFormText;
  errors: Partial<Record<PlanField, string[]>>;
}

const NUMERIC: Partial<Record<PlanField, "decimal" | "numeric">> = {
  price: "decimal",
  overage: "decimal",
  includedMinutes: "numeric",
  phoneNumberLimit: "numeric",
  agentLimit: "numeric",
  apiRateLimit: "numeric",
};

/**
 * The plan form of /products/new and /products/<id> (plain form post, works
 * without JavaScript). Amounts are typed in the user's language in the
 * billing currency; errors are keys of the platform namespace.
 */
export function PlanForm({
  values,
  errors,
  currency,
  submitLabel,
  cancelHref,
  submitting,
}: {
  values: PlanFormText;
  errors?: PlanFormReply["errors"];
  currency: string;
  submitLabel: string;
  cancelHref: string;
  submitting: boolean;
}) {
  const { t } = useTranslation("platform");
  return (
    <Form method="post" className={`${formWidthClass} space-y-4`} noValidate>
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-4 sm:grid-cols-2">
        {PLAN_FIELDS.map((field) => (
          <div key={field} className={field === "name" ? "sm:col-span-2" : undefined}>
            <TextField
              label={t(`products.fields.${field}`, { currency })}
              hint={t(`products.hints.${field}`, { currency, defaultValue: "" }) || undefined}
              errors={errors?.[field]}
              namespace="platform"
              inputProps={{
                id: `plan-${field}`,
                name: field,
                defaultValue: values[field],
                inputMode: NUMERIC[field],
                autoComplete: "off",
                required: true,
              }}
            />
          </div>
        ))}
      </div>
      <CheckboxField
        label={t("products.fields.recommended")}
        hint={t("products.hints.recommended")}
        namespace="platform"
        inputProps={{ id: "plan-recommended", name: "recommended", defaultChecked: values.recommended }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
        <Link to={cancelHref} className={buttonClass("secondary")}>
          {t("products.cancel")}
        </Link>
      </div>
    </Form>
  );
}
