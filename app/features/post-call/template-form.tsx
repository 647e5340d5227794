import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { CheckboxField, FieldErrors, FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { constraintsForType } from "~/lib/forms/input-attributes";
import { useActionForm } from "~/lib/forms/use-action-form";
import { FIELD_TYPES, RULE_CHECKS, TEMPLATE_LIMITS as L, type TemplateField } from "./template-definition";

const NS = "post-call";

/** The editor's fields as conform sees them (the schema is in template-schema.ts, on the server). */
export type TemplateFormFields = {
  name: string;
  summaryInstruction: string;
  fields: Array<{ key: string; name: string; type: string; description: string; required: string; options: string }>;
  criteria: Array<{ key: string; name: string; description: string; ruleField: string; ruleCheck: string }>;
};

/**
 * The whole template on one form (docs/product/post-call.md#templates): its
 * name and summary instruction, a row per field and a row per criterion.
 * "Add" and "Remove" are conform's list buttons, so they work without
 * JavaScript too (the server answers with one row more or less, nothing
 * saved). Saving a changed definition makes a new version.
 */
export function TemplateForm({
  lastResult,
  defaultValue,
  constraint,
  savedFields,
  submitLabel,
  cancelHref,
  readOnly = false,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: DefaultValue<TemplateFormFields>;
  constraint: FormConstraint;
  /** The saved version's fields: what a criterion's rule may name. */
  savedFields: Array<Pick<TemplateField, "key" | "name" | "type">>;
  submitLabel: string;
  cancelHref: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation(NS);
  const saving = useIsPending({ intent: "save" });
  const [form, fields] = useActionForm<TemplateFormFields>({ id: "post-call-template", lastResult, defaultValue, constraint });
  const fieldRows = fields.fields.getFieldList();
  const criterionRows = fields.criteria.getFieldList();

  return (
    <Form method="post" {...getFormProps(form)} className="flex max-w-4xl flex-col gap-6">
      {/* Enter in a text field saves rather than adding a row. */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" disabled={readOnly}>
        {submitLabel}
      </button>
      <FormErrors errors={form.errors} namespace={NS} />
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        <legend className="sr-only">{t("form.legend")}</legend>
        <Panel title={t("form.sections.basics")}>
          <div className="space-y-4">
            <TextField
              label={t("form.name")}
              errors={fields.name.errors}
              namespace={NS}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
            />
            <TextareaField
              label={t("form.summaryInstruction")}
              hint={t("form.summaryInstructionHint")}
              errors={fields.summaryInstruction.errors}
              namespace={NS}
              textareaProps={{ ...getTextareaProps(fields.summaryInstruction), rows: 3 }}
            />
          </div>
        </Panel>

        <Panel title={t("form.sections.fields")}>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("form.fieldsIntro")}</p>
          <ol className="space-y-4">
            {fieldRows.map((row, index) => {
              const cells = row.getFieldset();
              const position = index + 1;
              return (
                <li key={row.key} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="template-field-row">
                  <fieldset className="min-w-0 space-y-3">
                    <legend className="text-sm font-semibold">{t("form.fieldLegend", { position })}</legend>
                    <input {...constraintsForType(getInputProps(cells.key, { type: "hidden" }))} />
                    <div className="grid gap-3 md:grid-cols-2">
                      <TextField
                        label={t("form.fieldName")}
                        errors={cells.name.errors}
                        namespace={NS}
                        inputProps={{ ...getInputProps(cells.name, { type: "text" }), autoComplete: "off" }}
                      />
                      <SelectField
                        label={t("form.fieldType")}
                        errors={cells.type.errors}
                        namespace={NS}
                        selectProps={getSelectProps(cells.type)}
                        options={FIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                      />
                    </div>
                    <TextareaField
                      label={t("form.fieldDescription")}
                      hint={t("form.fieldDescriptionHint")}
                      errors={cells.description.errors}
                      namespace={NS}
                      textareaProps={{ ...getTextareaProps(cells.description), rows: 2 }}
                    />
                    <TextareaField
                      label={t("form.fieldOptions")}
                      hint={t("form.fieldOptionsHint", { max: L.options })}
                      errors={cells.options.errors}
                      namespace={NS}
                      textareaProps={{ ...getTextareaProps(cells.options), rows: 2 }}
                    />
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <CheckboxField
                        label={t("form.fieldRequired")}
                        hint={t("form.fieldRequiredHint")}
                        inputProps={getInputProps(cells.required, { type: "checkbox" })}
                      />
                      {fieldRows.length > 1 ? (
                        <Button type="submit" variant="ghost" {...form.remove.getButtonProps({ name: fields.fields.name, index })}>
                          {t("form.removeField", { position })}
                        </Button>
                      ) : null}
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <FieldErrors id={fields.fields.errorId} errors={fields.fields.errors} t={(key) => t(key, { max: L.fields })} />
          {fieldRows.length < L.fields ? (
            <Button
              type="submit"
              variant="secondary"
              className="mt-4"
              {...form.insert.getButtonProps({ name: fields.fields.name, defaultValue: { type: "text" } })}
            >
              {t("form.addField")}
            </Button>
          ) : null}
        </Panel>

        <Panel title={t("form.sections.criteria")}>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("form.criteriaIntro")}</p>
          {criterionRows.length === 0 ? <p className="mb-2 text-sm">{t("form.noCriteria")}</p> : null}
          <ol className="space-y-4">
            {criterionRows.map((row, index) => {
              const cells = row.getFieldset();
              const position = index + 1;
              return (
                <li key={row.key} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="template-criterion-row">
                  <fieldset className="min-w-0 space-y-3">
                    <legend className="text-sm font-semibold">{t("form.criterionLegend", { position })}</legend>
                    <input {...constraintsForType(getInputProps(cells.key, { type: "hidden" }))} />
                    <TextField
                      label={t("form.criterionName")}
                      errors={cells.name.errors}
                      namespace={NS}
                      inputProps={{ ...getInputProps(cells.name, { type: "text" }), autoComplete: "off" }}
                    />
                    <TextareaField
                      label={t("form.criterionDescription")}
                      errors={cells.description.errors}
                      namespace={NS}
                      textareaProps={{ ...getTextareaProps(cells.description), rows: 2 }}
                    />
                    <div className="grid gap-3 md:grid-cols-2">
                      <SelectField
                        label={t("form.ruleField")}
                        hint={t("form.ruleFieldHint")}
                        errors={cells.ruleField.errors}
                        namespace={NS}
                        selectProps={getSelectProps(cells.ruleField)}
                        options={[{ value: "", label: t("form.ruleNone") }, ...savedFields.map((field) => ({ value: field.key, label: field.name }))]}
                      />
                      <SelectField
                        label={t("form.ruleCheck")}
                        errors={cells.ruleCheck.errors}
                        namespace={NS}
                        selectProps={getSelectProps(cells.ruleCheck)}
                        options={RULE_CHECKS.map((check) => ({ value: check, label: t(`ruleChecks.${check}`) }))}
                      />
                    </div>
                    <div className="flex justify-end">
                      <Button type="submit" variant="ghost" {...form.remove.getButtonProps({ name: fields.criteria.name, index })}>
                        {t("form.removeCriterion", { position })}
                      </Button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <FieldErrors id={fields.criteria.errorId} errors={fields.criteria.errors} t={(key) => t(key, { max: L.criteria })} />
          {criterionRows.length < L.criteria ? (
            <Button
              type="submit"
              variant="secondary"
              className="mt-4"
              {...form.insert.getButtonProps({ name: fields.criteria.name, defaultValue: { ruleCheck: "is-found" } })}
            >
              {t("form.addCriterion")}
            </Button>
          ) : null}
        </Panel>

        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value="save" disabled={saving}>
              {saving ? t("form.saving") : submitLabel}
            </Button>
            <Link to={cancelHref} className={cn(buttonClass("secondary"))}>
              {t("form.cancel")}
            </Link>
          </div>
        )}
      </fieldset>
    </Form>
  );
}
