import type { FieldMapping } from "../templates/template-schema";

/**
 * The mapping editor's rows as a plain form (rows[3].source…), so it works
 * without JavaScript: each row is one mapping, an empty row adds nothing, a
 * row marked "remove" goes. Pure, shared by the page and the action.
 */
export const ROW_TRANSFORMS = ["none", "split", "format", "concat", "lookup"] as const;
export type RowTransform = (typeof ROW_TRANSFORMS)[number];
export const ROW_FORMATS = ["date", "datetime", "phone-e164", "upper", "lower"] as const;

export interface MappingRow {
  field: string;
  source: string;
  transform: RowTransform;
  separator: string;
  index: string;
  format: string;
  /** concat: the sources, one per line or comma-separated. */
  fields: string;
  /** lookup: one "ours = theirs" per line. */
  table: string;
  fallback: string;
  defaultValue: string;
  required: boolean;
  pattern: string;
}

export type RowErrors = Record<number, Partial<Record<keyof MappingRow, string>>>;

export const MAX_MAPPING_ROWS = 60;

export function rowsFromMappings(mappings: readonly FieldMapping[]): MappingRow[] {
  return mappings.map((mapping) => {
    const transformation = mapping.transformation;
    return {
      field: mapping.field,
      source: transformation?.type === "concat" ? "" : mapping.mappedTo,
      transform: transformation?.type ?? "none",
      separator: transformation?.type === "split" || transformation?.type === "concat" ? transformation.separator.replace(/\n/g, "\\n") : "",
      index: transformation?.type === "split" ? String(transformation.index) : "",
      format: transformation?.type === "format" ? transformation.format : "",
      fields: transformation?.type === "concat" ? transformation.fields.join("\n") : "",
      table:
        transformation?.type === "lookup"
          ? Object.entries(transformation.table)
              .map(([ours, theirs]) => `${ours} = ${theirs}`)
              .join("\n")
          : "",
      fallback: transformation?.type === "lookup" ? (transformation.fallback ?? "") : "",
      defaultValue: mapping.defaultValue === undefined ? "" : String(mapping.defaultValue),
      required: mapping.required || mapping.validation?.required === true,
      pattern: mapping.validation?.pattern ?? "",
    };
  });
}

export const emptyRow = (): MappingRow => ({
  field: "",
  source: "",
  transform: "none",
  separator: "",
  index: "",
  format: "",
  fields: "",
  table: "",
  fallback: "",
  defaultValue: "",
  required: false,
  pattern: "",
});

/** The rows as submitted (rows[i].name), in order, with the blank ones kept so each keeps its place next to its errors. */
/**
 * The source select's value for "a path of my own" (issue 27): the path then comes from rows[i].sourceCustom.
 * Not a valid source path itself (no dot), so it can never collide with a known field.
 */
export const CUSTOM_SOURCE = "custom";

/** What the source select shows for a stored source: a known field as itself, anything else as "custom" with its path kept. */
export function sourceChoice(source: string, known: readonly string[]): { choice: string; custom: string } {
  if (!source || known.includes(source)) return { choice: source, custom: "" };
  return { choice: CUSTOM_SOURCE, custom: source };
}

export function readRows(form: { get(name: string): unknown; has?(name: string): boolean }): Array<MappingRow & { remove: boolean }> {
  const rows: Array<MappingRow & { remove: boolean }> = [];
  for (let index = 0; index < MAX_MAPPING_ROWS + 1; index++) {
    const text = (name: string) => {
      const value = form.get(`rows[${index}].${name}`);
      return typeof value === "string" ? value : null;
    };
    if (text("field") === null && text("source") === null) break;
    const transform = text("transform") ?? "none";
    rows.push({
      field: (text("field") ?? "").trim(),
      source: (text("source") === CUSTOM_SOURCE ? (text("sourceCustom") ?? "") : (text("source") ?? "")).trim(),
      transform: (ROW_TRANSFORMS as readonly string[]).includes(transform) ? (transform as RowTransform) : "none",
      separator: text("separator") ?? "",
      index: (text("index") ?? "").trim(),
      format: (text("format") ?? "").trim(),
      fields: text("fields") ?? "",
      table: text("table") ?? "",
      fallback: text("fallback") ?? "",
      defaultValue: text("defaultValue") ?? "",
      required: text("required") === "on",
      pattern: (text("pattern") ?? "").trim(),
      remove: text("remove") === "on",
    });
  }
  return rows;
}

const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/;
const unescape = (separator: string) => separator.replace(/\\n/g, "\n").replace(/\\t/g, "\t");

/**
 * Rows to mappings. Each problem is named at its row and input; a row with
 * one is left out of the mappings (they are not saved while any remain).
 */
export function rowsToMappings(
  rows: ReadonlyArray<MappingRow & { remove?: boolean }>,
  isKnownSource: (name: string) => boolean,
): { mappings: FieldMapping[]; errors: RowErrors } {
  const mappings: FieldMapping[] = [];
  const errors: RowErrors = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (row.remove) return;
    const blank = !row.field && !row.source && !row.fields.trim() && row.transform === "none";
    if (blank) return;
    const problems: Partial<Record<keyof MappingRow, string>> = {};
    if (!row.field) problems.field = "mapping.fieldRequired";
    else if (!FIELD_PATH.test(row.field)) problems.field = "mapping.fieldInvalid";
    else if (seen.has(row.field)) problems.field = "mapping.fieldDuplicate";
    const concatFields = row.fields
      .split(/[\n,]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const sources = row.transform === "concat" ? concatFields : [row.source];
    if (row.transform === "concat" && concatFields.length < 2) problems.fields = "mapping.concatNeedsTwo";
    else if (row.transform !== "concat" && !row.source) problems.source = "mapping.sourceRequired";
    else {
      const unknown = sources.find((source) => !isKnownSource(source));
      if (unknown) problems[row.transform === "concat" ? "fields" : "source"] = "mapping.sourceUnknown";
    }
    let transformation: FieldMapping["transformation"];
    if (row.transform === "split") {
      const position = Number(row.index || "0");
      if (!row.separator) problems.separator = "mapping.separatorRequired";
      if (!Number.isInteger(position) || position < 0 || position > 50) problems.index = "mapping.indexInvalid";
      transformation = { type: "split", separator: unescape(row.separator), index: position };
    } else if (row.transform === "format") {
      if (!(ROW_FORMATS as readonly string[]).includes(row.format)) problems.format = "mapping.formatRequired";
      transformation = { type: "format", format: row.format as (typeof ROW_FORMATS)[number] };
    } else if (row.transform === "concat") {
      transformation = { type: "concat", fields: concatFields, separator: unescape(row.separator || " ") };
    } else if (row.transform === "lookup") {
      const table: Record<string, string> = {};
      for (const line of row.table
        .split("\n")
        .map((entry) => entry.trim())
        .filter(Boolean)) {
        const at = line.indexOf("=");
        if (at <= 0) {
          problems.table = "mapping.lookupLine";
          break;
        }
        table[line.slice(0, at).trim()] = line.slice(at + 1).trim();
      }
      if (!problems.table && Object.keys(table).length === 0) problems.table = "mapping.lookupEmpty";
      transformation = { type: "lookup", table, ...(row.fallback.trim() ? { fallback: row.fallback.trim() } : {}) };
    }
    if (row.pattern) {
      try {
        new RegExp(row.pattern, "u");
      } catch {
        problems.pattern = "mapping.patternInvalid";
      }
    }
    if (Object.keys(problems).length) {
      errors[index] = problems;
      return;
    }
    seen.add(row.field);
    mappings.push({
      field: row.field,
      required: row.required,
      mappedTo: sources[0]!,
      ...(transformation ? { transformation } : {}),
      ...(row.required || row.pattern ? { validation: { ...(row.pattern ? { pattern: row.pattern } : {}), ...(row.required ? { required: true } : {}) } } : {}),
      ...(row.defaultValue !== "" ? { defaultValue: row.defaultValue } : {}),
    });
  });
  return { mappings, errors };
}
