import Ajv2020, { type ErrorObject } from "ajv/dist/2020.js";

/**
 * JSON Schema (draft 2020-12) checked by ajv 8 in strict mode, limited to the
 * keywords below: a schema that uses any other keyword, or a format we do not
 * check, is refused, so a schema never looks stricter than it is (the
 * integration templates, docs/decisions/0024-integration-hub.md).
 *
 * Problems name where they are by a dotted path (properties.email,
 * filterGroups[0].filters[0].operator; "" for the whole schema or value) and
 * say what is wrong in our words, in the order the schema lists its keywords.
 */

export interface JsonSchemaProblem {
  path: string;
  message: string;
}

export type JsonSchemaCheck = (value: unknown) => JsonSchemaProblem[];

/** Keywords that only describe; they never fail a value. */
const ANNOTATIONS = ["$schema", "$id", "$comment", "title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly"];
const ASSERTIONS = ["type", "enum", "const", "required", "uniqueItems", "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"];
const BOUNDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "pattern", "format"];
const APPLICATORS = ["properties", "additionalProperties", "items", "allOf", "anyOf", "oneOf", "not"];
const KEYWORDS = [...ANNOTATIONS, ...ASSERTIONS, ...BOUNDS, ...APPLICATORS];

const EMAIL_FORMAT =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const DATE_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_FORMAT = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isDate(text: string) {
  const match = DATE_FORMAT.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** RFC 3339 date-time (a zone is required; a leap second is allowed). */
function isDateTime(text: string) {
  const match = DATE_TIME_FORMAT.exec(text);
  if (!match || !isDate(match[1] ?? "")) return false;
  const [hour, minute, second] = [Number(match[2]), Number(match[3]), Number(match[4])];
  if (hour > 23 || minute > 59 || second > 60) return false;
  return match[5] === undefined || (Number(match[5]) <= 23 && Number(match[6]) <= 59);
}

function isUri(text: string) {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** A regular expression as `pattern` uses it: compiled with the `u` flag, as ajv does. */
export function compilePattern(pattern: string) {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}

/*
 * Our own formats rather than ajv-formats: its date-time takes a space for the
 * T, its uuid a urn:uuid: prefix and its uri a regular expression instead of
 * the URL parser, and templates already written against these would change.
 */
const FORMATS: Record<string, (text: string) => boolean> = {
  "date-time": isDateTime,
  date: isDate,
  email: (text) => EMAIL_FORMAT.test(text),
  uri: isUri,
  uuid: (text) => UUID_FORMAT.test(text),
};

const META_SCHEMA = "urn:voxboard:json-schema-subset";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, ownProperties: true, verbose: true });
for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, validate);
// Only the meta-schema uses this one (draft 2020-12 marks `pattern` with it); schemas may not (the enum below).
ajv.addFormat("regex", (text) => compilePattern(text) !== null);
/*
 * Draft 2020-12 checks every subschema against the meta-schema that holds the
 * "meta" dynamic anchor; ours holds it, so the keyword and format limits apply
 * at every depth, and every problem is reported with its path (a strict compile
 * stops at the first and names no path).
 */
ajv.addSchema({
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: META_SCHEMA,
  $dynamicAnchor: "meta",
  allOf: [{ $ref: "https://json-schema.org/draft/2020-12/schema" }],
  if: { type: "object" },
  then: {
    type: "object",
    propertyNames: { enum: KEYWORDS },
    properties: {
      format: { enum: Object.keys(FORMATS) },
      pattern: { type: "string", format: "regex" },
      enum: { type: "array", minItems: 1 },
      multipleOf: { type: "number", exclusiveMinimum: 0 },
    },
  },
});

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const describe = (value: unknown) => JSON.stringify(value) ?? String(value);
const childPath = (at: string, key: string) => (at ? `${at}.${key}` : key);

/** A JSON pointer (/properties/0/items) as a dotted path; numbers are indexes only where the value there is an array. */
function pointerPath(pointer: string, root: unknown) {
  let node = root;
  let path = "";
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    path = Array.isArray(node) ? `${path}[${key}]` : childPath(path, key);
    node = Array.isArray(node) ? node[Number(key)] : isPlainObject(node) ? node[key] : undefined;
  }
  return path;
}

/** The keyword a pointer into a schema ends at, or "" when it ends at a property name, an item or inside a keyword's value. */
function keywordAt(pointer: string) {
  let place: "schema" | "names" | "list" | "value" = "schema";
  let keyword = "";
  for (const step of pointer.split("/").slice(1)) {
    keyword = place === "schema" ? step : "";
    if (place === "names" || place === "list") place = "schema";
    else if (place === "schema" && step === "properties") place = "names";
    else if (place === "schema" && (step === "allOf" || step === "anyOf" || step === "oneOf")) place = "list";
    else if (place === "schema" && (step === "additionalProperties" || step === "items" || step === "not")) place = "schema";
    else place = "value";
  }
  return keyword;
}

/** What a keyword's value must be, when the meta-schema refuses it. */
const KEYWORD_SHAPES: Record<string, string> = {
  type: "must be one of string, number, integer, boolean, object, array, null, or a non-empty list of them without repeats",
  enum: "must be a non-empty array",
  properties: "must be an object of schemas",
  required: "must be a list of property names without repeats",
  items: "must be one schema (draft 2020-12; a list of schemas is not supported)",
  uniqueItems: "must be a boolean",
  allOf: "must be a non-empty array of schemas",
  anyOf: "must be a non-empty array of schemas",
  oneOf: "must be a non-empty array of schemas",
  multipleOf: "must be a number above 0",
  ...Object.fromEntries(["minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties"].map((k) => [k, "must be a non-negative integer"])),
  ...Object.fromEntries(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"].map((k) => [k, "must be a number"])),
};

/** The meta-schema's findings, one per place. */
function schemaProblems(errors: readonly ErrorObject[], schema: unknown): JsonSchemaProblem[] {
  const found = new Map<string, string>();
  for (const error of errors) {
    if (error.keyword === "propertyNames") {
      found.set(childPath(pointerPath(error.instancePath, schema), String(error.params.propertyName)), "is not a supported JSON Schema keyword");
      continue;
    }
    // The enum of allowed keywords reports each bad name under propertyNames above; the if/then wrapper only repeats what is inside it.
    if (error.propertyName !== undefined || error.keyword === "if" || error.keyword === "$dynamicRef") continue;
    const path = pointerPath(error.instancePath, schema);
    if (found.has(path)) continue;
    const keyword = keywordAt(error.instancePath);
    const value = error.data;
    if (keyword === "format" && error.keyword === "enum") found.set(path, `unknown format ${describe(value)} (known: ${Object.keys(FORMATS).join(", ")})`);
    else if (keyword === "pattern") found.set(path, `is not a valid regular expression: ${describe(value)}`);
    else if (KEYWORD_SHAPES[keyword] && !isPlainObject(value)) found.set(path, KEYWORD_SHAPES[keyword]);
    else found.set(path, error.instancePath === "" || !isPlainObject(value) ? "a schema must be an object or a boolean" : (error.message ?? "is invalid"));
  }
  return [...found].map(([path, message]) => ({ path, message }));
}

/** A copy without $id and $schema: both only describe here, and ajv would file the schema under its $id or look for another draft. */
function withoutIdentifiers(schema: unknown): unknown {
  if (!isPlainObject(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "$id" || keyword === "$schema") continue;
    if (keyword === "properties" && isPlainObject(value))
      copy[keyword] = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, withoutIdentifiers(property)]));
    else if ((keyword === "allOf" || keyword === "anyOf" || keyword === "oneOf") && Array.isArray(value)) copy[keyword] = value.map(withoutIdentifiers);
    else if (keyword === "additionalProperties" || keyword === "items" || keyword === "not") copy[keyword] = withoutIdentifiers(value);
    else copy[keyword] = value;
  }
  return copy;
}

/** An object's fields without those set to undefined, at every depth: JSON has no undefined, and a payload is sent as JSON. */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .map(([key, field]) => [key, withoutUndefined(field)]),
  );
}

/** A value error in our words, with the path of the field it is about. */
function valueProblem(error: ErrorObject, value: unknown): JsonSchemaProblem {
  const at = pointerPath(error.instancePath, value);
  const params = error.params as Record<string, unknown>;
  const limit = params.limit;
  switch (error.keyword) {
    case "type":
      return { path: at, message: `must be ${([] as unknown[]).concat(error.schema).join(" or ")}` };
    case "enum":
      return { path: at, message: `must be one of ${(params.allowedValues as unknown[]).map(describe).join(", ")}` };
    case "const":
      return { path: at, message: `must be ${describe(params.allowedValue)}` };
    case "required":
      return { path: childPath(at, String(params.missingProperty)), message: "is required" };
    case "additionalProperties":
      return { path: childPath(at, String(params.additionalProperty)), message: "is not an allowed field" };
    case "uniqueItems":
      return { path: at, message: "must not repeat an item" };
    case "minLength":
      return { path: at, message: `must be at least ${limit} characters` };
    case "maxLength":
      return { path: at, message: `must be at most ${limit} characters` };
    case "minItems":
      return { path: at, message: `must have at least ${limit} items` };
    case "maxItems":
      return { path: at, message: `must have at most ${limit} items` };
    case "minProperties":
      return { path: at, message: `must have at least ${limit} fields` };
    case "maxProperties":
      return { path: at, message: `must have at most ${limit} fields` };
    case "minimum":
      return { path: at, message: `must be at least ${limit}` };
    case "maximum":
      return { path: at, message: `must be at most ${limit}` };
    case "exclusiveMinimum":
      return { path: at, message: `must be more than ${limit}` };
    case "exclusiveMaximum":
      return { path: at, message: `must be less than ${limit}` };
    case "multipleOf":
      return { path: at, message: `must be a multiple of ${params.multipleOf}` };
    case "pattern":
      return { path: at, message: `must match the pattern ${params.pattern}` };
    case "format":
      return { path: at, message: `must be a valid ${params.format}` };
    case "anyOf":
      return { path: at, message: "does not match any of the allowed shapes" };
    case "oneOf":
      return { path: at, message: params.passingSchemas ? "matches more than one of the allowed shapes" : "does not match any of the allowed shapes" };
    case "not":
      return { path: at, message: "matches a shape that is not allowed" };
    case "false schema":
      return { path: at, message: "is not allowed" };
    default:
      return { path: at, message: error.message ?? "is invalid" };
  }
}

/**
 * Where an error stands in the schema's own order: at each step the place of
 * the keyword in its schema object (of the property in `properties`), and for
 * `items` and `additionalProperties` the place of the item or field in the
 * value. ajv reports in its own keyword order; people read the schema's.
 */
function orderOf(error: ErrorObject, schema: unknown, value: unknown): number[] {
  const order: number[] = [];
  const steps = error.schemaPath.split("/").slice(1);
  const instance = error.instancePath.split("/").slice(1);
  let node = schema;
  let data = value;
  const enter = () => {
    const key = instance.shift() ?? "";
    const position = Array.isArray(data) ? Number(key) : isPlainObject(data) ? Object.keys(data).indexOf(key) : 0;
    data = Array.isArray(data) ? data[Number(key)] : isPlainObject(data) ? data[key] : undefined;
    return position;
  };
  for (let index = 0; index < steps.length && isPlainObject(node); index++) {
    const keyword = steps[index]!;
    order.push(Object.keys(node).indexOf(keyword));
    const next: unknown = node[keyword];
    if (keyword === "properties" && isPlainObject(next) && index + 1 < steps.length) {
      const name = steps[++index]!;
      order.push(Object.keys(next).indexOf(name));
      node = next[name];
      enter();
    } else if ((keyword === "allOf" || keyword === "anyOf" || keyword === "oneOf") && Array.isArray(next) && index + 1 < steps.length) {
      const item = Number(steps[++index]);
      order.push(item);
      node = next[item];
    } else if ((keyword === "items" || keyword === "additionalProperties") && index + 1 < steps.length) {
      order.push(enter());
      node = next;
    } else if (keyword === "additionalProperties" && isPlainObject(data)) {
      order.push(Object.keys(data).indexOf(String(error.params.additionalProperty)));
      break;
    } else {
      node = next;
    }
  }
  return order;
}

const compareOrders = (a: number[], b: number[]) => {
  for (let index = 0; index < Math.min(a.length, b.length); index++) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return a.length - b.length;
};

export type CompiledJsonSchema = { ok: true; check: JsonSchemaCheck } | { ok: false; problems: JsonSchemaProblem[] };

// ajv writes and compiles a function per schema, tens of milliseconds each; a template's schemas are compiled again whenever it is loaded again (a custom template after each change, test copies), so compiled schemas are kept by their text.
const compiledByText = new Map<string, CompiledJsonSchema>();

/** Checks a schema against the subset and compiles it; problems name the place in the schema ("" for the schema itself). */
export function compileJsonSchema(schema: unknown): CompiledJsonSchema {
  if (schema !== true && schema !== false && !isPlainObject(schema))
    return { ok: false, problems: [{ path: "", message: "a schema must be an object or a boolean" }] };
  const text = JSON.stringify(schema);
  let compiled = compiledByText.get(text);
  if (!compiled) {
    compiled = compileFresh(schema);
    if (compiledByText.size >= 500) compiledByText.clear();
    compiledByText.set(text, compiled);
  }
  return compiled;
}

function compileFresh(schema: Record<string, unknown> | boolean): CompiledJsonSchema {
  if (!ajv.validate(META_SCHEMA, schema)) return { ok: false, problems: schemaProblems(ajv.errors ?? [], schema) };
  const usable = withoutIdentifiers(schema) as Record<string, unknown> | boolean;
  let validate;
  try {
    validate = ajv.compile(usable);
  } catch (error) {
    // Strict mode's own rules (a union type without its keywords' types, an unknown `required` property …), which the meta-schema does not state.
    return { ok: false, problems: [{ path: "", message: (error as Error).message }] };
  } finally {
    // Compiled functions stand on their own; ajv's cache would otherwise keep every custom template's schemas for good.
    if (typeof usable === "object") ajv.removeSchema(usable);
  }
  return {
    ok: true,
    check: (input) => {
      const value = withoutUndefined(input);
      if (validate(value)) return [];
      const errors = validate.errors ?? [];
      // A failed anyOf or oneOf is one problem: what its branches said is not the point.
      const choices = errors.filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf");
      const reported = errors.filter(
        (error) =>
          !choices.some(
            (choice) => choice !== error && error.schemaPath.startsWith(`${choice.schemaPath}/`) && error.instancePath.startsWith(choice.instancePath),
          ),
      );
      return reported
        .map((error) => ({ error, order: orderOf(error, usable, value) }))
        .sort((a, b) => compareOrders(a.order, b.order))
        .map(({ error }) => valueProblem(error, value));
    },
  };
}
