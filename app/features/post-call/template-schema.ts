import { z } from "zod";
import {
  FIELD_TYPES,
  RULE_CHECKS,
  TEMPLATE_LIMITS as L,
  VERDICTS,
  assignKeys,
  type FieldResult,
  type CriterionResult,
  type TemplateDefinition,
  type TemplateField,
} from "./template-definition";

/**
 * The template editor's form (one schema for the whole template: name,
 * summary instruction, the field rows and the criterion rows), the stored
 * definition's shape, and the shape a language model's answer must have for
 * one template. Messages are keys of the post-call namespace.
 */

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional().default("");

const fieldRowSchema = z.object({
  key: z.string().trim().max(60).optional(),
  name: z
    .string({ required_error: "validation.fieldNameRequired" })
    .trim()
    .min(1, "validation.fieldNameRequired")
    .max(L.fieldName, "validation.fieldNameTooLong"),
  type: z.enum(FIELD_TYPES, { errorMap: () => ({ message: "validation.fieldTypeRequired" }) }),
  description: optionalText(L.description, "validation.descriptionTooLong"),
  required: z.boolean().optional().default(false),
  /** One option per line (commas separate too). */
  options: z.string().optional().default(""),
});

const criterionRowSchema = z.object({
  key: z.string().trim().max(60).optional(),
  name: z
    .string({ required_error: "validation.criterionNameRequired" })
    .trim()
    .min(1, "validation.criterionNameRequired")
    .max(L.fieldName, "validation.criterionNameTooLong"),
  description: optionalText(L.description, "validation.descriptionTooLong"),
  ruleField: z.string().trim().optional().default(""),
  ruleCheck: z.enum(RULE_CHECKS).optional(),
});

export const optionsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\n,;]/)
      .map((option) => option.trim())
      .filter(Boolean),
  ),
];

/** `knownFieldKeys`: the fields of the saved version, which a criterion's rule may name (a field added in this same save can be chosen after saving). */
export function templateFormSchema(knownFields: Array<Pick<TemplateField, "key" | "type">> = []) {
  return z
    .object({
      name: z.string({ required_error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(L.name, "validation.nameTooLong"),
      summaryInstruction: optionalText(L.summaryInstruction, "validation.summaryInstructionTooLong"),
      fields: z.array(fieldRowSchema).max(L.fields, "validation.tooManyFields").optional().default([]),
      criteria: z.array(criterionRowSchema).max(L.criteria, "validation.tooManyCriteria").optional().default([]),
    })
    .superRefine((value, ctx) => {
      if (value.fields.length === 0) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fields"], message: "validation.fieldsRequired" });
      const seen = new Map<string, number>();
      value.fields.forEach((field, index) => {
        const same = field.name.toLowerCase();
        if (seen.has(same)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fields", index, "name"], message: "validation.fieldNameTaken" });
        seen.set(same, index);
        const options = optionsOf(field.options);
        if (field.type === "choice") {
          if (options.length < 2) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fields", index, "options"], message: "validation.optionsRequired" });
          else if (options.length > L.options)
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fields", index, "options"], message: "validation.tooManyOptions" });
          else if (options.some((option) => option.length > L.option))
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["fields", index, "options"], message: "validation.optionTooLong" });
        }
      });
      const criteriaNames = new Set<string>();
      value.criteria.forEach((criterion, index) => {
        const same = criterion.name.toLowerCase();
        if (criteriaNames.has(same)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["criteria", index, "name"], message: "validation.criterionNameTaken" });
        criteriaNames.add(same);
        if (!criterion.ruleField) return;
        // The rule's field must still be in the template as it is saved now.
        const kept = value.fields.find((field) => field.key === criterion.ruleField);
        const known = knownFields.find((field) => field.key === criterion.ruleField);
        if (!kept || !known) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["criteria", index, "ruleField"], message: "validation.ruleFieldUnknown" });
        else if ((criterion.ruleCheck ?? "is-found") === "is-yes" && kept.type !== "yes-no")
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["criteria", index, "ruleCheck"], message: "validation.ruleNeedsYesNo" });
      });
    });
}

export type TemplateFormValues = z.output<ReturnType<typeof templateFormSchema>>;
export type TemplateFormFields = z.input<ReturnType<typeof templateFormSchema>>;

/** The form's values as a definition: keys kept for existing rows, made from the name for new ones. */
export function definitionFromForm(values: TemplateFormValues): { name: string; definition: TemplateDefinition } {
  const fields = assignKeys(values.fields).map((field): TemplateField => ({
    key: field.key,
    name: field.name,
    type: field.type,
    description: field.description,
    required: field.required,
    options: field.type === "choice" ? optionsOf(field.options) : [],
  }));
  const criteria = assignKeys(values.criteria).map((criterion) => ({
    key: criterion.key,
    name: criterion.name,
    description: criterion.description,
    rule: criterion.ruleField ? { field: criterion.ruleField, check: criterion.ruleCheck ?? ("is-found" as const) } : null,
  }));
  return { name: values.name, definition: { summaryInstruction: values.summaryInstruction, fields, criteria } };
}

/** The form's default values for a stored definition. */
export function formValuesOf(name: string, definition: TemplateDefinition) {
  return {
    name,
    summaryInstruction: definition.summaryInstruction,
    fields: definition.fields.map((field) => ({ ...field, required: field.required ? "on" : "", options: field.options.join("\n") })),
    criteria: definition.criteria.map((criterion) => ({
      key: criterion.key,
      name: criterion.name,
      description: criterion.description,
      ruleField: criterion.rule?.field ?? "",
      ruleCheck: criterion.rule?.check ?? "is-found",
    })),
  };
}

const storedDefinitionSchema = z.object({
  summaryInstruction: z.string().catch(""),
  fields: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      type: z.enum(FIELD_TYPES),
      description: z.string().catch(""),
      required: z.boolean().catch(false),
      options: z.array(z.string()).catch([]),
    }),
  ),
  criteria: z
    .array(
      z.object({
        key: z.string(),
        name: z.string(),
        description: z.string().catch(""),
        rule: z
          .object({ field: z.string(), check: z.enum(RULE_CHECKS) })
          .nullable()
          .catch(null),
      }),
    )
    .catch([]),
});

export function parseDefinition(json: string): TemplateDefinition {
  return storedDefinitionSchema.parse(JSON.parse(json));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) =>
  ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** What one field's value must be, by type; a choice is matched to its option's spelling. */
function valueSchema(field: TemplateField) {
  switch (field.type) {
    case "number":
      return z.number().finite();
    case "yes-no":
      return z.boolean();
    case "date":
      return z.string().refine(isRealDay, "not a YYYY-MM-DD date");
    case "choice":
      return z
        .string()
        .transform((said) => field.options.find((option) => option.toLowerCase() === said.trim().toLowerCase()))
        .refine((option): option is string => option !== undefined, `not one of: ${field.options.join(", ")}`);
    case "text":
      return z.string().trim().min(1).max(1000);
  }
}

/**
 * The shape a language model's answer must have for this template: every
 * field (found or not, a found one with a value of its type) and every
 * criterion. Anything else fails the analysis rather than storing a guess
 * that does not fit (docs/product/post-call.md#language-model).
 */
export function modelExtractionSchema(definition: TemplateDefinition) {
  const fields = z.object(
    Object.fromEntries(
      definition.fields.map((field) => [
        field.key,
        z.union([
          z.object({ found: z.literal(false), value: z.null().optional(), evidence: z.string().nullable().optional() }),
          z.object({ found: z.literal(true), value: valueSchema(field), evidence: z.string().nullable().optional() }),
        ]),
      ]),
    ),
  );
  const criteria = z.object(
    Object.fromEntries(
      definition.criteria.map((criterion) => [criterion.key, z.object({ verdict: z.enum(VERDICTS), reason: z.string().trim().min(1).max(500) })]),
    ),
  );
  return z.object({ summary: z.string().trim().nullable().optional(), fields, criteria }).transform((answer) => ({
    summary: answer.summary || null,
    fields: definition.fields.map((field): FieldResult => {
      const said = answer.fields[field.key] as { found: boolean; value?: unknown; evidence?: string | null };
      return {
        key: field.key,
        found: said.found,
        value: said.found ? (said.value as FieldResult["value"]) : null,
        evidence: said.evidence ? said.evidence.slice(0, 240) : null,
        atSeconds: null,
      };
    }),
    criteria: definition.criteria.map((criterion): CriterionResult => ({
      key: criterion.key,
      ...(answer.criteria[criterion.key] as Omit<CriterionResult, "key">),
    })),
  }));
}

const optionalDay = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isRealDay(value), "validation.dateInvalid")
  .transform((value) => value || null);

/** "Re-run on past calls": the calls it covers. */
export const rerunSchema = z
  .object({
    from: optionalDay,
    to: optionalDay,
    campaign: z
      .string()
      .trim()
      .max(200)
      .optional()
      .transform((value) => value || null),
    agent: z
      .string()
      .trim()
      .max(64)
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: "validation.toBeforeFrom" });
  });

/** The targets the assignment form sends: ids per kind (checkboxes), any number of each. */
export const assignmentSchema = z.object({
  campaign: z.array(z.string().max(64)).optional().default([]),
  agent: z.array(z.string().max(64)).optional().default([]),
  number: z.array(z.string().max(64)).optional().default([]),
});
