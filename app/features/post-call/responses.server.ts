import { sql, type ExpressionBuilder } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import type { Database } from "~/db/schema";
import { instantBounds } from "./call-filter";
import { parseStoredResult } from "./results.server";
import { checkedCondition, RESPONSES_PAGE_SIZE, type Condition, type ResponsesParams } from "./response-params";
import type { FieldValue, TemplateDefinition, Verdict } from "./template-definition";

/**
 * /response (docs/product/post-call.md#responses): one row per call a
 * template analysed, a column per field; filters on field values, dates,
 * campaign and agent; and counts over the whole filtered set. Field filters
 * are EXISTS over call_field_values, which has a typed column per kind of
 * value, so the same SQL runs on SQLite and PostgreSQL with plain indexes.
 */
export interface ResponsesScope {
  tenantId: string;
  timeZone: string;
  templateId: string;
  definition: TemplateDefinition;
}

/** The conditions the template can apply (unknown fields and values that do not fit are dropped). */
export function applicableConditions(definition: TemplateDefinition, where: Condition[]) {
  return where
    .map((condition) => checkedCondition(condition, definition.fields.find((field) => field.key === condition.field)?.type))
    .filter((condition): condition is Condition => condition !== null);
}

function filtered(scope: ResponsesScope, params: ResponsesParams, db: DB) {
  const { start, end } = instantBounds(params, scope.timeZone);
  let query = db
    .selectFrom("call_template_results")
    .innerJoin("calls", (join) => join.onRef("calls.id", "=", "call_template_results.call_id").onRef("calls.tenant_id", "=", "call_template_results.tenant_id"))
    .where("call_template_results.tenant_id", "=", scope.tenantId)
    .where("call_template_results.template_id", "=", scope.templateId);
  if (start) query = query.where("calls.created_at", ">=", start);
  if (end) query = query.where("calls.created_at", "<", end);
  if (params.campaign) query = query.where("calls.campaign_name", "=", params.campaign);
  if (params.agent) query = query.where("calls.agent_id", "=", params.agent);
  for (const condition of applicableConditions(scope.definition, params.where)) {
    const type = scope.definition.fields.find((field) => field.key === condition.field)!.type;
    query = query.where((eb) => conditionExpression(eb, condition, type));
  }
  return query;
}

function conditionExpression(eb: ExpressionBuilder<Database, "call_template_results" | "calls">, condition: Condition, type: string) {
  const value = eb
    .selectFrom("call_field_values as v")
    .select(sql.lit(1).as("one"))
    .whereRef("v.tenant_id", "=", "call_template_results.tenant_id")
    .whereRef("v.call_id", "=", "call_template_results.call_id")
    .where("v.field_key", "=", condition.field)
    .where("v.found", "=", 1);
  switch (condition.op) {
    case "found":
      return eb.exists(value);
    case "missing":
      return eb.not(eb.exists(value));
    case "eq":
      if (type === "number") return eb.exists(value.where("v.value_number", "=", Number(condition.value)));
      if (type === "text" || type === "choice") return eb.exists(value.where(sql`lower(v.value_text)`, "=", condition.value.toLowerCase()));
      return eb.exists(value.where("v.value_text", "=", condition.value));
    case "gt":
      return eb.exists(type === "number" ? value.where("v.value_number", ">", Number(condition.value)) : value.where("v.value_text", ">", condition.value));
    case "lt":
      return eb.exists(type === "number" ? value.where("v.value_number", "<", Number(condition.value)) : value.where("v.value_text", "<", condition.value));
  }
}

export interface ResponseRow {
  callId: string;
  createdAt: string;
  campaign: string | null;
  agent: string | null;
  version: number;
  values: Record<string, { found: boolean; value: FieldValue | null }>;
  criteria: Record<string, Verdict>;
}

export async function listResponses(scope: ResponsesScope, params: ResponsesParams, db: DB = getDb()) {
  const base = filtered(scope, params, db);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const pageCount = Math.max(1, Math.ceil(total / RESPONSES_PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  const found = await ordered(scope, params, db)
    .limit(RESPONSES_PAGE_SIZE)
    .offset((page - 1) * RESPONSES_PAGE_SIZE)
    .execute();
  return { total, page, pageCount, rows: found.map(toRow) };
}

/** The view's rows in the view's order: by a field's value (calls without it last) or by date, newest first by default. */
function ordered(scope: ResponsesScope, params: ResponsesParams, db: DB) {
  let rows = filtered(scope, params, db).select([
    "calls.id",
    "calls.created_at",
    "calls.campaign_name",
    "calls.agent_name",
    "call_template_results.template_version",
    "call_template_results.result",
  ]);
  const sortField = params.sort !== "createdAt" ? scope.definition.fields.find((field) => field.key === params.sort) : undefined;
  if (sortField) {
    const column = sortField.type === "number" || sortField.type === "yes-no" ? "s.value_number" : "s.value_text";
    rows = rows
      .leftJoin("call_field_values as s", (join) =>
        join
          .onRef("s.tenant_id", "=", "call_template_results.tenant_id")
          .onRef("s.call_id", "=", "call_template_results.call_id")
          .on("s.field_key", "=", sortField.key),
      )
      .orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`)
      .orderBy(sql.ref(column), params.order);
  }
  return rows.orderBy("calls.created_at", sortField ? "desc" : params.order).orderBy("calls.id", "desc");
}

function toRow(row: {
  id: string;
  created_at: string;
  campaign_name: string | null;
  agent_name: string | null;
  template_version: number;
  result: string;
}): ResponseRow {
  const stored = parseStoredResult(row.result);
  return {
    callId: row.id,
    createdAt: row.created_at,
    campaign: row.campaign_name,
    agent: row.agent_name,
    version: row.template_version,
    values: Object.fromEntries(stored.fields.map((field) => [field.key, { found: field.found, value: field.value }])),
    criteria: Object.fromEntries(stored.criteria.map((criterion) => [criterion.key, criterion.verdict])),
  };
}

export interface FieldAggregate {
  key: string;
  found: number;
  /** number: the average of the found values. */
  average: number | null;
  /** yes/no: the share of yes among the found answers. */
  yesShare: number | null;
  /** choice: how often each option was chosen, in the template's order (then anything else said). */
  choices: Array<{ option: string; count: number }>;
}

export interface CriterionAggregate {
  key: string;
  met: number;
  notMet: number;
  unknown: number;
  /** met / (met + not met); null when none was judged. */
  metShare: number | null;
}

/** Counts over every call of the view, not just the page. */
export async function aggregateResponses(scope: ResponsesScope, params: ResponsesParams, db: DB = getDb()) {
  const calls = filtered(scope, params, db).select("call_template_results.call_id");
  const fieldRows = await db
    .selectFrom("call_field_values")
    .select((eb) => [
      "field_key",
      eb.fn.sum<number>("found").as("found"),
      eb.fn.avg<number>("value_number").as("average"),
      eb.fn.sum<number>(eb.case().when("value_text", "=", "yes").then(1).else(0).end()).as("yes"),
    ])
    .where("tenant_id", "=", scope.tenantId)
    .where("template_id", "=", scope.templateId)
    .where("call_id", "in", calls)
    .groupBy("field_key")
    .execute();
  const choiceKeys = scope.definition.fields.filter((field) => field.type === "choice").map((field) => field.key);
  const choiceRows = choiceKeys.length
    ? await db
        .selectFrom("call_field_values")
        .select((eb) => ["field_key", "value_text", eb.fn.countAll<number>().as("n")])
        .where("tenant_id", "=", scope.tenantId)
        .where("template_id", "=", scope.templateId)
        .where("field_key", "in", choiceKeys)
        .where("found", "=", 1)
        .where("call_id", "in", calls)
        .groupBy(["field_key", "value_text"])
        .execute()
    : [];
  const criterionRows = await db
    .selectFrom("call_criteria_results")
    .select((eb) => ["criterion_key", "verdict", eb.fn.countAll<number>().as("n")])
    .where("tenant_id", "=", scope.tenantId)
    .where("template_id", "=", scope.templateId)
    .where("call_id", "in", calls)
    .groupBy(["criterion_key", "verdict"])
    .execute();

  const fields: FieldAggregate[] = scope.definition.fields.map((field) => {
    const row = fieldRows.find((candidate) => candidate.field_key === field.key);
    const found = Number(row?.found ?? 0);
    const said = choiceRows.filter((candidate) => candidate.field_key === field.key);
    const extra = said.filter((candidate) => !field.options.includes(candidate.value_text ?? "")).map((candidate) => candidate.value_text ?? "");
    return {
      key: field.key,
      found,
      average: field.type === "number" && found > 0 && row?.average !== null && row?.average !== undefined ? Number(row.average) : null,
      yesShare: field.type === "yes-no" && found > 0 ? Number(row?.yes ?? 0) / found : null,
      choices:
        field.type === "choice"
          ? [...field.options, ...extra].map((option) => ({ option, count: Number(said.find((candidate) => candidate.value_text === option)?.n ?? 0) }))
          : [],
    };
  });
  const criteria: CriterionAggregate[] = scope.definition.criteria.map((criterion) => {
    const count = (verdict: Verdict) => Number(criterionRows.find((row) => row.criterion_key === criterion.key && row.verdict === verdict)?.n ?? 0);
    const met = count("met");
    const notMet = count("not-met");
    return { key: criterion.key, met, notMet, unknown: count("unknown"), metShare: met + notMet > 0 ? met / (met + notMet) : null };
  });
  return { fields, criteria };
}

/** Every row of the view in pages of a few hundred, for the CSV export (flat memory at any size). */
export async function* allResponses(scope: ResponsesScope, params: ResponsesParams, db: DB = getDb()): AsyncGenerator<ResponseRow> {
  const batch = 500;
  for (let offset = 0; ; offset += batch) {
    const rows = await ordered(scope, params, db).limit(batch).offset(offset).execute();
    for (const row of rows) yield toRow(row);
    if (rows.length < batch) return;
  }
}
