import { z } from "zod";
import { getDb, now, type DB } from "~/db/db.server";
import { recordSecretReplaced } from "~/features/audit/audit.server";
import { INTEGRATION_EVENTS } from "./events";
import { mergeEndpointSettings, type EndpointSetting } from "./templates/integration-template";
import {
  createIntegration,
  CUSTOM_TEMPLATE_ID,
  endpointSettingsOf,
  initialSettings,
  listIntegrations,
  mappingsOf,
  settingsOf,
  templateOf,
  updateConnection,
  type Integration,
} from "./integrations.server";
import { FieldMappingSchema, type IntegrationTemplate } from "./templates/template-schema";
import { getTemplate, loadTemplates } from "./templates/templates.server";
import { registerWebhook } from "./delivery/webhooks.server";
import { isTenantHttpUrl } from "~/lib/outbound/tenant-url";
import { sealSecret, lastFour } from "~/lib/security/secrets.server";

/**
 * An integration as a JSON file (docs/product/records.md#integration-export-and-import): everything
 * but its secrets, with a format version. Importing shows what it would
 * create or change (a dry run) before it applies; an import that creates an
 * integration needs the key, one that updates keeps the stored key.
 */
export const EXPORT_FORMAT = "voxboard.integration";
export const EXPORT_VERSION = 1;
export const MAX_IMPORT_BYTES = 512 * 1024;

// The message is a key of import.problems, shown at the path that carries the URL.
const tenantUrl = z.string().refine(isTenantHttpUrl, "urlInvalid");

const EndpointSettingSchema = z.object({ enabled: z.boolean(), includeInSync: z.boolean() }).strict();

export const IntegrationExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    schemaVersion: z.literal(EXPORT_VERSION),
    exportedAt: z.string(),
    integration: z
      .object({
        crmName: z.string().trim().min(1).max(80),
        templateId: z.string().min(1),
        customTemplate: z.unknown().nullable(),
        // The forms' rule (isTenantHttpUrl): an imported file gets no URL a form would refuse (issue 22, item 4).
        baseUrl: tenantUrl,
        status: z.enum(["enabled", "disabled"]),
        settings: z.record(z.string().max(200)),
        endpointSettings: z.record(EndpointSettingSchema),
        contactsMapping: z.array(FieldMappingSchema),
        appointmentsMapping: z.array(FieldMappingSchema),
        restrictedContacts: z.boolean(),
        sendLeadOnEmail: z.boolean(),
        leadEmail: z.string().email().nullable(),
        sendLeadOnCrmOnly: z.boolean(),
        webhooks: z.array(z.object({ url: tenantUrl, events: z.array(z.enum(INTEGRATION_EVENTS)).min(1) }).strict()).max(20),
      })
      .strict(),
  })
  .strict();

export type IntegrationExport = z.output<typeof IntegrationExportSchema>;

export async function exportIntegration(integration: Integration, db: DB = getDb()): Promise<IntegrationExport> {
  const template = templateOf(integration);
  const webhooks = await db
    .selectFrom("integration_webhooks")
    .select(["url", "events"])
    .where("integration_id", "=", integration.id)
    .orderBy("created_at")
    .execute();
  return {
    format: EXPORT_FORMAT,
    schemaVersion: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    integration: {
      crmName: integration.crm_name,
      templateId: integration.template_id,
      customTemplate: integration.template_id === CUSTOM_TEMPLATE_ID ? template : null,
      baseUrl: integration.base_url,
      status: integration.status,
      settings: settingsOf(integration),
      endpointSettings: endpointSettingsOf(integration, template),
      contactsMapping: mappingsOf(integration, "contact"),
      appointmentsMapping: mappingsOf(integration, "appointment"),
      restrictedContacts: integration.restricted_contacts === 1,
      sendLeadOnEmail: integration.send_lead_on_email === 1,
      leadEmail: integration.lead_email,
      sendLeadOnCrmOnly: integration.send_lead_on_crm_only === 1,
      webhooks: webhooks.map((webhook) => ({ url: webhook.url, events: JSON.parse(webhook.events) as Array<(typeof INTEGRATION_EVENTS)[number]> })),
    },
  };
}

export type ImportProblem = { path: string; message: string };

export type ImportPlan =
  | { ok: false; problems: ImportProblem[] }
  | {
      ok: true;
      action: "create" | "update";
      crmName: string;
      existingId: string | null;
      changes: Array<{ field: string; from?: string; to: string }>;
      needsSecret: boolean;
      file: IntegrationExport;
      template: IntegrationTemplate;
    };

const summarize = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** Reads and checks the file, and says what importing it into the organization would do. Nothing is written. */
export async function planImport(tenantId: string, organizationId: string, text: string, db: DB = getDb()): Promise<ImportPlan> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problems: [{ path: "(file)", message: "notJson" }] };
  }
  const parsed = IntegrationExportSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: issue.path.join(".") || "(file)", message: issue.message })) };
  const file = parsed.data;
  let template: IntegrationTemplate;
  if (file.integration.templateId === CUSTOM_TEMPLATE_ID) {
    try {
      template = loadTemplates([file.integration.customTemplate], { allowHttp: true })[0]!;
    } catch (error) {
      return { ok: false, problems: [{ path: "integration.customTemplate", message: (error as Error).message }] };
    }
  } else {
    const shipped = getTemplate(file.integration.templateId);
    if (!shipped) return { ok: false, problems: [{ path: "integration.templateId", message: "unknownTemplate" }] };
    template = shipped;
  }
  const existing = (await listIntegrations(tenantId, organizationId, db)).find((integration) => integration.crm_name === file.integration.crmName);
  const incoming = file.integration;
  if (!existing) {
    return {
      ok: true,
      action: "create",
      crmName: incoming.crmName,
      existingId: null,
      needsSecret: true,
      file,
      template,
      changes: [
        { field: "template", to: template.crm },
        { field: "baseUrl", to: incoming.baseUrl },
        { field: "status", to: incoming.status },
        { field: "mappings", to: `${incoming.contactsMapping.length} + ${incoming.appointmentsMapping.length}` },
        { field: "webhooks", to: String(incoming.webhooks.length) },
      ],
    };
  }
  const changes: Array<{ field: string; from?: string; to: string }> = [];
  const compare = (field: string, from: unknown, to: unknown) => {
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from: summarize(from), to: summarize(to) });
  };
  const currentTemplate = templateOf(existing);
  if (existing.template_id !== incoming.templateId) return { ok: false, problems: [{ path: "integration.templateId", message: "otherTemplate" }] };
  compare("baseUrl", existing.base_url, incoming.baseUrl);
  compare("status", existing.status, incoming.status);
  compare("settings", settingsOf(existing), initialSettings(template, incoming.settings));
  compare("endpointSettings", endpointSettingsOf(existing, currentTemplate), mergeEndpointSettings(template, incoming.endpointSettings));
  compare("contactsMapping", mappingsOf(existing, "contact"), incoming.contactsMapping);
  compare("appointmentsMapping", mappingsOf(existing, "appointment"), incoming.appointmentsMapping);
  compare("leadEmail", existing.lead_email, incoming.leadEmail);
  compare("sendLeadOnEmail", existing.send_lead_on_email === 1, incoming.sendLeadOnEmail);
  compare("sendLeadOnCrmOnly", existing.send_lead_on_crm_only === 1, incoming.sendLeadOnCrmOnly);
  const knownWebhooks = await db.selectFrom("integration_webhooks").select(["url", "events"]).where("integration_id", "=", existing.id).execute();
  const newWebhooks = incoming.webhooks.filter((webhook) => !knownWebhooks.some((known) => known.url === webhook.url));
  if (newWebhooks.length) changes.push({ field: "webhooks", to: newWebhooks.map((webhook) => webhook.url).join(", ") });
  for (const webhook of incoming.webhooks) {
    const known = knownWebhooks.find((entry) => entry.url === webhook.url);
    if (known && JSON.stringify([...(JSON.parse(known.events) as string[])].sort()) !== JSON.stringify([...webhook.events].sort())) {
      changes.push({ field: "webhookEvents", from: `${webhook.url}: ${(JSON.parse(known.events) as string[]).join(", ")}`, to: webhook.events.join(", ") });
    }
  }
  return { ok: true, action: "update", crmName: incoming.crmName, existingId: existing.id, needsSecret: false, file, template, changes };
}

/** Applies a plan made a moment ago, in one transaction; webhooks get fresh signing secrets (shown on their tab). */
export async function applyImport(
  tenantId: string,
  organizationId: string,
  plan: Extract<ImportPlan, { ok: true }>,
  { secret, actorUserId }: { secret: string | null; actorUserId: string | null },
  db: DB = getDb(),
) {
  const incoming = plan.file.integration;
  return db.transaction().execute(async (trx) => {
    let id = plan.existingId;
    if (!id) {
      if (!secret) throw new Error("an import that creates an integration needs its key");
      id = await createIntegration(
        tenantId,
        organizationId,
        plan.template,
        {
          baseUrl: incoming.baseUrl,
          secret,
          settings: incoming.settings,
          crmName: incoming.crmName,
          leadEmail: incoming.leadEmail,
          sendLeadOnEmail: incoming.sendLeadOnEmail,
          sendLeadOnCrmOnly: incoming.sendLeadOnCrmOnly,
        },
        trx,
        incoming.templateId === CUSTOM_TEMPLATE_ID ? incoming.customTemplate : null,
      );
    } else {
      const existing = await trx.selectFrom("integrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      await updateConnection(
        tenantId,
        existing,
        {
          baseUrl: incoming.baseUrl,
          secret: null,
          settings: incoming.settings,
          crmName: incoming.crmName,
          leadEmail: incoming.leadEmail,
          sendLeadOnEmail: incoming.sendLeadOnEmail,
          sendLeadOnCrmOnly: incoming.sendLeadOnCrmOnly,
          actorUserId,
        },
        trx,
      );
      if (secret) {
        await trx
          .updateTable("integrations")
          .set({ secret_sealed: sealSecret(secret), secret_last4: lastFour(secret) })
          .where("id", "=", id)
          .execute();
        await recordSecretReplaced(trx, { tenantId, actorUserId, target: { kind: "integration", id, label: incoming.crmName }, secret: "api-key" });
      }
    }
    const endpointSettings: Record<string, EndpointSetting> = mergeEndpointSettings(plan.template, incoming.endpointSettings);
    await trx
      .updateTable("integrations")
      .set({
        status: incoming.status,
        restricted_contacts: incoming.restrictedContacts ? 1 : 0,
        endpoint_settings: JSON.stringify(endpointSettings),
        contacts_mapping: JSON.stringify(incoming.contactsMapping),
        appointments_mapping: JSON.stringify(incoming.appointmentsMapping),
        updated_at: now(),
      })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", id)
      .execute();
    const known = await trx.selectFrom("integration_webhooks").select(["id", "url"]).where("integration_id", "=", id).execute();
    for (const webhook of incoming.webhooks) {
      const same = known.find((entry) => entry.url === webhook.url);
      if (same)
        await trx
          .updateTable("integration_webhooks")
          .set({ events: JSON.stringify(webhook.events) })
          .where("id", "=", same.id)
          .execute();
      else await registerWebhook(tenantId, id, webhook, trx);
    }
    return id;
  });
}
