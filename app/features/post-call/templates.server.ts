import { sql } from "kysely";
import { getDb, inTransaction, newId, now, type DB } from "~/db/db.server";
import { isUniqueViolation, lockTenant } from "~/db/constraints.server";
import type { PostCallTargetKind } from "~/db/schema";
import { campaignOptions } from "~/features/recordings/list/list-query.server";
import { nameKey, type TemplateDefinition } from "./template-definition";
import { parseDefinition } from "./template-schema";

/**
 * A tenant's post-call templates (docs/product/post-call.md): each save of a
 * changed definition is a new immutable version, so a call keeps the version
 * that analysed it; which template a campaign, agent or number uses; and the
 * tenant's default. Every function filters by the tenant.
 */
export interface TemplateSummary {
  id: string;
  name: string;
  version: number;
  isDefault: boolean;
  fieldCount: number;
  criteriaCount: number;
  assignedCount: number;
  analysedCalls: number;
  updatedAt: string;
}

export function listTemplates(tenantId: string, db: DB = getDb()): Promise<TemplateSummary[]> {
  return templateSummaries(tenantId, null, db);
}

/** One template's summary (its delete page's counts), without reading the others; undefined for another tenant's id. */
export async function getTemplateSummary(tenantId: string, templateId: string, db: DB = getDb()): Promise<TemplateSummary | undefined> {
  return (await templateSummaries(tenantId, templateId, db))[0];
}

async function templateSummaries(tenantId: string, templateId: string | null, db: DB): Promise<TemplateSummary[]> {
  let query = db
    .selectFrom("post_call_templates as t")
    .innerJoin("post_call_template_versions as v", (join) => join.onRef("v.template_id", "=", "t.id").onRef("v.version", "=", "t.current_version"))
    .select((eb) => [
      "t.id",
      "t.name",
      "t.current_version",
      "t.is_default",
      "t.updated_at",
      "v.definition",
      eb.selectFrom("post_call_assignments as a").select(eb.fn.countAll<number>().as("n")).whereRef("a.template_id", "=", "t.id").as("assigned"),
      eb
        .selectFrom("call_template_results as r")
        .select(eb.fn.countAll<number>().as("n"))
        .where("r.tenant_id", "=", tenantId)
        .whereRef("r.template_id", "=", "t.id")
        .as("analysed"),
    ])
    .where("t.tenant_id", "=", tenantId);
  if (templateId !== null) query = query.where("t.id", "=", templateId);
  const rows = await query.orderBy("t.name_key").execute();
  return rows.map((row) => {
    const definition = parseDefinition(row.definition);
    return {
      id: row.id,
      name: row.name,
      version: row.current_version,
      isDefault: row.is_default === 1,
      fieldCount: definition.fields.length,
      criteriaCount: definition.criteria.length,
      assignedCount: Number(row.assigned ?? 0),
      analysedCalls: Number(row.analysed ?? 0),
      updatedAt: row.updated_at,
    };
  });
}

export interface TemplateVersionRef {
  templateId: string;
  name: string;
  version: number;
  definition: TemplateDefinition;
}

/** A template at its current version, or at `version`; undefined when the tenant has no such template or version. */
export async function findTemplate(tenantId: string, templateId: string, version?: number, db: DB = getDb()) {
  const row = await db
    .selectFrom("post_call_templates as t")
    .innerJoin("post_call_template_versions as v", "v.template_id", "t.id")
    .select([
      "t.id",
      "t.name",
      "t.current_version",
      "t.is_default",
      "t.created_at",
      "t.updated_at",
      "v.version",
      "v.definition",
      "v.created_at as version_created_at",
    ])
    .where("t.tenant_id", "=", tenantId)
    .where("t.id", "=", templateId)
    .where("v.version", "=", version ?? sql<number>`t.current_version`)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    currentVersion: row.current_version,
    isDefault: row.is_default === 1,
    version: row.version,
    definition: parseDefinition(row.definition),
    updatedAt: row.updated_at,
  };
}

export async function listVersions(tenantId: string, templateId: string, db: DB = getDb()) {
  const rows = await db
    .selectFrom("post_call_template_versions as v")
    .leftJoin("users as u", "u.id", "v.created_by")
    .select((eb) => [
      "v.version",
      "v.created_at",
      "u.name as created_by_name",
      eb
        .selectFrom("call_template_results as r")
        .select(eb.fn.countAll<number>().as("n"))
        .where("r.tenant_id", "=", tenantId)
        .whereRef("r.template_id", "=", "v.template_id")
        .whereRef("r.template_version", "=", "v.version")
        .as("calls"),
    ])
    .where("v.tenant_id", "=", tenantId)
    .where("v.template_id", "=", templateId)
    .orderBy("v.version", "desc")
    .execute();
  return rows.map((row) => ({ version: row.version, createdAt: row.created_at, createdBy: row.created_by_name ?? null, calls: Number(row.calls ?? 0) }));
}

export type SaveTemplateResult = { ok: true; id: string; version: number; changed: boolean } | { ok: false; problem: "name-taken" | "not-found" };

/** A new template at version 1; the tenant's first template becomes its default. */
export async function createTemplate(
  tenantId: string,
  userId: string | null,
  input: { name: string; definition: TemplateDefinition },
  db: DB = getDb(),
): Promise<SaveTemplateResult> {
  try {
    return await inTransaction(db, async (trx) => {
      await lockTenant(trx, tenantId);
      const id = newId();
      const timestamp = now();
      const first = !(await trx.selectFrom("post_call_templates").select("id").where("tenant_id", "=", tenantId).executeTakeFirst());
      await trx
        .insertInto("post_call_templates")
        .values({
          id,
          tenant_id: tenantId,
          name: input.name,
          name_key: nameKey(input.name),
          current_version: 1,
          is_default: first ? 1 : 0,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
      await trx
        .insertInto("post_call_template_versions")
        .values({ tenant_id: tenantId, template_id: id, version: 1, definition: JSON.stringify(input.definition), created_by: userId, created_at: timestamp })
        .execute();
      return { ok: true as const, id, version: 1, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, problem: "name-taken" };
    throw error;
  }
}

/** Renames and, when the definition changed, adds a version; an unchanged definition adds none. */
export async function updateTemplate(
  tenantId: string,
  templateId: string,
  userId: string | null,
  input: { name: string; definition: TemplateDefinition },
  db: DB = getDb(),
): Promise<SaveTemplateResult> {
  try {
    return await inTransaction(db, async (trx) => {
      // Two saves at once must not both take the next version number.
      await lockTenant(trx, tenantId);
      const current = await trx
        .selectFrom("post_call_templates as t")
        .innerJoin("post_call_template_versions as v", (join) => join.onRef("v.template_id", "=", "t.id").onRef("v.version", "=", "t.current_version"))
        .select(["t.id", "t.current_version", "v.definition"])
        .where("t.tenant_id", "=", tenantId)
        .where("t.id", "=", templateId)
        .executeTakeFirst();
      if (!current) return { ok: false as const, problem: "not-found" as const };
      const changed = JSON.stringify(parseDefinition(current.definition)) !== JSON.stringify(input.definition);
      const version = changed ? current.current_version + 1 : current.current_version;
      const timestamp = now();
      if (changed) {
        await trx
          .insertInto("post_call_template_versions")
          .values({
            tenant_id: tenantId,
            template_id: templateId,
            version,
            definition: JSON.stringify(input.definition),
            created_by: userId,
            created_at: timestamp,
          })
          .execute();
      }
      await trx
        .updateTable("post_call_templates")
        .set({ name: input.name, name_key: nameKey(input.name), current_version: version, updated_at: timestamp })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", templateId)
        .execute();
      return { ok: true as const, id: templateId, version, changed };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, problem: "name-taken" };
    throw error;
  }
}

/** Makes the template the tenant's default (the one before it stops being one); false when there is no such template. */
export async function makeDefault(tenantId: string, templateId: string, db: DB = getDb()) {
  return inTransaction(db, async (trx) => {
    const exists = await trx.selectFrom("post_call_templates").select("id").where("tenant_id", "=", tenantId).where("id", "=", templateId).executeTakeFirst();
    if (!exists) return false;
    await trx.updateTable("post_call_templates").set({ is_default: 0 }).where("tenant_id", "=", tenantId).where("is_default", "=", 1).execute();
    await trx
      .updateTable("post_call_templates")
      .set({ is_default: 1, updated_at: now() })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", templateId)
      .execute();
    return true;
  });
}

/** Deletes a template with its versions, assignments and the answers it collected; false when there is none. */
export async function deleteTemplate(tenantId: string, templateId: string, db: DB = getDb()) {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom("call_field_values").where("tenant_id", "=", tenantId).where("template_id", "=", templateId).execute();
    await trx.deleteFrom("call_criteria_results").where("tenant_id", "=", tenantId).where("template_id", "=", templateId).execute();
    const result = await trx.deleteFrom("post_call_templates").where("tenant_id", "=", tenantId).where("id", "=", templateId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}

export interface AssignmentChoices {
  campaigns: Array<{ id: string; name: string; templateId: string | null }>;
  agents: Array<{ id: string; name: string; templateId: string | null }>;
  numbers: Array<{ id: string; e164: string; label: string; templateId: string | null }>;
}

/** Everything a template can be assigned to, with the template each one uses now. */
export async function assignmentChoices(tenantId: string, db: DB = getDb()): Promise<AssignmentChoices> {
  const assigned = await db.selectFrom("post_call_assignments").select(["target_kind", "target_id", "template_id"]).where("tenant_id", "=", tenantId).execute();
  const templateOf = (kind: PostCallTargetKind, id: string) => assigned.find((row) => row.target_kind === kind && row.target_id === id)?.template_id ?? null;
  const [campaigns, agents, numbers] = await Promise.all([
    db.selectFrom("campaigns").select(["id", "name"]).where("tenant_id", "=", tenantId).orderBy("name").execute(),
    db.selectFrom("agents").select(["id", "name"]).where("tenant_id", "=", tenantId).orderBy("name").execute(),
    db.selectFrom("phone_numbers").select(["id", "e164", "label"]).where("tenant_id", "=", tenantId).orderBy("e164").execute(),
  ]);
  return {
    campaigns: campaigns.map((row) => ({ ...row, templateId: templateOf("campaign", row.id) })),
    agents: agents.map((row) => ({ ...row, templateId: templateOf("agent", row.id) })),
    numbers: numbers.map((row) => ({ ...row, templateId: templateOf("number", row.id) })),
  };
}

export type AssignmentTargets = Record<PostCallTargetKind, string[]>;

/**
 * The template's assignments become exactly these targets: each chosen one
 * uses this template (taken over from another template if it had one), each
 * one left out stops using it. Ids that are not the tenant's are ignored.
 */
export async function setAssignments(tenantId: string, templateId: string, targets: AssignmentTargets, db: DB = getDb()) {
  return inTransaction(db, async (trx) => {
    const template = await trx.selectFrom("post_call_templates").select("id").where("tenant_id", "=", tenantId).where("id", "=", templateId).executeTakeFirst();
    if (!template) return false;
    const owned = await ownedTargets(trx, tenantId, targets);
    await trx.deleteFrom("post_call_assignments").where("tenant_id", "=", tenantId).where("template_id", "=", templateId).execute();
    const rows = (Object.keys(owned) as PostCallTargetKind[]).flatMap((kind) =>
      owned[kind].map((id) => ({ tenant_id: tenantId, target_kind: kind, target_id: id, template_id: templateId, created_at: now() })),
    );
    if (rows.length)
      await trx
        .insertInto("post_call_assignments")
        .values(rows)
        .onConflict((oc) => oc.columns(["tenant_id", "target_kind", "target_id"]).doUpdateSet({ template_id: templateId }))
        .execute();
    return true;
  });
}

async function ownedTargets(db: DB, tenantId: string, targets: AssignmentTargets): Promise<AssignmentTargets> {
  const ids = async (table: "campaigns" | "agents" | "phone_numbers", wanted: string[]) =>
    wanted.length ? (await db.selectFrom(table).select("id").where("tenant_id", "=", tenantId).where("id", "in", wanted).execute()).map((row) => row.id) : [];
  return { campaign: await ids("campaigns", targets.campaign), agent: await ids("agents", targets.agent), number: await ids("phone_numbers", targets.number) };
}

export interface CallTarget {
  campaignId: string | null;
  agentId: string | null;
  numberIds: string[];
}

/**
 * Which template analyses a call: the campaign's, else the agent's, else the
 * number's, else the tenant's default (docs/product/post-call.md#which-template).
 * The most specific purpose wins: a campaign is about one thing, an agent may
 * serve several campaigns, a number several agents.
 */
export async function templateForCall(tenantId: string, target: CallTarget, db: DB = getDb()): Promise<TemplateVersionRef | null> {
  const candidates: Array<[PostCallTargetKind, string | null]> = [
    ["campaign", target.campaignId],
    ["agent", target.agentId],
    ...target.numberIds.map((id): [PostCallTargetKind, string] => ["number", id]),
  ];
  const wanted = candidates.filter((candidate): candidate is [PostCallTargetKind, string] => candidate[1] !== null);
  const assigned = wanted.length
    ? await db
        .selectFrom("post_call_assignments")
        .select(["target_kind", "target_id", "template_id"])
        .where("tenant_id", "=", tenantId)
        .where((eb) => eb.or(wanted.map(([kind, id]) => eb.and([eb("target_kind", "=", kind), eb("target_id", "=", id)]))))
        .execute()
    : [];
  const chosen = wanted.map(([kind, id]) => assigned.find((row) => row.target_kind === kind && row.target_id === id)).find(Boolean);
  const templateId =
    chosen?.template_id ??
    (await db.selectFrom("post_call_templates").select("id").where("tenant_id", "=", tenantId).where("is_default", "=", 1).executeTakeFirst())?.id;
  if (!templateId) return null;
  const template = await findTemplate(tenantId, templateId, undefined, db);
  return template ? { templateId: template.id, name: template.name, version: template.version, definition: template.definition } : null;
}

/** What the re-run form and the responses view filter by: the campaign names calls carry (the recordings list's options) and the tenant's agents. */
export async function callFilterChoices(tenantId: string, db: DB = getDb()) {
  const [campaigns, agents] = await Promise.all([
    campaignOptions(db, tenantId),
    db.selectFrom("agents").select(["id", "name"]).where("tenant_id", "=", tenantId).orderBy("name").execute(),
  ]);
  return { campaigns, agents };
}
