/**
 * A post-call template (docs/product/post-call.md): the fields an analysis
 * extracts from a call, the instruction for its summary and the success
 * criteria it judges. Each edit is stored as a new immutable version of this
 * shape; a call keeps the version that analysed it. Zod-free, so the editor
 * reads the limits and types too (the schemas are in template-schema.ts).
 */
export const FIELD_TYPES = ["text", "number", "yes-no", "date", "choice"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const RULE_CHECKS = ["is-yes", "is-found"] as const;
export type RuleCheck = (typeof RULE_CHECKS)[number];

export interface TemplateField {
  /** Stable across versions, so responses line up when a field is renamed. */
  key: string;
  name: string;
  type: FieldType;
  /** What to listen for; the analyzer reads it. */
  description: string;
  required: boolean;
  /** Only for "choice". */
  options: string[];
}

export interface TemplateCriterion {
  key: string;
  name: string;
  description: string;
  /** A criterion may be decided by a field instead of by judgement: met when the field is yes, or when it was found. */
  rule: { field: string; check: RuleCheck } | null;
}

export interface TemplateDefinition {
  summaryInstruction: string;
  fields: TemplateField[];
  criteria: TemplateCriterion[];
}

export const TEMPLATE_LIMITS = {
  name: 80,
  fieldName: 60,
  description: 500,
  summaryInstruction: 1000,
  fields: 30,
  criteria: 10,
  options: 20,
  option: 60,
} as const;

/** "Appointment confirmed?" → "appointment_confirmed"; German letters are spelt out so keys stay ASCII. */
export function keyFromName(name: string) {
  const base = name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 40);
  return base || "field";
}

/** Keys for new rows: a kept key stays; a new one comes from the name, with _2, _3… when taken. */
export function assignKeys<T extends { key?: string | null; name: string }>(rows: T[]): Array<T & { key: string }> {
  const taken = new Set(rows.map((row) => row.key).filter((key): key is string => Boolean(key)));
  return rows.map((row) => {
    if (row.key) return { ...row, key: row.key };
    const base = keyFromName(row.name);
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
    taken.add(key);
    return { ...row, key };
  });
}

export const nameKey = (name: string) => name.trim().toLowerCase();

/** The field a criterion's rule names, if it still exists in the definition. */
export function ruleField(definition: TemplateDefinition, criterion: TemplateCriterion) {
  return criterion.rule ? (definition.fields.find((field) => field.key === criterion.rule!.field) ?? null) : null;
}

/** A field's value as stored: text and choice as strings, a number, yes/no as a boolean, a date as YYYY-MM-DD. */
export type FieldValue = string | number | boolean;

export interface FieldResult {
  key: string;
  found: boolean;
  value: FieldValue | null;
  /** The words the value was taken from, and where in the call they were said, when known. */
  evidence: string | null;
  atSeconds: number | null;
}

export const VERDICTS = ["met", "not-met", "unknown"] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface CriterionResult {
  key: string;
  verdict: Verdict;
  /** Why, in the analyzer's words; for the built-in analyzer a translation key (prefix "builtin."). */
  reason: string;
}

/** What a template's analysis found on one call (stored in call_template_results.result). */
export interface Extraction {
  fields: FieldResult[];
  criteria: CriterionResult[];
  /** Written to the template's summary instruction; null when the analyzer cannot follow one (the built-in analyzer). */
  summary: string | null;
  provider: "builtin" | "openai-compatible";
  model?: string;
}

/** A criterion decided by its rule from the field results (the same for every analyzer). */
export function judgeByRule(criterion: TemplateCriterion, fields: FieldResult[]): CriterionResult | null {
  if (!criterion.rule) return null;
  const field = fields.find((result) => result.key === criterion.rule!.field);
  if (!field) return { key: criterion.key, verdict: "unknown", reason: "builtin.ruleFieldMissing" };
  if (criterion.rule.check === "is-found")
    return { key: criterion.key, verdict: field.found ? "met" : "not-met", reason: field.found ? "builtin.ruleFound" : "builtin.ruleNotFound" };
  if (!field.found) return { key: criterion.key, verdict: "unknown", reason: "builtin.ruleNotFound" };
  return { key: criterion.key, verdict: field.value === true ? "met" : "not-met", reason: field.value === true ? "builtin.ruleYes" : "builtin.ruleNo" };
}
