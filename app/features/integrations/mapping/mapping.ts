import { toE164 } from "~/features/phone/phone";
import type { FieldMapping } from "../templates/template-schema";

/**
 * Field mappings turn one of our records into a CRM payload
 * (docs/product/records.md#integration-templates, "field mappings"). Pure, so the editor's preview, "validate mappings" and
 * the delivery worker run the very same code.
 *
 * A source record is flat: dotted names to values ("contact.firstName",
 * "call.summary", "call.extractedData.budget", "appointment.start",
 * "settings.clubId"). A mapping's `field` is a dotted path in the payload
 * ("properties.firstname" becomes { properties: { firstname } }).
 */
export type SourceValue = string | number | boolean | null;
export type SourceValues = Record<string, SourceValue | undefined>;

export type MappingProblemCode = "required" | "pattern" | "invalid-pattern" | "phone" | "date" | "lookup" | "unknown-source";

export interface MappingProblem {
  /** The payload field (the mapping's `field`). */
  field: string;
  code: MappingProblemCode;
  /** The value that failed, for the message; never a secret (mappings read records and settings). */
  value?: string;
}

export interface MappingOptions {
  /** Country national numbers are read in for the phone format (the tenant's). */
  defaultCountry?: string | null;
  /** Source names a record can offer; a mapping naming another is a problem (a typo would send nothing). */
  knownSources?: ReadonlySet<string> | ((name: string) => boolean);
}

export interface MappedPayload {
  payload: Record<string, unknown>;
  problems: MappingProblem[];
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

function sourceValue(values: SourceValues, name: string): SourceValue | undefined {
  return Object.hasOwn(values, name) ? values[name] : undefined;
}

/** "2025-02-30" is no day: Date would roll it over into March. */
function isRealDay(text: string) {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
  if (!day) return true;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

function formatInstant(value: SourceValue, withTime: boolean): string | null {
  if (typeof value === "string" && !isRealDay(value)) return null;
  if (typeof value === "string" && !withTime && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = typeof value === "number" ? new Date(value) : typeof value === "string" ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return withTime ? date.toISOString() : date.toISOString().slice(0, 10);
}

type Transformed = { ok: true; value: SourceValue | undefined } | { ok: false; code: MappingProblemCode; value: string };

function transform(mapping: FieldMapping, values: SourceValues, options: MappingOptions): Transformed {
  const transformation = mapping.transformation;
  if (transformation?.type === "concat") {
    const parts = transformation.fields.map((name) => sourceValue(values, name)).filter((part) => !isEmpty(part));
    return { ok: true, value: parts.length ? parts.map(String).join(transformation.separator) : undefined };
  }
  const raw = sourceValue(values, mapping.mappedTo);
  if (isEmpty(raw) || !transformation) return { ok: true, value: raw };
  const text = String(raw);
  switch (transformation.type) {
    case "split": {
      const part = text.split(transformation.separator)[transformation.index];
      return { ok: true, value: part === undefined ? undefined : part.trim() };
    }
    case "lookup": {
      if (Object.hasOwn(transformation.table, text)) return { ok: true, value: transformation.table[text]! };
      if (transformation.fallback !== undefined) return { ok: true, value: transformation.fallback };
      return { ok: false, code: "lookup", value: text };
    }
    case "format":
      switch (transformation.format) {
        case "upper":
          return { ok: true, value: text.toUpperCase() };
        case "lower":
          return { ok: true, value: text.toLowerCase() };
        case "phone-e164": {
          const e164 = toE164(text, options.defaultCountry ?? null);
          return e164 ? { ok: true, value: e164 } : { ok: false, code: "phone", value: text };
        }
        case "date":
        case "datetime": {
          const formatted = formatInstant(raw ?? null, transformation.format === "datetime");
          return formatted ? { ok: true, value: formatted } : { ok: false, code: "date", value: text };
        }
      }
  }
}

/** Sets `value` at a dotted path, creating the objects on the way. */
export function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let node = target;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]!] = value;
}

function sourcesOf(mapping: FieldMapping) {
  return mapping.transformation?.type === "concat" ? mapping.transformation.fields : [mapping.mappedTo];
}

/**
 * Maps a record. Every mapping is tried, so one pass lists every problem;
 * the payload holds the fields that mapped (an empty optional field is left
 * out rather than sent empty).
 */
export function mapRecord(mappings: readonly FieldMapping[], values: SourceValues, options: MappingOptions = {}): MappedPayload {
  const payload: Record<string, unknown> = {};
  const problems: MappingProblem[] = [];
  for (const mapping of mappings) {
    const known = options.knownSources;
    const isKnown = (name: string) => (typeof known === "function" ? known(name) : known!.has(name));
    const unknown = known ? sourcesOf(mapping).find((name) => !isKnown(name)) : undefined;
    if (unknown) {
      problems.push({ field: mapping.field, code: "unknown-source", value: unknown });
      continue;
    }
    const result = transform(mapping, values, options);
    if (!result.ok) {
      problems.push({ field: mapping.field, code: result.code, value: result.value });
      continue;
    }
    let value = result.value;
    if (isEmpty(value) && mapping.defaultValue !== undefined && !isEmpty(mapping.defaultValue)) value = mapping.defaultValue;
    const required = mapping.required || mapping.validation?.required === true;
    if (isEmpty(value)) {
      if (required) problems.push({ field: mapping.field, code: "required" });
      continue;
    }
    const pattern = mapping.validation?.pattern;
    if (pattern) {
      let expression: RegExp;
      try {
        expression = new RegExp(pattern, "u");
      } catch {
        problems.push({ field: mapping.field, code: "invalid-pattern", value: pattern });
        continue;
      }
      if (!expression.test(String(value))) {
        problems.push({ field: mapping.field, code: "pattern", value: String(value) });
        continue;
      }
    }
    setPath(payload, mapping.field, value);
  }
  return { payload, problems };
}

type JsonSchemaObject = { properties?: Record<string, unknown>; additionalProperties?: unknown };

/**
 * Drops the fields an endpoint's payload schema does not take: one mapping
 * feeds both the create and the update endpoint, and an update takes fewer
 * fields (ClubCore's PUT /users has no clubId).
 */
export function pruneToSchema(payload: Record<string, unknown>, schema: unknown): Record<string, unknown> {
  const object = schema as JsonSchemaObject | null;
  if (!object || typeof object !== "object" || !object.properties) return payload;
  const pruned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    const child = object.properties[key];
    if (child === undefined) {
      if (object.additionalProperties !== false) pruned[key] = value;
      continue;
    }
    pruned[key] = value && typeof value === "object" && !Array.isArray(value) ? pruneToSchema(value as Record<string, unknown>, child) : value;
  }
  return pruned;
}

/** "/users/{userId}" with { userId: "m_1" }: the names a path needs, and the path with them filled in (encoded). */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for the path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
