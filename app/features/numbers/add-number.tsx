import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { PhoneField } from "~/features/phone/phone-field";
import { formatNumber } from "~/i18n/format";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { addFormId, MAX_LABEL_LENGTH } from "./number-forms";
import type { AddNumberFields } from "./schemas";

export interface Quota {
  used: number;
  limit: number;
  planName: string;
}

export const isAtLimit = (quota: Quota) => quota.used >= quota.limit;

/** "n of limit numbers used", the plan's phone-number quota. */
export function QuotaLine({ quota }: { quota: Quota }) {
  const { t, i18n } = useTranslation("numbers");
  return (
    <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="numbers-quota">
      {t("quota.used", { count: quota.limit, used: formatNumber(quota.used, i18n.language), limit: formatNumber(quota.limit, i18n.language) })}{" "}
      <span className="text-slate-500 dark:text-slate-400">{t("quota.plan", { plan: quota.planName })}</span>
    </p>
  );
}

/**
 * Adding a business number: the phone (typed any way the help card allows,
 * stored as E.164) and an optional label. At the plan's limit the form is
 * disabled and says why; the server refuses regardless.
 */
export function AddNumberPanel({
  quota,
  lastResult,
  canChoosePlan,
  phoneCountry,
  constraint,
}: {
  quota: Quota;
  lastResult: SubmissionResult<string[]> | undefined;
  canChoosePlan: boolean;
  /** The tenant's country (gate.tenant.country): numbers typed with a leading 0 are national numbers of it. */
  phoneCountry: string;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("numbers");
  const submitting = useIsPending({ intent: "add" });
  const [form, fields] = usePlainForm<AddNumberFields>({ id: addFormId, lastResult, constraint });
  const full = isAtLimit(quota);
  return (
    <Panel title={t("add.title")}>
      <Form method="post" {...plainFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="add" />
        {full ? (
          <div className="space-y-2" data-testid="numbers-limit-reached">
            <Notice tone="warning">{t("add.atLimit", { count: quota.limit, limit: quota.limit, plan: quota.planName })}</Notice>
            {canChoosePlan ? (
              <Link to="/choose-plan" className="text-sm text-primary-dark underline dark:text-primary">
                {t("add.choosePlan")}
              </Link>
            ) : null}
          </div>
        ) : null}
        <FormErrors errors={form.errors} namespace="numbers" />
        <fieldset disabled={full} className="grid gap-4 sm:grid-cols-2">
          <legend className="sr-only">{t("add.title")}</legend>
          <PhoneField
            label={t("add.phone")}
            errors={fields.phone.errors}
            namespace="numbers"
            country={phoneCountry}
            inputProps={{ ...plainInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }}
          />
          <TextField
            label={t("add.label")}
            errors={fields.label.errors}
            namespace="numbers"
            hint={t("add.labelHint")}
            inputProps={{ ...plainInputProps(fields.label, { type: "text" }), autoComplete: "off", maxLength: MAX_LABEL_LENGTH }}
          />
          <div className="sm:col-span-2">
            <Button type="submit" loading={submitting}>
              {submitting ? t("add.submitting") : t("add.submit")}
            </Button>
          </div>
        </fieldset>
      </Form>
    </Panel>
  );
}
