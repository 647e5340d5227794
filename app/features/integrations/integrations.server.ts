import type { Selectable } from "kysely";
import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { recordSecretReplaced } from "~/features/audit/audit.server";
import { isUniqueViolation } from "~/db/constraints.server";
import type { IntegrationStatus, IntegrationTable } from "~/db/schema";
import { lastFour, openSecret, sealSecret } from "~/lib/security/secrets.server";
import { defaultSettingValue, mergeEndpointSettings, settingNames, type EndpointSetting, type RecordKind } from "./templates/integration-template";
import { FieldMappingSchema, type FieldMapping, type IntegrationTemplate } from "./templates/template-schema";
import { getTemplate, loadTemplates } from "./templates/templates.server";
import { notFound } from "~/lib/http/errors.server";

/**
 * An organization's connections to CRMs (the "CRM config" of docs/product/records.md#integrations): made from
 * a template, one per CRM and organization. The key or token is sealed and
 * never shown again, only its last four characters.
 */
export type Integration = Selectable<IntegrationTable>;

export class DuplicateIntegration extends Error {
  override name = "DuplicateIntegration";
}

export const CUSTOM_TEMPLATE_ID = "custom";

const customCache = new Map<string, { stamp: string; template: IntegrationTemplate }>();

/** The template an integration was made from: the shipped one, or the user's own (validated like the shipped ones). */
export function templateOf(integration: Pick<Integration, "id" | "template_id" | "custom_template" | "updated_at">): IntegrationTemplate {
  if (integration.template_id !== CUSTOM_TEMPLATE_ID) {
    const template = getTemplate(integration.template_id);
    if (!template) throw new Error(`Integration ${integration.id} names the unknown template ${integration.template_id}`);
    return template;
  }
  const cached = customCache.get(integration.id);
  if (cached?.stamp === integration.updated_at) return cached.template;
  const template = loadTemplates([JSON.parse(integration.custom_template ?? "null")], { allowHttp: true })[0]!;
  customCache.set(integration.id, { stamp: integration.updated_at, template });
  return template;
}

export const secretOf = (integration: Pick<Integration, "secret_sealed">) => openSecret(integration.secret_sealed);

export function settingsOf(integration: Pick<Integration, "settings">): Record<string, string> {
  return JSON.parse(integration.settings) as Record<string, string>;
}

export function endpointSettingsOf(integration: Pick<Integration, "endpoint_settings">, template: IntegrationTemplate): Record<string, EndpointSetting> {
  return mergeEndpointSettings(template, JSON.parse(integration.endpoint_settings) as Record<string, Partial<EndpointSetting>>);
}

export function mappingsOf(integration: Pick<Integration, "contacts_mapping" | "appointments_mapping">, kind: RecordKind): FieldMapping[] {
  const parsed = FieldMappingSchema.array().safeParse(JSON.parse(kind === "contact" ? integration.contacts_mapping : integration.appointments_mapping));
  return parsed.success ? parsed.data : [];
}

export function listIntegrations(tenantId: string, organizationId: string | null, db: DB = getDb()) {
  let query = db.selectFrom("integrations").selectAll().where("tenant_id", "=", tenantId);
  if (organizationId) query = query.where("organization_id", "=", organizationId);
  return query.orderBy("crm_name").orderBy("id").execute();
}

/** The names of the account's enabled CRM integrations, in every organization: the user profile's "CRM active" (docs/product/contact-center.md#crm-active-on-the-user-profile). */
export async function enabledCrmNames(tenantId: string, db: DB = getDb()): Promise<string[]> {
  const rows = await db
    .selectFrom("integrations")
    .select("crm_name")
    .where("tenant_id", "=", tenantId)
    .where("status", "=", "enabled")
    .orderBy("crm_name")
    .execute();
  return [...new Set(rows.map((row) => row.crm_name))];
}

export function getIntegration(tenantId: string, integrationId: string, db: DB = getDb()) {
  return db.selectFrom("integrations").selectAll().where("tenant_id", "=", tenantId).where("id", "=", integrationId).executeTakeFirst();
}

/** Throws a 404 for another tenant's id or one that does not exist. */
export async function requireIntegration(tenantId: string, integrationId: string, db: DB = getDb()) {
  const integration = await getIntegration(tenantId, integrationId, db);
  if (!integration) notFound("Integration not found");
  return integration;
}

export interface ConnectionInput {
  baseUrl: string;
  secret: string;
  settings: Record<string, string>;
  crmName?: string;
  leadEmail?: string | null;
  sendLeadOnEmail?: boolean;
  sendLeadOnCrmOnly?: boolean;
}

export function initialSettings(template: IntegrationTemplate, given: Record<string, string>) {
  return Object.fromEntries(settingNames(template).map((name) => [name, (given[name] ?? defaultSettingValue(template, name)).trim()]));
}

export async function createIntegration(
  tenantId: string,
  organizationId: string,
  template: IntegrationTemplate,
  input: ConnectionInput,
  db: DB = getDb(),
  customTemplate: unknown = null,
) {
  const timestamp = now();
  const id = newId();
  try {
    await db
      .insertInto("integrations")
      .values({
        id,
        tenant_id: tenantId,
        organization_id: organizationId,
        template_id: customTemplate ? CUSTOM_TEMPLATE_ID : template.id,
        custom_template: customTemplate ? JSON.stringify(customTemplate) : null,
        crm_name: input.crmName?.trim() || template.crm,
        status: "enabled",
        base_url: input.baseUrl,
        secret_sealed: sealSecret(input.secret),
        secret_last4: lastFour(input.secret),
        settings: JSON.stringify(initialSettings(template, input.settings)),
        endpoint_settings: JSON.stringify({}),
        contacts_mapping: JSON.stringify(template.fieldMappings.contactsMapping),
        appointments_mapping: JSON.stringify(template.fieldMappings.appointmentsMapping),
        restricted_contacts: template.restrictedContacts ? 1 : 0,
        send_lead_on_email: (input.sendLeadOnEmail ?? template.send_lead_on_email) ? 1 : 0,
        lead_email: input.leadEmail ?? template.email,
        send_lead_on_crm_only: (input.sendLeadOnCrmOnly ?? template.send_lead_on_crm_only) ? 1 : 0,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIntegration(`${input.crmName || template.crm} is already connected for this organization`);
    throw error;
  }
  return id;
}

/**
 * Connection details; an empty secret keeps the stored one. A new secret is
 * recorded in the audit log with the change (who replaced which
 * integration's key), never the secret itself.
 */
export async function updateConnection(
  tenantId: string,
  integration: Integration,
  input: Omit<ConnectionInput, "secret"> & { secret: string | null; actorUserId: string | null },
  db: DB = getDb(),
) {
  const template = templateOf(integration);
  try {
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable("integrations")
        .set({
          base_url: input.baseUrl,
          ...(input.secret ? { secret_sealed: sealSecret(input.secret), secret_last4: lastFour(input.secret) } : {}),
          settings: JSON.stringify(initialSettings(template, input.settings)),
          ...(input.crmName ? { crm_name: input.crmName.trim() } : {}),
          lead_email: input.leadEmail ?? null,
          send_lead_on_email: input.sendLeadOnEmail ? 1 : 0,
          send_lead_on_crm_only: input.sendLeadOnCrmOnly ? 1 : 0,
          updated_at: now(),
        })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", integration.id)
        .execute();
      if (input.secret)
        await recordSecretReplaced(trx, {
          tenantId,
          actorUserId: input.actorUserId,
          target: { kind: "integration", id: integration.id, label: input.crmName?.trim() || integration.crm_name },
          secret: "api-key",
        });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateIntegration(`${input.crmName} is already connected for this organization`);
    throw error;
  }
}

export async function saveEndpointSettings(tenantId: string, integrationId: string, settings: Record<string, EndpointSetting>, db: DB = getDb()) {
  await db
    .updateTable("integrations")
    .set({ endpoint_settings: JSON.stringify(settings), updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", integrationId)
    .execute();
}

export async function saveMappings(tenantId: string, integrationId: string, kind: RecordKind, mappings: FieldMapping[], db: DB = getDb()) {
  const column = kind === "contact" ? "contacts_mapping" : "appointments_mapping";
  await db
    .updateTable("integrations")
    .set({ [column]: JSON.stringify(mappings), updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", integrationId)
    .execute();
}

/** Conditional: true when the status changed, false when it already was `status`. */
export async function setIntegrationStatus(tenantId: string, integrationId: string, status: IntegrationStatus, db: DB = getDb()) {
  const result = await db
    .updateTable("integrations")
    .set({ status, updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", integrationId)
    .where("status", "!=", status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Its links, queued deliveries, logs and webhooks go with it (foreign keys cascade). */
export async function deleteIntegration(tenantId: string, integrationId: string, db: DB = getDb()) {
  await db.deleteFrom("integrations").where("tenant_id", "=", tenantId).where("id", "=", integrationId).execute();
  customCache.delete(integrationId);
}
