import { z } from "zod";
import { getDb, inTransaction, now, type DB } from "~/db/db.server";
import type { Call } from "~/db/schema";
import { AnalysisError } from "~/features/analysis/analysis";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import type { TemplateExtractor } from "./extractor.server";
import { VERDICTS, type CriterionResult, type Extraction, type FieldResult, type FieldValue, type TemplateDefinition } from "./template-definition";
import { parseDefinition } from "./template-schema";
import { findTemplate, templateForCall, type CallTarget, type TemplateVersionRef } from "./templates.server";

/**
 * A template's analysis of one call: which template applies, running the
 * extractor and storing what it found, once per call (a new analysis
 * replaces the last one, with the version that made it). The values go to
 * call_field_values and call_criteria_results too, where /response filters
 * and counts them.
 */

/** The campaign that placed the call (by the platform's call id in the campaign's activity, else by its name), its agent, and the tenant's numbers on it. */
export async function callTargetOf(
  tenantId: string,
  call: Pick<Call, "external_id" | "campaign_name" | "agent_id" | "to_number" | "from_number">,
  db: DB = getDb(),
): Promise<CallTarget> {
  const placed = await db
    .selectFrom("campaign_activity")
    .select("campaign_id")
    .where("tenant_id", "=", tenantId)
    .where("platform_call_id", "=", call.external_id)
    .executeTakeFirst();
  const named =
    placed || !call.campaign_name
      ? undefined
      : await db.selectFrom("campaigns").select("id").where("tenant_id", "=", tenantId).where("name", "=", call.campaign_name).executeTakeFirst();
  const numbers = [call.to_number, call.from_number].filter((number): number is string => Boolean(number));
  const numberIds = numbers.length
    ? (await db.selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenantId).where("e164", "in", numbers).execute()).map((row) => row.id)
    : [];
  return { campaignId: placed?.campaign_id ?? named?.id ?? null, agentId: call.agent_id, numberIds };
}

const transcriptSchema = z.array(z.object({ speaker: z.string().catch(""), text: z.string(), startSeconds: z.number().optional().catch(undefined) }));

function transcriptOf(json: string | null): TranscriptTurn[] {
  if (!json) return [];
  try {
    const parsed = transcriptSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.filter((turn) => turn.text.trim() !== "") : [];
  } catch {
    return [];
  }
}

/** The values and verdicts of a call as compared before and after a re-run. */
export interface ResultSnapshot {
  version: number | null;
  fields: Record<string, { found: boolean; value: FieldValue | null }>;
  criteria: Record<string, CriterionResult["verdict"]>;
}

export type ExtractOutcome =
  | { kind: "stored"; template: TemplateVersionRef; extraction: Extraction; before: ResultSnapshot | null; after: ResultSnapshot }
  | { kind: "no-template" }
  | { kind: "no-transcript" }
  | { kind: "not-found" };

/**
 * Runs the extractor on one call and stores the result. `template` pins a
 * template version (a re-run); without it the call's own template applies.
 * An extractor failure throws an AnalysisError and stores nothing, so the
 * last good result stays.
 */
export async function extractCall(
  tenantId: string,
  callId: string,
  extractor: TemplateExtractor,
  { template: pinned, db = getDb() }: { template?: { templateId: string; version: number }; db?: DB } = {},
): Promise<ExtractOutcome> {
  const call = await db
    .selectFrom("calls")
    .innerJoin("tenants", "tenants.id", "calls.tenant_id")
    .select([
      "calls.id",
      "calls.external_id",
      "calls.campaign_name",
      "calls.agent_id",
      "calls.to_number",
      "calls.from_number",
      "calls.transcript",
      "calls.created_at",
      "calls.started_at",
      "tenants.time_zone",
    ])
    .where("calls.tenant_id", "=", tenantId)
    .where("calls.id", "=", callId)
    .executeTakeFirst();
  if (!call) return { kind: "not-found" };
  const template = pinned ? await pinnedTemplate(tenantId, pinned, db) : await templateForCall(tenantId, await callTargetOf(tenantId, call, db), db);
  if (!template) return { kind: "no-template" };
  const transcript = transcriptOf(call.transcript);
  if (transcript.length === 0) return { kind: "no-transcript" };
  const extraction = await extractor.extract({
    transcript,
    definition: template.definition,
    callDate: new Date(call.started_at ?? call.created_at),
    timeZone: call.time_zone,
  });
  const { before, after } = await inTransaction(db, (trx) => storeExtraction(trx, tenantId, callId, template, extraction));
  return { kind: "stored", template, extraction, before, after };
}

async function pinnedTemplate(tenantId: string, pinned: { templateId: string; version: number }, db: DB): Promise<TemplateVersionRef | null> {
  const found = await findTemplate(tenantId, pinned.templateId, pinned.version, db);
  if (!found) throw new AnalysisError(`Template ${pinned.templateId} version ${pinned.version} no longer exists.`);
  return { templateId: found.id, name: found.name, version: found.version, definition: found.definition };
}

export async function storeExtraction(trx: DB, tenantId: string, callId: string, template: TemplateVersionRef, extraction: Extraction) {
  const before = await snapshotOf(tenantId, callId, trx);
  const stored = { fields: extraction.fields, criteria: extraction.criteria, model: extraction.model };
  await trx
    .insertInto("call_template_results")
    .values({
      tenant_id: tenantId,
      call_id: callId,
      template_id: template.templateId,
      template_version: template.version,
      provider: extraction.provider,
      summary: extraction.summary,
      result: JSON.stringify(stored),
      analyzed_at: now(),
    })
    .onConflict((oc) =>
      oc.columns(["tenant_id", "call_id"]).doUpdateSet((eb) => ({
        template_id: eb.ref("excluded.template_id"),
        template_version: eb.ref("excluded.template_version"),
        provider: eb.ref("excluded.provider"),
        summary: eb.ref("excluded.summary"),
        result: eb.ref("excluded.result"),
        analyzed_at: eb.ref("excluded.analyzed_at"),
      })),
    )
    .execute();
  await trx.deleteFrom("call_field_values").where("tenant_id", "=", tenantId).where("call_id", "=", callId).execute();
  await trx.deleteFrom("call_criteria_results").where("tenant_id", "=", tenantId).where("call_id", "=", callId).execute();
  if (extraction.fields.length)
    await trx
      .insertInto("call_field_values")
      .values(
        extraction.fields.map((field) => ({
          tenant_id: tenantId,
          call_id: callId,
          template_id: template.templateId,
          field_key: field.key,
          found: field.found ? 1 : 0,
          ...columnsOf(field),
        })),
      )
      .execute();
  if (extraction.criteria.length)
    await trx
      .insertInto("call_criteria_results")
      .values(
        extraction.criteria.map((criterion) => ({
          tenant_id: tenantId,
          call_id: callId,
          template_id: template.templateId,
          criterion_key: criterion.key,
          verdict: criterion.verdict,
          reason: criterion.reason,
        })),
      )
      .execute();
  const after: ResultSnapshot = {
    version: template.version,
    fields: Object.fromEntries(extraction.fields.map((field) => [field.key, { found: field.found, value: field.value }])),
    criteria: Object.fromEntries(extraction.criteria.map((criterion) => [criterion.key, criterion.verdict])),
  };
  return { before, after };
}

/** How a value is kept for filtering: yes/no as "yes"/"no" and 1/0, a number as a number, the rest as text. */
export function columnsOf(field: Pick<FieldResult, "found" | "value">): { value_text: string | null; value_number: number | null } {
  if (!field.found || field.value === null) return { value_text: null, value_number: null };
  if (typeof field.value === "boolean") return { value_text: field.value ? "yes" : "no", value_number: field.value ? 1 : 0 };
  if (typeof field.value === "number") return { value_text: null, value_number: field.value };
  return { value_text: field.value, value_number: null };
}

export async function snapshotOf(tenantId: string, callId: string, db: DB = getDb()): Promise<ResultSnapshot | null> {
  const result = await db
    .selectFrom("call_template_results")
    .select(["template_version", "result"])
    .where("tenant_id", "=", tenantId)
    .where("call_id", "=", callId)
    .executeTakeFirst();
  if (!result) return null;
  const stored = parseStoredResult(result.result);
  return {
    version: result.template_version,
    fields: Object.fromEntries(stored.fields.map((field) => [field.key, { found: field.found, value: field.value }])),
    criteria: Object.fromEntries(stored.criteria.map((criterion) => [criterion.key, criterion.verdict])),
  };
}

const storedResultSchema = z.object({
  fields: z
    .array(
      z.object({
        key: z.string(),
        found: z.boolean(),
        value: z.union([z.string(), z.number(), z.boolean()]).nullable(),
        evidence: z.string().nullable().catch(null),
        atSeconds: z.number().nullable().catch(null),
      }),
    )
    .catch([]),
  criteria: z.array(z.object({ key: z.string(), verdict: z.enum(VERDICTS), reason: z.string().catch("") })).catch([]),
  model: z.string().optional().catch(undefined),
});

export function parseStoredResult(json: string) {
  try {
    return storedResultSchema.parse(JSON.parse(json));
  } catch {
    return { fields: [], criteria: [], model: undefined };
  }
}

/** True when the re-run changed something the user can see: a value, whether it was found, or a verdict. */
export function snapshotsDiffer(before: ResultSnapshot | null, after: ResultSnapshot) {
  if (!before) return true;
  return JSON.stringify({ f: before.fields, c: before.criteria }) !== JSON.stringify({ f: after.fields, c: after.criteria });
}

export interface CallTemplateView {
  templateId: string;
  templateName: string;
  version: number;
  currentVersion: number;
  provider: string;
  model: string | null;
  summary: string | null;
  analyzedAt: string;
  definition: TemplateDefinition;
  fields: FieldResult[];
  criteria: CriterionResult[];
}

/** What the recording page shows: the values with the labels of the version that found them. */
export async function callTemplateView(tenantId: string, callId: string, db: DB = getDb()): Promise<CallTemplateView | null> {
  const row = await db
    .selectFrom("call_template_results as r")
    .innerJoin("post_call_templates as t", "t.id", "r.template_id")
    .innerJoin("post_call_template_versions as v", (join) => join.onRef("v.template_id", "=", "r.template_id").onRef("v.version", "=", "r.template_version"))
    .select(["r.template_id", "t.name", "t.current_version", "r.template_version", "r.provider", "r.summary", "r.result", "r.analyzed_at", "v.definition"])
    .where("r.tenant_id", "=", tenantId)
    .where("r.call_id", "=", callId)
    .executeTakeFirst();
  if (!row) return null;
  const stored = parseStoredResult(row.result);
  return {
    templateId: row.template_id,
    templateName: row.name,
    version: row.template_version,
    currentVersion: row.current_version,
    provider: row.provider,
    model: stored.model ?? null,
    summary: row.summary,
    analyzedAt: row.analyzed_at,
    definition: parseDefinition(row.definition),
    fields: stored.fields,
    criteria: stored.criteria,
  };
}
