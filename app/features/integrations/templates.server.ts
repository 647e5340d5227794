import { IntegrationTemplateSchema, type IntegrationTemplate, type TemplateEndpoint } from "./template-schema";
import crmSuite from "./templates/crm-suite.json";
import gymManagement from "./templates/gym-management.json";

/**
 * The shipped integration templates (spec section 3), checked once when the
 * module loads: the server build imports every route at start, so a broken
 * template stops the start with the template id and the path of every
 * problem, not a delivery later.
 *
 * Beyond the zod schema (template-schema.ts) the loader refuses keys the
 * schema does not know (zod would drop them silently), compiles every
 * endpoint's payloadSchema and responseSchema, checks the examples and
 * default queries against them, checks that requiredFields, optionalFields,
 * fieldValidations and the field mappings name fields the payload schemas
 * declare, and that every pattern is a valid regular expression.
 *
 * The JSON Schemas are checked by the small validator below, not by ajv: the
 * app has no ajv 8 (only eslint's ajv 6). It covers the draft 2020-12 subset
 * the templates use and refuses any other keyword, so a schema never looks
 * stricter than it is. Patterns are compiled with the `u` flag, as ajv does.
 */

/** Imported so the templates travel inside the server bundle and need no file reads. */
const SHIPPED: readonly unknown[] = [gymManagement, crmSuite];

export type PayloadProblem = { path: string; message: string };
export type PayloadCheck = { ok: true } | { ok: false; problems: PayloadProblem[] };

// ---------------------------------------------------------------------------
// JSON Schema subset
// ---------------------------------------------------------------------------

/** Checks a value; `at` is the value's path in the payload ("" for the whole payload). */
type Check = (value: unknown, at: string, problems: PayloadProblem[]) => void;

const JSON_TYPES = ["string", "number", "integer", "boolean", "object", "array", "null"] as const;
type JsonType = (typeof JSON_TYPES)[number];

/** Keywords that only describe; they never fail a value. */
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description", "examples", "default", "deprecated", "readOnly", "writeOnly"]);

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

/** RFC 3339 date-time, as ajv-formats' "date-time" (a zone is required; a leap second is allowed). */
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

const FORMATS: Record<string, (text: string) => boolean> = {
  "date-time": isDateTime,
  date: isDate,
  email: (text) => EMAIL_FORMAT.test(text),
  uri: isUri,
  uuid: (text) => UUID_FORMAT.test(text),
};

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;
const describe = (value: unknown) => JSON.stringify(value) ?? String(value);
const own = (object: Record<string, unknown>, key: string) => Object.hasOwn(object, key) && object[key] !== undefined;

function jsonTypeOf(value: unknown): JsonType | "other" {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isFinite(value) ? (Number.isInteger(value) ? "integer" : "number") : "other";
  if (typeof value === "string" || typeof value === "boolean" || typeof value === "object") return typeof value as JsonType;
  return "other";
}

const hasType = (value: unknown, type: JsonType) => {
  const actual = jsonTypeOf(value);
  return actual === type || (type === "number" && actual === "integer");
};

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a).filter((key) => a[key] !== undefined);
    return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length && keys.every((key) => own(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

const childPath = (at: string, key: string) => (at ? `${at}.${key}` : key);
const itemPath = (at: string, index: number) => `${at}[${index}]`;
const shown = (at: string) => at || "(payload)";

/** Compiles `schema` (found at `where` in the template); a keyword it cannot use is added to `errors` as [path, message]. */
function compileSchema(schema: unknown, where: string, errors: Array<[string, string]>): Check {
  if (schema === true) return () => {};
  if (schema === false) return (_value, at, problems) => void problems.push({ path: shown(at), message: "is not allowed" });
  if (!isPlainObject(schema)) {
    errors.push([where, "a schema must be an object or a boolean"]);
    return () => {};
  }
  const checks: Check[] = [];
  const bad = (keyword: string, message: string) => {
    errors.push([childPath(where, keyword), message]);
  };
  const sub = (keyword: string, value: unknown) => compileSchema(value, childPath(where, keyword), errors);
  const subList = (keyword: string, value: unknown) => {
    if (!Array.isArray(value) || value.length === 0) {
      bad(keyword, "must be a non-empty array of schemas");
      return [];
    }
    return value.map((item, index) => compileSchema(item, itemPath(childPath(where, keyword), index), errors));
  };
  const count = (
    keyword: string,
    value: unknown,
    test: (actual: number, limit: number) => boolean,
    measure: (value: unknown) => number | null,
    message: (limit: number) => string,
  ) => {
    if (!isCount(value)) return bad(keyword, "must be a non-negative integer");
    checks.push((actual, at, problems) => {
      const size = measure(actual);
      if (size !== null && !test(size, value)) problems.push({ path: shown(at), message: message(value) });
    });
  };
  const bound = (keyword: string, value: unknown, test: (actual: number, limit: number) => boolean, message: (limit: number) => string) => {
    if (typeof value !== "number" || !Number.isFinite(value)) return bad(keyword, "must be a number");
    checks.push((actual, at, problems) => {
      if (typeof actual === "number" && !test(actual, value)) problems.push({ path: shown(at), message: message(value) });
    });
  };
  const stringLength = (value: unknown) => (typeof value === "string" ? [...value].length : null);
  const arrayLength = (value: unknown) => (Array.isArray(value) ? value.length : null);
  const propertyCount = (value: unknown) => (isPlainObject(value) ? Object.keys(value).filter((key) => value[key] !== undefined).length : null);

  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) continue;
    switch (keyword) {
      case "type": {
        const types = typeof value === "string" ? [value] : value;
        if (
          !Array.isArray(types) ||
          types.length === 0 ||
          !types.every((type) => (JSON_TYPES as readonly unknown[]).includes(type)) ||
          new Set(types).size !== types.length
        ) {
          bad(keyword, `must be one of ${JSON_TYPES.join(", ")}, or a non-empty list of them without repeats`);
          break;
        }
        const allowed = types as JsonType[];
        checks.push((actual, at, problems) => {
          if (!allowed.some((type) => hasType(actual, type))) problems.push({ path: shown(at), message: `must be ${allowed.join(" or ")}` });
        });
        break;
      }
      case "enum": {
        if (!Array.isArray(value) || value.length === 0) {
          bad(keyword, "must be a non-empty array");
          break;
        }
        checks.push((actual, at, problems) => {
          if (!value.some((option) => deepEqual(option, actual)))
            problems.push({ path: shown(at), message: `must be one of ${value.map(describe).join(", ")}` });
        });
        break;
      }
      case "const":
        checks.push((actual, at, problems) => {
          if (!deepEqual(value, actual)) problems.push({ path: shown(at), message: `must be ${describe(value)}` });
        });
        break;
      case "properties": {
        if (!isPlainObject(value)) {
          bad(keyword, "must be an object of schemas");
          break;
        }
        const properties = Object.entries(value).map(
          ([name, property]) => [name, compileSchema(property, childPath(childPath(where, keyword), name), errors)] as const,
        );
        checks.push((actual, at, problems) => {
          if (!isPlainObject(actual)) return;
          for (const [name, check] of properties) if (own(actual, name)) check(actual[name], childPath(at, name), problems);
        });
        break;
      }
      case "required": {
        if (!Array.isArray(value) || !value.every((name) => typeof name === "string") || new Set(value).size !== value.length) {
          bad(keyword, "must be a list of property names without repeats");
          break;
        }
        checks.push((actual, at, problems) => {
          if (!isPlainObject(actual)) return;
          for (const name of value as string[]) if (!own(actual, name)) problems.push({ path: childPath(at, name), message: "is required" });
        });
        break;
      }
      case "additionalProperties": {
        const declared = isPlainObject(schema.properties) ? new Set(Object.keys(schema.properties)) : new Set<string>();
        const check = sub(keyword, value);
        checks.push((actual, at, problems) => {
          if (!isPlainObject(actual)) return;
          for (const name of Object.keys(actual)) {
            if (declared.has(name) || actual[name] === undefined) continue;
            if (value === false) problems.push({ path: childPath(at, name), message: "is not an allowed field" });
            else check(actual[name], childPath(at, name), problems);
          }
        });
        break;
      }
      case "items": {
        if (Array.isArray(value)) {
          bad(keyword, "must be one schema (draft 2020-12; a list of schemas is not supported)");
          break;
        }
        const check = sub(keyword, value);
        checks.push((actual, at, problems) => {
          if (Array.isArray(actual)) actual.forEach((item, index) => check(item, itemPath(at, index), problems));
        });
        break;
      }
      case "uniqueItems":
        if (typeof value !== "boolean") {
          bad(keyword, "must be a boolean");
          break;
        }
        if (value)
          checks.push((actual, at, problems) => {
            if (Array.isArray(actual) && actual.some((item, index) => actual.findIndex((other) => deepEqual(other, item)) !== index))
              problems.push({ path: shown(at), message: "must not repeat an item" });
          });
        break;
      case "minLength":
        count(
          keyword,
          value,
          (size, limit) => size >= limit,
          stringLength,
          (limit) => `must be at least ${limit} characters`,
        );
        break;
      case "maxLength":
        count(
          keyword,
          value,
          (size, limit) => size <= limit,
          stringLength,
          (limit) => `must be at most ${limit} characters`,
        );
        break;
      case "minItems":
        count(
          keyword,
          value,
          (size, limit) => size >= limit,
          arrayLength,
          (limit) => `must have at least ${limit} items`,
        );
        break;
      case "maxItems":
        count(
          keyword,
          value,
          (size, limit) => size <= limit,
          arrayLength,
          (limit) => `must have at most ${limit} items`,
        );
        break;
      case "minProperties":
        count(
          keyword,
          value,
          (size, limit) => size >= limit,
          propertyCount,
          (limit) => `must have at least ${limit} fields`,
        );
        break;
      case "maxProperties":
        count(
          keyword,
          value,
          (size, limit) => size <= limit,
          propertyCount,
          (limit) => `must have at most ${limit} fields`,
        );
        break;
      case "minimum":
        bound(
          keyword,
          value,
          (actual, limit) => actual >= limit,
          (limit) => `must be at least ${limit}`,
        );
        break;
      case "maximum":
        bound(
          keyword,
          value,
          (actual, limit) => actual <= limit,
          (limit) => `must be at most ${limit}`,
        );
        break;
      case "exclusiveMinimum":
        bound(
          keyword,
          value,
          (actual, limit) => actual > limit,
          (limit) => `must be more than ${limit}`,
        );
        break;
      case "exclusiveMaximum":
        bound(
          keyword,
          value,
          (actual, limit) => actual < limit,
          (limit) => `must be less than ${limit}`,
        );
        break;
      case "multipleOf":
        if (typeof value !== "number" || !(value > 0)) {
          bad(keyword, "must be a number above 0");
          break;
        }
        bound(
          keyword,
          value,
          (actual, step) => Number.isInteger(actual / step),
          (step) => `must be a multiple of ${step}`,
        );
        break;
      case "pattern": {
        const regex = typeof value === "string" ? compilePattern(value) : null;
        if (!regex) {
          bad(keyword, `is not a valid regular expression: ${describe(value)}`);
          break;
        }
        checks.push((actual, at, problems) => {
          if (typeof actual === "string" && !regex.test(actual)) problems.push({ path: shown(at), message: `must match the pattern ${value}` });
        });
        break;
      }
      case "format": {
        const test = typeof value === "string" ? FORMATS[value] : undefined;
        if (!test) {
          bad(keyword, `unknown format ${describe(value)} (known: ${Object.keys(FORMATS).join(", ")})`);
          break;
        }
        checks.push((actual, at, problems) => {
          if (typeof actual === "string" && !test(actual)) problems.push({ path: shown(at), message: `must be a valid ${value}` });
        });
        break;
      }
      case "allOf": {
        const parts = subList(keyword, value);
        checks.push((actual, at, problems) => parts.forEach((check) => check(actual, at, problems)));
        break;
      }
      case "anyOf":
      case "oneOf": {
        const parts = subList(keyword, value);
        checks.push((actual, at, problems) => {
          const outcomes = parts.map((check) => {
            const found: PayloadProblem[] = [];
            check(actual, at, found);
            return found;
          });
          const matches = outcomes.filter((found) => found.length === 0).length;
          if (keyword === "anyOf" ? matches === 0 : matches !== 1)
            problems.push({
              path: shown(at),
              message: matches === 0 ? "does not match any of the allowed shapes" : "matches more than one of the allowed shapes",
            });
        });
        break;
      }
      case "not": {
        const check = sub(keyword, value);
        checks.push((actual, at, problems) => {
          const found: PayloadProblem[] = [];
          check(actual, at, found);
          if (found.length === 0) problems.push({ path: shown(at), message: "matches a shape that is not allowed" });
        });
        break;
      }
      default:
        bad(keyword, "is not a supported JSON Schema keyword");
    }
  }
  return (value, at, problems) => checks.forEach((check) => check(value, at, problems));
}

function compilePattern(pattern: string) {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}

/** The schema of a dotted field (properties.email) and whether every step of it is required; null when the schema does not declare it. */
function resolveField(schema: Record<string, unknown>, field: string): { schema: Record<string, unknown>; required: boolean } | null {
  let current: Record<string, unknown> = schema;
  let required = true;
  for (const name of field.split(".")) {
    const properties = current.properties;
    const next = isPlainObject(properties) ? properties[name] : undefined;
    if (!isPlainObject(next)) return null;
    required &&= Array.isArray(current.required) && current.required.includes(name);
    current = next;
  }
  return { schema: current, required };
}

// ---------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------

interface EndpointChecks {
  payload: Check | null;
  response: Check | null;
}

interface LoadedTemplate {
  template: IntegrationTemplate;
  checks: Map<string, EndpointChecks>;
}

/** zod's path (["endpoints", 4, "payloadSchema"]) as endpoints[4].payloadSchema. */
function formatPath(path: ReadonlyArray<string | number>) {
  return path.reduce<string>((text, part) => (typeof part === "number" ? itemPath(text, part) : childPath(text, part)), "") || "(template)";
}

/** Keys in the file that zod dropped because the schema does not know them (records keep every key, so they never show here). */
function unknownKeys(input: unknown, output: unknown, at: string, found: string[]) {
  if (Array.isArray(input) && Array.isArray(output)) {
    input.forEach((item, index) => unknownKeys(item, output[index], itemPath(at, index), found));
  } else if (isPlainObject(input) && isPlainObject(output)) {
    for (const [key, value] of Object.entries(input)) {
      if (!Object.hasOwn(output, key)) found.push(childPath(at, key));
      else unknownKeys(value, output[key], childPath(at, key), found);
    }
  }
}

const isHttps = (text: string) => {
  try {
    return new URL(text).protocol === "https:";
  } catch {
    return false;
  }
};

/** Everything beyond the zod schema; returns [path, message] pairs and the compiled endpoint checks. */
function checkTemplate(template: IntegrationTemplate, errors: Array<[string, string]>, options: LoadOptions): Map<string, EndpointChecks> {
  const checks = new Map<string, EndpointChecks>();
  for (const key of ["website", "baseUrl", "setupGuideUrl", "documentationUrl"] as const) {
    if (!isHttps(template[key]) && !(options.allowHttp && /^http:\/\//.test(template[key]))) errors.push([key, "must be an https URL"]);
  }
  if (!template.logo.startsWith("/") && !isHttps(template.logo)) errors.push(["logo", "must be a path under public/ (starting with /) or an https URL"]);
  const limits = template.rateLimiting;
  if (limits.requestsPerMinute > limits.requestsPerHour) errors.push(["rateLimiting.requestsPerHour", "must be at least requestsPerMinute"]);
  if (limits.requestsPerHour > limits.requestsPerDay) errors.push(["rateLimiting.requestsPerDay", "must be at least requestsPerHour"]);
  const codes = template.errorHandling.retryableStatusCodes;
  if (new Set(codes).size !== codes.length) errors.push(["errorHandling.retryableStatusCodes", "must not repeat a status code"]);

  /** Every field some endpoint sends, for the field mappings. */
  const payloadFields = new Set<string>();
  template.endpoints.forEach((endpoint, index) => {
    const at = itemPath("endpoints", index);
    const here = (path: string) => childPath(at, path);
    checks.set(endpoint.endpointName, checkEndpoint(endpoint, here, errors));
    for (const field of [...endpoint.requiredFields, ...endpoint.optionalFields]) payloadFields.add(field);
  });

  for (const list of ["contactsMapping", "appointmentsMapping"] as const) {
    const seen = new Set<string>();
    template.fieldMappings[list].forEach((mapping, index) => {
      const at = `fieldMappings.${list}[${index}]`;
      if (seen.has(mapping.field)) errors.push([`${at}.field`, `maps ${mapping.field} a second time`]);
      seen.add(mapping.field);
      if (!payloadFields.has(mapping.field)) errors.push([`${at}.field`, `${mapping.field} is not a required or optional field of any endpoint`]);
      const pattern = mapping.validation?.pattern;
      if (pattern !== undefined && !compilePattern(pattern)) errors.push([`${at}.validation.pattern`, `is not a valid regular expression: ${pattern}`]);
    });
  }
  return checks;
}

function checkEndpoint(endpoint: TemplateEndpoint, here: (path: string) => string, errors: Array<[string, string]>): EndpointChecks {
  if (endpoint.includeInSync && !endpoint.enabled) errors.push([here("includeInSync"), "a disabled endpoint cannot be part of the sync"]);
  for (const match of endpoint.endpoint.matchAll(/\{([^}]*)\}/g)) {
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(match[1] ?? "")) errors.push([here("endpoint"), `path parameter {${match[1]}} must be a plain name`]);
  }

  const payloadSchema = endpoint.payloadSchema;
  const payload = payloadSchema ? compileSchema(payloadSchema, here("payloadSchema"), errors) : null;
  const response = endpoint.responseSchema ? compileSchema(endpoint.responseSchema, here("responseSchema"), errors) : null;
  if (payloadSchema && payloadSchema.type !== "object") errors.push([here("payloadSchema.type"), 'a payload (body or query) must be of type "object"']);

  const declared = new Set([...endpoint.requiredFields, ...endpoint.optionalFields]);
  if (!payloadSchema) {
    if (declared.size > 0) errors.push([here("requiredFields"), "an endpoint without a payloadSchema takes no fields"]);
  } else {
    for (const [list, mustBeRequired] of [
      ["requiredFields", true],
      ["optionalFields", false],
    ] as const) {
      endpoint[list].forEach((field, index) => {
        const found = resolveField(payloadSchema, field);
        if (!found) errors.push([`${here(list)}[${index}]`, `${field} is not declared in payloadSchema`]);
        else if (found.required !== mustBeRequired)
          errors.push([`${here(list)}[${index}]`, `${field} is ${found.required ? "required" : "optional"} in payloadSchema`]);
      });
    }
    for (const field of resolveRequiredLeaves(payloadSchema)) {
      if (!endpoint.requiredFields.includes(field)) errors.push([here("requiredFields"), `${field} is required in payloadSchema but not listed`]);
    }
  }
  endpoint.fieldValidations.forEach((validation, index) => {
    const at = `${here("fieldValidations")}[${index}]`;
    if (!declared.has(validation.field)) errors.push([`${at}.field`, `${validation.field} is not a required or optional field of this endpoint`]);
    else if (validation.required !== endpoint.requiredFields.includes(validation.field))
      errors.push([`${at}.required`, `disagrees with requiredFields for ${validation.field}`]);
    if (validation.pattern !== undefined) {
      if (!compilePattern(validation.pattern)) errors.push([`${at}.pattern`, `is not a valid regular expression: ${validation.pattern}`]);
      const inSchema = payloadSchema ? resolveField(payloadSchema, validation.field)?.schema.pattern : undefined;
      if (inSchema !== undefined && inSchema !== validation.pattern)
        errors.push([`${at}.pattern`, `differs from the payloadSchema pattern for ${validation.field}`]);
    }
  });

  const examine = (check: Check | null, value: unknown, path: string, what: string) => {
    if (value === null || value === undefined) return;
    if (!check) return void errors.push([here(path), `there is no ${what} to check this example against`]);
    const problems: PayloadProblem[] = [];
    check(value, "", problems);
    for (const problem of problems) errors.push([problem.path === "(payload)" ? here(path) : here(`${path}.${problem.path}`), problem.message]);
  };
  examine(payload, endpoint.examplePayload, "examplePayload", "payloadSchema");
  examine(response, endpoint.exampleResponse, "exampleResponse", "responseSchema");
  if (endpoint.defaultQuery) {
    for (const [name, value] of Object.entries(endpoint.defaultQuery)) {
      const found = payloadSchema ? resolveField(payloadSchema, name) : null;
      if (!found) {
        errors.push([here(`defaultQuery.${name}`), "is not declared in payloadSchema"]);
        continue;
      }
      const problems: PayloadProblem[] = [];
      compileSchema(found.schema, here(`payloadSchema.properties.${name}`), [])(value, name, problems);
      for (const problem of problems) errors.push([here(`defaultQuery.${problem.path}`), problem.message]);
    }
  }
  return { payload, response };
}

/** The dotted paths of every field the schema requires all the way down from the top (required objects are followed into). */
function resolveRequiredLeaves(schema: Record<string, unknown>, prefix = ""): string[] {
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  return required.flatMap((name) => {
    const path = childPath(prefix, name);
    const property = properties[name];
    return [path, ...(isPlainObject(property) ? resolveRequiredLeaves(property, path) : [])];
  });
}

const templateLabel = (source: unknown, index: number) => (isPlainObject(source) && typeof source.id === "string" && source.id ? source.id : `#${index + 1}`);

/**
 * Validates templates (the shipped ones by default) and compiles their
 * endpoint schemas. Throws one Error listing, per template id, the path and
 * message of every problem found.
 */
export interface LoadOptions {
  /** A user's own template (/crm) may point at a self-hosted system over http; shipped ones may not. */
  allowHttp?: boolean;
}

export function loadTemplates(sources: readonly unknown[] = SHIPPED, options: LoadOptions = {}): IntegrationTemplate[] {
  return loadAll(sources, options).map((loaded) => loaded.template);
}

function loadAll(sources: readonly unknown[], options: LoadOptions = {}): LoadedTemplate[] {
  const failures: string[] = [];
  const loaded: LoadedTemplate[] = [];
  const ids = new Set<string>();
  sources.forEach((source, index) => {
    const label = templateLabel(source, index);
    const errors: Array<[string, string]> = [];
    const parsed = IntegrationTemplateSchema.safeParse(source);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push([formatPath(issue.path), issue.message]);
    } else {
      const dropped: string[] = [];
      unknownKeys(source, parsed.data, "", dropped);
      for (const path of dropped) errors.push([path, "is not a field of an integration template"]);
      if (ids.has(parsed.data.id)) errors.push(["id", `another template already has the id ${parsed.data.id}`]);
      ids.add(parsed.data.id);
      const checks = checkTemplate(parsed.data, errors, options);
      if (errors.length === 0) loaded.push({ template: parsed.data, checks });
    }
    if (errors.length > 0)
      failures.push(`Integration template "${label}" is invalid:\n${errors.map(([path, message]) => `  - ${path}: ${message}`).join("\n")}`);
  });
  if (failures.length > 0) throw new Error(failures.join("\n"));
  for (const entry of loaded) compiled.set(entry.template, entry.checks);
  return loaded;
}

/** Compiled checks per template object (shipped or loaded through loadTemplates). */
const compiled = new WeakMap<IntegrationTemplate, Map<string, EndpointChecks>>();

let cache: readonly IntegrationTemplate[] | null = null;

/** The shipped templates, validated once. */
export function getTemplates(): readonly IntegrationTemplate[] {
  cache ??= Object.freeze(loadTemplates());
  return cache;
}

export function getTemplate(id: string): IntegrationTemplate | undefined {
  return getTemplates().find((template) => template.id === id);
}

/**
 * Checks a payload (the body of a write, the query of a read) against the
 * endpoint's payloadSchema. Problems name the field by its dotted path
 * (startTime, properties.email, filterGroups[0].filters[0].operator;
 * "(payload)" for the payload as a whole). An endpoint without a
 * payloadSchema takes no payload. An unknown endpoint name is a programming
 * error and throws.
 */
export function validatePayload(template: IntegrationTemplate, endpointName: string, payload: unknown): PayloadCheck {
  let checks = compiled.get(template);
  if (!checks) {
    checks = loadAll([template])[0]?.checks;
    if (checks) compiled.set(template, checks);
  }
  const endpoint = checks?.get(endpointName);
  if (!endpoint) throw new Error(`Integration template "${template.id}" has no endpoint ${endpointName}`);
  const problems: PayloadProblem[] = [];
  if (!endpoint.payload) {
    if (payload !== null && payload !== undefined) problems.push({ path: "(payload)", message: "this endpoint takes no payload" });
  } else {
    endpoint.payload(payload, "", problems);
  }
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}

// Checked when the server build loads, so a broken template stops the start.
getTemplates();
