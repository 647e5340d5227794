import type { FieldMapping, IntegrationTemplate, TemplateEndpoint } from "./template-schema";
import { pathParameters } from "../mapping/mapping";

/**
 * What a template's endpoints are for, read from their method, path and tags
 * (pure: the integration page and the worker agree on it).
 */
export type RecordKind = "contact" | "appointment";
export type EndpointRole = "create" | "update" | "read";

export interface EndpointSetting {
  enabled: boolean;
  includeInSync: boolean;
}

const CONTACT_TAGS = ["members", "contacts", "users", "leads"];
const APPOINTMENT_TAGS = ["events", "meetings", "bookings", "appointments"];

export function recordKindOf(endpoint: Pick<TemplateEndpoint, "tags">): RecordKind | null {
  if (endpoint.tags.some((tag) => CONTACT_TAGS.includes(tag))) return "contact";
  if (endpoint.tags.some((tag) => APPOINTMENT_TAGS.includes(tag))) return "appointment";
  return null;
}

/** A write creates at a collection path and updates at a path with the record's id; anything tagged read (a search POST too) reads. */
export function endpointRole(endpoint: Pick<TemplateEndpoint, "type" | "endpoint" | "tags">): EndpointRole {
  if (endpoint.type === "GET" || endpoint.type === "DELETE" || endpoint.tags.includes("read")) return "read";
  return pathParameters(endpoint.endpoint).length > 0 ? "update" : "create";
}

export function defaultEndpointSettings(template: IntegrationTemplate): Record<string, EndpointSetting> {
  return Object.fromEntries(
    template.endpoints.map((endpoint) => [endpoint.endpointName, { enabled: endpoint.enabled, includeInSync: endpoint.includeInSync }]),
  );
}

/** Stored settings over the template's defaults; an endpoint the stored JSON lacks (a newer template) gets the template's. */
export function mergeEndpointSettings(
  template: IntegrationTemplate,
  stored: Record<string, Partial<EndpointSetting>> | null | undefined,
): Record<string, EndpointSetting> {
  const defaults = defaultEndpointSettings(template);
  for (const [name, setting] of Object.entries(stored ?? {})) {
    if (!defaults[name]) continue;
    defaults[name] = { enabled: setting.enabled ?? defaults[name].enabled, includeInSync: setting.includeInSync ?? defaults[name].includeInSync };
  }
  return defaults;
}

/**
 * The endpoints an event about a record is delivered to: enabled, included
 * in sync, writing that kind of record. An update endpoint is used instead
 * of the create one once the record has a CRM id (a link).
 */
export function syncTargets(
  template: IntegrationTemplate,
  settings: Record<string, EndpointSetting>,
  kind: RecordKind,
): { create: TemplateEndpoint | null; update: TemplateEndpoint | null } {
  const candidates = template.endpoints.filter(
    (endpoint) => settings[endpoint.endpointName]?.enabled && settings[endpoint.endpointName]?.includeInSync && recordKindOf(endpoint) === kind,
  );
  return {
    create: candidates.find((endpoint) => endpointRole(endpoint) === "create") ?? null,
    update: candidates.find((endpoint) => endpointRole(endpoint) === "update") ?? null,
  };
}

/** The cheapest call that proves the key works: an enabled read without path parameters, a GET before a search POST. */
export function connectionTestEndpoint(template: IntegrationTemplate, settings: Record<string, EndpointSetting>): TemplateEndpoint | null {
  const reads = template.endpoints.filter(
    (endpoint) => settings[endpoint.endpointName]?.enabled && endpointRole(endpoint) === "read" && pathParameters(endpoint.endpoint).length === 0,
  );
  return reads.find((endpoint) => endpoint.type === "GET") ?? reads[0] ?? null;
}

/** The values a connection must set: the template's requiredSettings and every settings.* a mapping reads. */
export function settingNames(template: IntegrationTemplate): string[] {
  const names = new Set<string>();
  const required = template.metadata.requiredSettings;
  if (Array.isArray(required)) for (const name of required) if (typeof name === "string") names.add(name);
  const mappings: FieldMapping[] = [...template.fieldMappings.contactsMapping, ...template.fieldMappings.appointmentsMapping];
  for (const mapping of mappings) {
    const sources = mapping.transformation?.type === "concat" ? mapping.transformation.fields : [mapping.mappedTo];
    for (const source of sources) if (source.startsWith("settings.")) names.add(source.slice("settings.".length));
  }
  return [...names];
}

/** A setting's starting value: the template's metadata (ClubCore's default role 7) or empty. */
export function defaultSettingValue(template: IntegrationTemplate, name: string): string {
  const role = template.metadata.defaultRole as { id?: unknown } | undefined;
  if (name === "defaultRoleId" && role && (typeof role.id === "number" || typeof role.id === "string")) return String(role.id);
  return "";
}

/** The header that carries the key: the template's name, "Bearer " before a token. */
export function authHeaders(template: Pick<IntegrationTemplate, "auth">, secret: string): Record<string, string> {
  return { [template.auth.header]: template.auth.type === "bearer" ? `Bearer ${secret}` : secret };
}
