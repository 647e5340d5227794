import { compileJsonSchema, compilePattern } from "~/lib/json-schema/json-schema.server";
import { IntegrationTemplateSchema, type IntegrationTemplate, type TemplateEndpoint } from "./template-schema";
import crmSuite from "./crm-suite.json";
import gymManagement from "./gym-management.json";

/**
 * The shipped integration templates (docs/product/records.md#shipped-templates), checked once when the
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
 * The JSON Schemas are checked and compiled by ajv 8 in strict mode
 * (app/lib/json-schema), limited to the draft 2020-12 keywords the templates
 * use: any other keyword is refused, so a schema never looks stricter than it is.
 */

/** Imported so the templates travel inside the server bundle and need no file reads. */
const SHIPPED: readonly unknown[] = [gymManagement, crmSuite];

export type PayloadProblem = { path: string; message: string };
export type PayloadCheck = { ok: true } | { ok: false; problems: PayloadProblem[] };

/** Checks a value; `at` is the value's path in the payload ("" for the whole payload). */
type Check = (value: unknown, at: string, problems: PayloadProblem[]) => void;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const childPath = (at: string, key: string) => (at ? `${at}.${key}` : key);
const itemPath = (at: string, index: number) => `${at}[${index}]`;
const shown = (at: string) => at || "(payload)";

/** Compiles `schema` (found at `where` in the template); what the schema cannot be is added to `errors` as [path, message]. */
function compileSchema(schema: unknown, where: string, errors: Array<[string, string]>): Check | null {
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) {
    for (const problem of compiled.problems) errors.push([problem.path ? childPath(where, problem.path) : where, problem.message]);
    return null;
  }
  return (value, at, problems) => {
    for (const problem of compiled.check(value)) problems.push({ path: shown(inside(at, problem.path)), message: problem.message });
  };
}

/** A path inside the value at `at`: "[0].name" follows on directly, "name" after a dot. */
const inside = (at: string, path: string) => (!path || path.startsWith("[") ? `${at}${path}` : childPath(at, path));

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
    const value = template[key];
    if (value === null) continue;
    if (!isHttps(value) && !(options.allowHttp && /^http:\/\//.test(value))) errors.push([key, "must be an https URL"]);
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

  const examine = (check: Check | null, schema: unknown, value: unknown, path: string, what: string) => {
    if (value === null || value === undefined) return;
    if (!schema) return void errors.push([here(path), `there is no ${what} to check this example against`]);
    // A schema that did not compile has its problems listed already.
    if (!check) return;
    const problems: PayloadProblem[] = [];
    check(value, "", problems);
    for (const problem of problems) errors.push([problem.path === "(payload)" ? here(path) : here(`${path}.${problem.path}`), problem.message]);
  };
  examine(payload, payloadSchema, endpoint.examplePayload, "examplePayload", "payloadSchema");
  examine(response, endpoint.responseSchema, endpoint.exampleResponse, "exampleResponse", "responseSchema");
  if (endpoint.defaultQuery) {
    for (const [name, value] of Object.entries(endpoint.defaultQuery)) {
      const found = payloadSchema ? resolveField(payloadSchema, name) : null;
      if (!found) {
        errors.push([here(`defaultQuery.${name}`), "is not declared in payloadSchema"]);
        continue;
      }
      const problems: PayloadProblem[] = [];
      compileSchema(found.schema, here(`payloadSchema.properties.${name}`), [])?.(value, name, problems);
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
