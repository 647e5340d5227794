/**
 * The OpenAPI document turned into what the /api-docs page renders: sections
 * per tag, each operation with its parameters, body and answers as nested
 * field rows. Plain data (no zod), so the page's loader sends it as is and the
 * component reads without JavaScript.
 */
type Json = Record<string, unknown>;

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  /** Limits and allowed values in one line: "1–200 characters", "one of: a, b". */
  constraints: string | null;
  children: FieldRow[];
}

export interface ParameterRow {
  name: string;
  location: string;
  required: boolean;
  type: string;
  description: string | null;
  constraints: string | null;
}

export interface BodyView {
  contentTypes: string[];
  description: string | null;
  fields: FieldRow[];
  /** A schema that is not an object (a union, say): its type in one line. */
  summary: string | null;
  example: string | null;
}

export interface AnswerView {
  status: string;
  description: string;
  headers: string[];
  body: BodyView | null;
}

export interface OperationView {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  scope: string | null;
  parameters: ParameterRow[];
  body: BodyView | null;
  answers: AnswerView[];
}

export interface SectionView {
  anchor: string;
  name: string;
  description: string;
  operations: OperationView[];
}

export interface ReferenceView {
  title: string;
  version: string;
  /** The document's description, one paragraph per entry. */
  introduction: string[];
  securityScheme: { name: string; description: string } | null;
  sections: SectionView[];
}

const MAX_DEPTH = 8;

export function anchorOf(text: string) {
  return text
    .toLowerCase()
    .replace(/[{}]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function resolve(document: Json, schema: unknown): Json {
  let current = (schema ?? {}) as Json;
  for (let hops = 0; typeof current.$ref === "string" && hops < 10; hops++) {
    const path = current.$ref.replace(/^#\//, "").split("/");
    current = path.reduce<unknown>((node, key) => (node as Json | undefined)?.[key], document) as Json;
  }
  return current ?? {};
}

function typeOf(document: Json, raw: unknown): string {
  const schema = resolve(document, raw);
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (variants) return variants.map((variant) => typeOf(document, variant)).join(" | ");
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [String(schema.type)] : [];
  const named = types.map((type) => {
    if (type === "array") return `array of ${typeOf(document, schema.items)}`;
    if (type === "string" && schema.format) return `string (${String(schema.format)})`;
    return type;
  });
  if (named.length) return named.join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (schema.enum) return "string";
  return "any";
}

function constraintsOf(document: Json, raw: unknown): string | null {
  const schema = resolve(document, raw);
  const parts: string[] = [];
  if (Array.isArray(schema.enum)) parts.push(`one of: ${(schema.enum as unknown[]).map((value) => String(value)).join(", ")}`);
  if ("const" in schema) parts.push(`always ${JSON.stringify(schema.const)}`);
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : undefined;
  if (max !== undefined) parts.push(min > 0 ? `${min}–${max} characters` : `at most ${max} characters`);
  else if (min > 1) parts.push(`at least ${min} characters`);
  else if (min === 1) parts.push("not empty");
  if (schema.minimum !== undefined) parts.push(`≥ ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) parts.push(`≤ ${String(schema.maximum)}`);
  if (schema.maxItems !== undefined) parts.push(`at most ${String(schema.maxItems)} items`);
  if (schema.pattern) parts.push(`pattern ${String(schema.pattern)}`);
  if (schema.additionalProperties === false) parts.push("no other fields");
  const text = parts.filter(Boolean).join("; ");
  return text || null;
}

/** The object an (array of, nullable) object schema describes, for its fields. */
function objectOf(document: Json, raw: unknown): Json | null {
  const schema = resolve(document, raw);
  if (schema.properties) return schema;
  if (schema.items) return objectOf(document, schema.items);
  return null;
}

export function fieldsOf(document: Json, raw: unknown, depth = 0): FieldRow[] {
  const schema = objectOf(document, raw);
  if (!schema || depth > MAX_DEPTH) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(schema.properties as Record<string, unknown>).map(([name, property]) => {
    const resolved = resolve(document, property);
    return {
      name,
      type: typeOf(document, property),
      required: required.has(name),
      description: typeof resolved.description === "string" ? resolved.description : null,
      constraints: constraintsOf(document, property),
      children: fieldsOf(document, property, depth + 1),
    };
  });
}

const pretty = (value: unknown) => (value === undefined ? null : JSON.stringify(value, null, 2));

function bodyOf(document: Json, content: unknown, description: string | null): BodyView | null {
  const types = Object.entries((content ?? {}) as Record<string, Json>);
  if (types.length === 0) return null;
  const [, media] = types.find(([type]) => type === "application/json") ?? types[0]!;
  const fields = fieldsOf(document, media.schema);
  return {
    contentTypes: types.map(([type]) => type),
    description,
    fields,
    summary: fields.length ? null : typeOf(document, media.schema),
    example: pretty(media.example),
  };
}

function operationOf(document: Json, method: string, path: string, operation: Json, anchorPrefix: string): OperationView {
  const parameters = ((operation.parameters as Json[] | undefined) ?? []).map((parameter) => ({
    name: String(parameter.name),
    location: String(parameter.in),
    required: parameter.required === true,
    type: typeOf(document, parameter.schema),
    description:
      typeof parameter.description === "string" ? parameter.description : ((resolve(document, parameter.schema).description as string | undefined) ?? null),
    constraints: constraintsOf(document, parameter.schema),
  }));
  const requestBody = operation.requestBody as Json | undefined;
  return {
    anchor: anchorOf(`${anchorPrefix}${method}-${path}`),
    method: method.toUpperCase(),
    path,
    summary: String(operation.summary ?? ""),
    description: String(operation.description ?? ""),
    scope: typeof operation["x-required-scope"] === "string" ? operation["x-required-scope"] : null,
    parameters,
    body: requestBody ? bodyOf(document, requestBody.content, (requestBody.description as string | undefined) ?? null) : null,
    answers: Object.entries((operation.responses ?? {}) as Record<string, Json>).map(([status, response]) => ({
      status,
      description: String(response.description ?? ""),
      headers: Object.keys((response.headers ?? {}) as Json),
      body: bodyOf(document, response.content, null),
    })),
  };
}

export function referenceView(documentInput: object): ReferenceView {
  const document = documentInput as Json;
  const info = (document.info ?? {}) as Json;
  const tags = ((document.tags as Json[] | undefined) ?? []).map((tag) => ({ name: String(tag.name), description: String(tag.description ?? "") }));
  const sections = new Map<string, SectionView>(tags.map((tag) => [tag.name, { anchor: `tag-${anchorOf(tag.name)}`, ...tag, operations: [] }]));
  const sectionOf = (name: string) => {
    if (!sections.has(name)) sections.set(name, { anchor: `tag-${anchorOf(name)}`, name, description: "", operations: [] });
    return sections.get(name)!;
  };
  const collect = (items: unknown, anchorPrefix: string) => {
    for (const [path, item] of Object.entries((items ?? {}) as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item)) {
        const op = operation as Json;
        const tag = ((op.tags as string[] | undefined) ?? ["Other"])[0]!;
        sectionOf(tag).operations.push(operationOf(document, method, path, op, anchorPrefix));
      }
    }
  };
  collect(document.paths, "op-");
  collect(document.webhooks, "webhook-");
  const schemes = Object.entries((((document.components ?? {}) as Json).securitySchemes ?? {}) as Record<string, Json>);
  return {
    title: String(info.title ?? ""),
    version: String(info.version ?? ""),
    introduction: String(info.description ?? "")
      .split(/\n\n+/)
      .filter(Boolean),
    securityScheme: schemes[0] ? { name: schemes[0][0], description: String(schemes[0][1].description ?? "") } : null,
    sections: [...sections.values()].filter((section) => section.operations.length > 0),
  };
}
