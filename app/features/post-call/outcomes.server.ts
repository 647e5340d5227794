import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { parseDefinition } from "./template-schema";

/**
 * The call-management tab "post call analysis", template part
 * (docs/product/post-call.md#outcomes): per campaign or per agent and
 * template, how many calls were analysed, the share of each criterion met
 * (of those judged), and the fields most often not found.
 */
export const OUTCOME_GROUPINGS = ["campaign", "agent"] as const;
export type OutcomeGrouping = (typeof OUTCOME_GROUPINGS)[number];

export interface OutcomeRow {
  group: string | null;
  templateId: string;
  templateName: string;
  calls: number;
  criteria: Array<{ key: string; name: string; met: number; judged: number }>;
  /** At most three, most often missing first. */
  missing: Array<{ key: string; name: string; count: number }>;
}

const GROUP_LIMIT = 20;

export async function templateOutcomes(tenantId: string, by: OutcomeGrouping, db: DB = getDb()): Promise<OutcomeRow[]> {
  const groupColumn = by === "campaign" ? sql<string | null>`calls.campaign_name` : sql<string | null>`calls.agent_name`;
  const groups = await db
    .selectFrom("call_template_results as r")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "r.call_id").onRef("calls.tenant_id", "=", "r.tenant_id"))
    .innerJoin("post_call_templates as t", "t.id", "r.template_id")
    .innerJoin("post_call_template_versions as v", (join) => join.onRef("v.template_id", "=", "t.id").onRef("v.version", "=", "t.current_version"))
    .select((eb) => [groupColumn.as("grouping"), "r.template_id", "t.name", "v.definition", eb.fn.countAll<number>().as("calls")])
    .where("r.tenant_id", "=", tenantId)
    .groupBy([groupColumn, "r.template_id", "t.name", "v.definition"])
    .orderBy(sql`count(*)`, "desc")
    .limit(GROUP_LIMIT)
    .execute();
  if (groups.length === 0) return [];
  const templateIds = [...new Set(groups.map((group) => group.template_id))];
  const verdicts = await db
    .selectFrom("call_criteria_results as c")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "c.call_id").onRef("calls.tenant_id", "=", "c.tenant_id"))
    .select((eb) => [groupColumn.as("grouping"), "c.template_id", "c.criterion_key", "c.verdict", eb.fn.countAll<number>().as("n")])
    .where("c.tenant_id", "=", tenantId)
    .where("c.template_id", "in", templateIds)
    .groupBy([groupColumn, "c.template_id", "c.criterion_key", "c.verdict"])
    .execute();
  const missing = await db
    .selectFrom("call_field_values as f")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "f.call_id").onRef("calls.tenant_id", "=", "f.tenant_id"))
    .select((eb) => [groupColumn.as("grouping"), "f.template_id", "f.field_key", eb.fn.countAll<number>().as("n")])
    .where("f.tenant_id", "=", tenantId)
    .where("f.template_id", "in", templateIds)
    .where("f.found", "=", 0)
    .groupBy([groupColumn, "f.template_id", "f.field_key"])
    .execute();
  return groups.map((group) => {
    const definition = parseDefinition(group.definition);
    const same = <T extends { grouping: string | null; template_id: string }>(row: T) =>
      row.grouping === group.grouping && row.template_id === group.template_id;
    return {
      group: group.grouping,
      templateId: group.template_id,
      templateName: group.name,
      calls: Number(group.calls),
      criteria: definition.criteria.map((criterion) => {
        const count = (verdict: string) => Number(verdicts.find((row) => same(row) && row.criterion_key === criterion.key && row.verdict === verdict)?.n ?? 0);
        const met = count("met");
        return { key: criterion.key, name: criterion.name, met, judged: met + count("not-met") };
      }),
      missing: missing
        .filter(same)
        .map((row) => ({
          key: row.field_key,
          name: definition.fields.find((field) => field.key === row.field_key)?.name ?? row.field_key,
          count: Number(row.n),
        }))
        .sort((a, b) => b.count - a.count)
        .slice(0, 3),
    };
  });
}
