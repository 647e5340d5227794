import type { FieldMapping } from "./template-schema";

/**
 * /crm: a user's own CRM as a template, built from a short form (where it
 * is, how it authenticates, up to four endpoints, and a payload template per
 * kind of record: "theirField = our.field" lines, a "*" after the field for
 * a required one). The result is checked by the same loader as the shipped
 * templates. Pure, so the page can show what the lines mean.
 */
export const CUSTOM_ENDPOINT_ROWS = 4;
export const CUSTOM_METHODS = ["POST", "PUT", "PATCH", "GET"] as const;

export interface CustomEndpointInput {
  name: string;
  method: (typeof CUSTOM_METHODS)[number];
  path: string;
  kind: "contact" | "appointment";
  sync: boolean;
}

export interface CustomTemplateInput {
  crmName: string;
  baseUrl: string;
  authType: "api_key" | "bearer";
  authHeader: string;
  endpoints: CustomEndpointInput[];
  contactTemplate: string;
  appointmentTemplate: string;
}

export type PayloadLineProblem = { line: number; code: "format" | "field" | "duplicate" };

const FIELD = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/;

/** "email* = contact.email" → a required mapping of contact.email to email. */
export function parsePayloadTemplate(text: string): { mappings: FieldMapping[]; problems: PayloadLineProblem[] } {
  const mappings: FieldMapping[] = [];
  const problems: PayloadLineProblem[] = [];
  text.split("\n").forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const at = line.indexOf("=");
    if (at <= 0) return void problems.push({ line: index + 1, code: "format" });
    let field = line.slice(0, at).trim();
    const source = line.slice(at + 1).trim();
    const required = field.endsWith("*");
    if (required) field = field.slice(0, -1).trim();
    if (!FIELD.test(field) || !FIELD.test(source)) return void problems.push({ line: index + 1, code: "field" });
    if (mappings.some((mapping) => mapping.field === field)) return void problems.push({ line: index + 1, code: "duplicate" });
    mappings.push({ field, mappedTo: source, required, ...(required ? { validation: { required: true } } : {}) });
  });
  return { mappings, problems };
}

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "crm";

/** A JSON Schema object with one property per mapped field (dotted fields nest); required fields, and the objects above them, required. */
function payloadSchemaFor(mappings: readonly FieldMapping[]) {
  type Node = { properties: Map<string, Node | null>; required: Set<string> };
  const root: Node = { properties: new Map(), required: new Set() };
  for (const mapping of mappings) {
    const parts = mapping.field.split(".");
    let node = root;
    parts.forEach((part, index) => {
      if (mapping.required) node.required.add(part);
      if (index === parts.length - 1) {
        if (!node.properties.has(part)) node.properties.set(part, null);
        return;
      }
      let child = node.properties.get(part);
      if (!child) {
        child = { properties: new Map(), required: new Set() };
        node.properties.set(part, child);
      }
      node = child;
    });
  }
  const toSchema = (node: Node): Record<string, unknown> => ({
    type: "object",
    properties: Object.fromEntries([...node.properties].map(([key, child]) => [key, child ? toSchema(child) : { type: ["string", "number", "boolean"] }])),
    ...(node.required.size ? { required: [...node.required] } : {}),
  });
  return toSchema(root);
}

function leafFields(mappings: readonly FieldMapping[]) {
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const mapping of mappings) {
    const parts = mapping.field.split(".");
    parts.forEach((_part, index) => {
      const path = parts.slice(0, index + 1).join(".");
      if (mapping.required) required.add(path);
      else optional.add(path);
    });
  }
  for (const path of required) optional.delete(path);
  return { requiredFields: [...required], optionalFields: [...optional] };
}

/** The template object; the loader (templates.server) decides whether it holds. */
export function buildCustomTemplate(input: CustomTemplateInput, mappings: { contact: FieldMapping[]; appointment: FieldMapping[] }) {
  const origin = (() => {
    try {
      return new URL(input.baseUrl).origin;
    } catch {
      return input.baseUrl;
    }
  })();
  return {
    schemaVersion: 1,
    id: `custom-${slug(input.crmName)}`,
    crm: input.crmName,
    category: "other",
    status: "enabled",
    website: origin,
    baseUrl: input.baseUrl,
    logo: "/integrations/custom.svg",
    description: "Defined in Voxboard's custom CRM form.",
    version: "custom",
    auth: { type: input.authType, header: input.authHeader, required: true },
    restrictedContacts: true,
    send_lead_on_email: false,
    email: null,
    send_lead_on_crm_only: false,
    metadata: {},
    tags: ["custom"],
    priority: 10,
    rateLimiting: { requestsPerMinute: 60, requestsPerHour: 1000, requestsPerDay: 10000, enabled: true },
    errorHandling: { retryAttempts: 3, retryDelay: 1000, timeout: 30000, exponentialBackoff: true, retryableStatusCodes: [429, 500, 502, 503, 504] },
    analytics: { trackRequests: true, trackResponses: true, trackErrors: true, trackPerformance: true, retentionDays: 30 },
    webhooks: [],
    endpoints: input.endpoints.map((endpoint) => {
      const read = endpoint.method === "GET";
      const kindMappings = endpoint.kind === "contact" ? mappings.contact : mappings.appointment;
      const fields = read ? { requiredFields: [], optionalFields: [] } : leafFields(kindMappings);
      return {
        endpointName: endpoint.name,
        type: endpoint.method,
        endpoint: endpoint.path,
        description: `${endpoint.method} ${endpoint.path}`,
        payloadSchema: read ? { type: "object", additionalProperties: true } : payloadSchemaFor(kindMappings),
        responseSchema: null,
        ...fields,
        fieldValidations: [],
        responseMapping: read ? [] : [{ sourceField: "id", targetField: `${endpoint.kind}.externalId`, required: false }],
        enabled: true,
        examplePayload: null,
        exampleResponse: null,
        timeout: 30000,
        requiresAuth: true,
        tags: [endpoint.kind === "contact" ? "contacts" : "appointments", read ? "read" : "write"],
        includeInSync: endpoint.sync,
      };
    }),
    fieldMappings: { contactsMapping: mappings.contact, appointmentsMapping: mappings.appointment },
    features: [],
    limitations: [],
    setupGuideUrl: origin,
    documentationUrl: origin,
    sandboxAvailable: false,
    popularity: 0,
  };
}
