import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CheckboxField, FieldErrors, FormErrors, inputClass } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { selectRequirement } from "~/lib/forms/input-attributes";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm, type PlainField } from "~/lib/forms/plain-form";
import { SERVICE_DESK_PATH } from "./list-params";
import type { SettingsFields } from "./schemas";
import { SLA_UNITS } from "./sla";
import { TICKET_PRIORITIES } from "./ticket-rules";

/**
 * The desk's settings (docs/product/service-desk.md#settings): automatic
 * tickets, and per priority the first-response and resolution targets, each
 * a whole number of minutes, hours or days.
 */
export function SettingsForm({
  lastResult,
  defaultValue,
  constraint,
  submitting,
}: {
  lastResult?: SubmissionResult<string[]>;
  defaultValue: Record<string, string | boolean>;
  constraint: FormConstraint;
  submitting: boolean;
}) {
  const { t } = useTranslation("service-desk");
  const [form, fields] = usePlainForm<SettingsFields>({ id: "desk-settings", lastResult, defaultValue, constraint });
  const field = (name: string) => fields[name as keyof SettingsFields & string];
  const unitOptions = SLA_UNITS.map((unit) => ({ value: unit, label: t(`settings.units.${unit}`) }));
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-6">
      <FormErrors errors={form.errors} namespace="service-desk" />
      <CheckboxField
        label={t("settings.autoTickets")}
        hint={t("settings.autoTicketsHint")}
        namespace="service-desk"
        errors={fields.autoTickets.errors}
        inputProps={plainInputProps(fields.autoTickets, { type: "checkbox" })}
      />
      <div className="space-y-4">
        <div>
          <h2 className="text-base font-semibold">{t("settings.slaTitle")}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("settings.slaIntro")}</p>
        </div>
        {TICKET_PRIORITIES.map((priority) => (
          <fieldset key={priority} className="rounded-md border border-slate-200 p-3 dark:border-slate-700" data-testid={`sla-${priority}`}>
            <legend className="px-1 text-sm font-medium">{t(`priority.${priority}`)}</legend>
            <div className="grid gap-4 md:grid-cols-2">
              {(["FirstResponse", "Resolution"] as const).map((target) => (
                <TargetField
                  key={target}
                  label={t(`settings.targets.${target}`)}
                  unitLabel={t(`settings.targets.${target}Unit`)}
                  amount={field(`${priority}${target}`)}
                  unit={field(`${priority}${target}Unit`)}
                  unitOptions={unitOptions}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={submitting}>
          {submitting ? t("form.saving") : t("settings.submit")}
        </Button>
        <Link to={SERVICE_DESK_PATH} className={buttonClass("secondary")}>
          {t("form.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/**
 * One target: the amount with its visible label and, beside it, the unit
 * (its label read by screen readers only, the line being one question), the
 * messages of both underneath (plainInputProps wires aria-invalid and
 * aria-describedby to them).
 */
function TargetField({
  label,
  unitLabel,
  amount,
  unit,
  unitOptions,
}: {
  label: string;
  unitLabel: string;
  amount: PlainField;
  unit: PlainField;
  unitOptions: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation("service-desk");
  // As the kit's select does: `required` only where HTML allows it (a first option that is a real choice is none).
  const { required, ...unitProps } = plainSelectProps(unit);
  return (
    <div className="space-y-1">
      <label htmlFor={amount.id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input {...plainInputProps(amount, { type: "text" })} inputMode="numeric" autoComplete="off" className={cn(inputClass, "min-w-0 flex-1")} />
        <label htmlFor={unit.id} className="sr-only">
          {unitLabel}
        </label>
        <select {...unitProps} {...selectRequirement(required, unitOptions[0]?.value)} className={cn(inputClass, "w-32 shrink-0")}>
          {unitOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldErrors id={amount.errorId} errors={amount.errors} t={(key) => t(key)} />
      <FieldErrors id={unit.errorId} errors={unit.errors} t={(key) => t(key)} />
    </div>
  );
}
