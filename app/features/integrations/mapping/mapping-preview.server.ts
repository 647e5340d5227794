import { getDb, type DB } from "~/db/db.server";
import { isKnownSource } from "./source-fields";
import { endpointRole, recordKindOf, settingNames, syncTargets, type RecordKind } from "../templates/integration-template";
import { endpointSettingsOf, settingsOf, templateOf, type Integration } from "../integrations.server";
import { mapRecord, pruneToSchema, type MappingProblem } from "./mapping";
import { appointmentRecord, callLeadRecord, contactRecord, type SourceRecord } from "./source-records.server";
import type { FieldMapping, TemplateEndpoint } from "../templates/template-schema";
import { validatePayload, type PayloadProblem } from "../templates/templates.server";

/**
 * The mapping editor's preview: the payload the integration would send for
 * a real recent record, and every problem ("validate mappings") at its field.
 * The record for contacts is the lead of the latest ended call (it carries
 * the call fields too), else the latest contact; for appointments, the
 * organization's latest appointment.
 */
/**
 * Up to five recent records to check a mapping against: the latest three
 * ended calls' leads and the latest two contacts (a lead from an unknown
 * number has no email, a contact may have one), or the latest appointments.
 * One record passing says little; five say what usually happens.
 */
export async function sampleRecords(
  tenantId: string,
  organizationId: string,
  kind: RecordKind,
  country: string | null,
  db: DB = getDb(),
): Promise<SourceRecord[]> {
  const records: Array<SourceRecord | null> = [];
  if (kind === "appointment") {
    const latest = await db
      .selectFrom("appointments")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("organization_id", "=", organizationId)
      .orderBy("created_at", "desc")
      .limit(5)
      .execute();
    for (const row of latest) records.push(await appointmentRecord(tenantId, row.id, db));
  } else {
    const calls = await db
      .selectFrom("calls")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("status", "=", "ended")
      .orderBy("created_at", "desc")
      .limit(3)
      .execute();
    for (const row of calls) records.push(await callLeadRecord(tenantId, row.id, country, db));
    const contacts = await db.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId).orderBy("created_at", "desc").limit(2).execute();
    for (const row of contacts) records.push(await contactRecord(tenantId, row.id, db));
  }
  const seen = new Set<string>();
  return records.filter((record): record is SourceRecord => {
    if (!record || seen.has(record.recordId)) return false;
    seen.add(record.recordId);
    return true;
  });
}

export async function sampleRecord(
  tenantId: string,
  organizationId: string,
  kind: RecordKind,
  country: string | null,
  db: DB = getDb(),
): Promise<SourceRecord | null> {
  if (kind === "appointment") {
    const latest = await db
      .selectFrom("appointments")
      .select("id")
      .where("tenant_id", "=", tenantId)
      .where("organization_id", "=", organizationId)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return latest ? appointmentRecord(tenantId, latest.id, db) : null;
  }
  const call = await db
    .selectFrom("calls")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("status", "=", "ended")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (call) return callLeadRecord(tenantId, call.id, country, db);
  const contact = await db.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId).orderBy("created_at", "desc").limit(1).executeTakeFirst();
  return contact ? contactRecord(tenantId, contact.id, db) : null;
}

/** The endpoint a kind's payload is checked against: the one deliveries create with, else the first write of that kind. */
export function previewEndpoint(integration: Integration, kind: RecordKind): TemplateEndpoint | null {
  const template = templateOf(integration);
  const targets = syncTargets(template, endpointSettingsOf(integration, template), kind);
  return targets.create ?? template.endpoints.find((endpoint) => recordKindOf(endpoint) === kind && endpointRole(endpoint) === "create") ?? null;
}

export interface MappingPreview {
  endpointName: string | null;
  payload: string;
  problems: MappingProblem[];
  schemaProblems: PayloadProblem[];
  /** The other recent records: which would not be sent, and why (field: problem code). */
  others: Array<{ label: string; problems: Array<{ field: string; code: string }> }>;
}

export function knownSourceCheck(integration: Integration, kind: RecordKind) {
  const names = settingNames(templateOf(integration));
  return (name: string) => isKnownSource(kind, name, names);
}

/** The first record's payload and problems, and how the others fare. */
export function previewMappingOn(
  integration: Integration,
  kind: RecordKind,
  mappings: readonly FieldMapping[],
  samples: readonly SourceRecord[],
  country: string | null,
): MappingPreview {
  const [first = null, ...rest] = samples;
  const preview = previewMapping(integration, kind, mappings, first, country);
  preview.others = rest.map((record) => {
    const checked = previewMapping(integration, kind, mappings, record, country);
    return {
      label: record.label,
      problems: [
        ...checked.problems.map((problem) => ({ field: problem.field, code: problem.code })),
        ...checked.schemaProblems.map((problem) => ({ field: problem.path, code: "schema" })),
      ],
    };
  });
  return preview;
}

export function previewMapping(
  integration: Integration,
  kind: RecordKind,
  mappings: readonly FieldMapping[],
  sample: SourceRecord | null,
  country: string | null,
): MappingPreview {
  const template = templateOf(integration);
  const settings = Object.fromEntries(Object.entries(settingsOf(integration)).map(([name, value]) => [`settings.${name}`, value]));
  const mapped = mapRecord(
    mappings,
    { ...(sample?.values ?? {}), ...settings },
    { defaultCountry: country, knownSources: knownSourceCheck(integration, kind) },
  );
  const endpoint = previewEndpoint(integration, kind);
  const payload = endpoint ? pruneToSchema(mapped.payload, endpoint.payloadSchema) : mapped.payload;
  const check = endpoint && mapped.problems.length === 0 ? validatePayload(template, endpoint.endpointName, payload) : null;
  return {
    endpointName: endpoint?.endpointName ?? null,
    payload: JSON.stringify(payload, null, 2),
    problems: mapped.problems,
    schemaProblems: check && !check.ok ? check.problems : [],
    others: [],
  };
}
