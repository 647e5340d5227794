import { getZodConstraint } from "@conform-to/zod";
import { getDb } from "~/db/db.server";
import { isUsingOutbox } from "~/lib/email/mailer.server";
import type { GateContext } from "~/features/access/gate.server";
import { successRate } from "../delivery/delivery-policy";
import { editConnectionSchema } from "../integration-schemas";
import { endpointRole, recordKindOf, settingNames, syncTargets } from "../templates/integration-template";
import { endpointSettingsOf, mappingsOf, settingsOf, templateOf, type Integration } from "../integrations.server";
import { mapRecord, pathParameters, pruneToSchema } from "../mapping/mapping";
import { previewMappingOn, sampleRecord, sampleRecords } from "../mapping/mapping-preview.server";
import { emptyRow, rowsFromMappings } from "../mapping/mapping-rows";
import { INTEGRATION_TABS, type IntegrationTab } from "./paths";
import { sourceFieldsFor } from "../mapping/source-fields";
import type { ConnectionTestResult, EndpointRow, ExecuteDraft, IntegrationSummary, MappingEditorData, WebhookRow } from "./views";

/** What the integration page shows, per tab (?tab=overview|mappings|endpoints|webhooks). */
export function parseIntegrationTab(searchParams: URLSearchParams): IntegrationTab {
  const tab = searchParams.get("tab");
  return (INTEGRATION_TABS as readonly string[]).includes(tab ?? "") ? (tab as IntegrationTab) : "overview";
}

export const parseMappingKind = (searchParams: URLSearchParams) => (searchParams.get("kind") === "appointment" ? "appointment" : "contact");

export async function integrationSummary(integration: Integration): Promise<IntegrationSummary> {
  const db = getDb();
  const template = templateOf(integration);
  const settings = endpointSettingsOf(integration, template);
  const organization = await db.selectFrom("organizations").select("name").where("id", "=", integration.organization_id).executeTakeFirst();
  const queued = await db
    .selectFrom("integration_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("integration_id", "=", integration.id)
    .where("status", "in", ["queued", "sending"])
    .executeTakeFirst();
  return {
    id: integration.id,
    crmName: integration.crm_name,
    templateCrm: template.crm,
    status: integration.status,
    baseUrl: integration.base_url,
    secretLast4: integration.secret_last4,
    authType: template.auth.type,
    organizationName: organization?.name ?? "",
    createdAt: integration.created_at,
    lastTestAt: integration.last_test_at,
    lastTest: integration.last_test_summary ? (JSON.parse(integration.last_test_summary) as ConnectionTestResult) : null,
    stats: {
      recordsSynced: integration.records_synced,
      syncs: integration.syncs,
      successfulSyncs: integration.successful_syncs,
      successRate: successRate(integration.successful_syncs, integration.syncs),
      queued: Number(queued?.count ?? 0),
    },
    syncEndpoints: (["contact", "appointment"] as const).flatMap((kind) => {
      const targets = syncTargets(template, settings, kind);
      return [targets.create?.endpointName, targets.update?.endpointName].filter((name): name is string => Boolean(name));
    }),
  };
}

export function editFormData(integration: Integration) {
  const template = templateOf(integration);
  const names = settingNames(template);
  const stored = settingsOf(integration);
  return {
    authType: template.auth.type,
    authHeader: template.auth.header,
    settings: names.map((name) => ({ name, value: stored[name] ?? "" })),
    defaults: {
      crmName: integration.crm_name,
      baseUrl: integration.base_url,
      leadEmail: integration.lead_email ?? "",
      sendLeadOnEmail: integration.send_lead_on_email === 1,
      sendLeadOnCrmOnly: integration.send_lead_on_crm_only === 1,
    },
    constraint: getZodConstraint(editConnectionSchema(names)),
    usingOutbox: isUsingOutbox(),
  };
}

export function endpointRows(integration: Integration): EndpointRow[] {
  const template = templateOf(integration);
  const settings = endpointSettingsOf(integration, template);
  return template.endpoints.map((endpoint) => ({
    name: endpoint.endpointName,
    method: endpoint.type,
    path: endpoint.endpoint,
    description: endpoint.description,
    role: endpointRole(endpoint),
    kind: recordKindOf(endpoint),
    enabled: settings[endpoint.endpointName]?.enabled ?? false,
    includeInSync: settings[endpoint.endpointName]?.includeInSync ?? false,
  }));
}

/** The request "execute" starts from: a write mapped from the sample record, a read's default query or example. */
export async function executeDraft(integration: Integration, endpointName: string, gate: GateContext): Promise<ExecuteDraft | null> {
  const template = templateOf(integration);
  const endpoint = template.endpoints.find((candidate) => candidate.endpointName === endpointName);
  if (!endpoint) return null;
  const takesPayload = endpoint.type !== "GET" && endpoint.type !== "DELETE";
  let payload: unknown = endpoint.defaultQuery ?? (takesPayload ? endpoint.examplePayload : null) ?? {};
  const kind = recordKindOf(endpoint);
  if (kind && endpointRole(endpoint) !== "read") {
    const sample = await sampleRecord(gate.tenant.id, integration.organization_id, kind, gate.tenant.country);
    if (sample) {
      const settings = Object.fromEntries(Object.entries(settingsOf(integration)).map(([name, value]) => [`settings.${name}`, value]));
      payload = pruneToSchema(
        mapRecord(mappingsOf(integration, kind), { ...sample.values, ...settings }, { defaultCountry: gate.tenant.country }).payload,
        endpoint.payloadSchema,
      );
    }
  }
  return {
    endpointName,
    method: endpoint.type,
    path: endpoint.endpoint,
    pathParameters: pathParameters(endpoint.endpoint),
    payload: JSON.stringify(payload, null, 2),
    takesPayload,
  };
}

export async function mappingEditorData(
  integration: Integration,
  kind: "contact" | "appointment",
  gate: GateContext,
  canUpdate: boolean,
): Promise<MappingEditorData> {
  const samples = await sampleRecords(gate.tenant.id, integration.organization_id, kind, gate.tenant.country);
  const sample = samples[0] ?? null;
  const mappings = mappingsOf(integration, kind);
  const names = settingNames(templateOf(integration));
  const extracted = Object.keys(sample?.values ?? {}).filter((name) => name.startsWith("call.extractedData."));
  return {
    integrationId: integration.id,
    kind,
    rows: [...rowsFromMappings(mappings), emptyRow()],
    errors: {},
    sources: [...sourceFieldsFor(kind), ...extracted, ...names.map((name) => `settings.${name}`)],
    sampleLabel: sample?.label ?? null,
    preview: previewMappingOn(integration, kind, mappings, samples, gate.tenant.country),
    unsaved: false,
    canUpdate,
  };
}

export async function webhookRows(integration: Integration): Promise<WebhookRow[]> {
  const db = getDb();
  const webhooks = await db.selectFrom("integration_webhooks").selectAll().where("integration_id", "=", integration.id).orderBy("created_at").execute();
  if (webhooks.length === 0) return [];
  const ids = webhooks.map((webhook) => webhook.id);
  const counts = await db
    .selectFrom("integration_deliveries")
    .select(["webhook_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("webhook_id", "in", ids)
    .groupBy("webhook_id")
    .execute();
  // One line per webhook (its newest): reading them all would grow with the log.
  const lastOutcome = new Map<string, string>();
  for (const id of ids) {
    const last = await db
      .selectFrom("crm_logs")
      .innerJoin("integration_deliveries", "integration_deliveries.id", "crm_logs.delivery_id")
      .select("crm_logs.outcome")
      .where("integration_deliveries.webhook_id", "=", id)
      .orderBy("crm_logs.created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (last) lastOutcome.set(id, last.outcome);
  }
  return webhooks.map((webhook) => ({
    id: webhook.id,
    url: webhook.url,
    events: JSON.parse(webhook.events) as string[],
    createdAt: webhook.created_at,
    deliveries: Number(counts.find((count) => count.webhook_id === webhook.id)?.count ?? 0),
    lastOutcome: lastOutcome.get(webhook.id) ?? null,
  }));
}
