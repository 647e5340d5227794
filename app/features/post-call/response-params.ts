import { calendarDayParam, oneOf, optionalText, orderParam, pageParam, readParams } from "~/lib/url-params/url-params";
import type { FieldType } from "./template-definition";

/**
 * The responses view's URL contract (docs/product/post-call.md#responses):
 *
 *   /response?template=&from=&to=&campaign=&agent=&where=<field>:<op>:<value>…&sort=&order=&page=
 *
 * `where` repeats, one condition per field filter ("confirmed:eq:yes",
 * "amount:gt:100", "plan:eq:Premium", "day:found:"). Lenient like every list:
 * a condition the template cannot read is dropped, not an error. Pure and
 * zod-free, so the page builds its links with it too.
 */
export const RESPONSES_PAGE_SIZE = 20;

export const CONDITION_OPS = ["eq", "gt", "lt", "found", "missing"] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

export interface Condition {
  field: string;
  op: ConditionOp;
  /** "" for found/missing; "yes"/"no" for yes/no; a number; YYYY-MM-DD; or the text. */
  value: string;
}

export interface ResponsesParams {
  template: string | null;
  from: string | null;
  to: string | null;
  campaign: string | null;
  agent: string | null;
  where: Condition[];
  /** "createdAt", or a field's key. */
  sort: string;
  order: "asc" | "desc";
  page: number;
}

/** Which operators make sense for a type (the condition form offers these). */
export const OPS_FOR_TYPE: Record<FieldType, readonly ConditionOp[]> = {
  text: ["eq", "found", "missing"],
  choice: ["eq", "found", "missing"],
  "yes-no": ["eq", "found", "missing"],
  number: ["eq", "gt", "lt", "found", "missing"],
  date: ["eq", "gt", "lt", "found", "missing"],
};

const MAX_CONDITIONS = 8;

export function parseCondition(raw: string): Condition | null {
  const first = raw.indexOf(":");
  const second = first < 0 ? -1 : raw.indexOf(":", first + 1);
  if (second < 0) return null;
  const field = raw.slice(0, first).trim();
  const op = oneOf(CONDITION_OPS).parse(raw.slice(first + 1, second));
  const value = raw
    .slice(second + 1)
    .trim()
    .slice(0, 200);
  if (!field || !op) return null;
  if ((op === "eq" || op === "gt" || op === "lt") && value === "") return null;
  return { field, op, value: op === "found" || op === "missing" ? "" : value };
}

export const conditionParam = (condition: Condition) => `${condition.field}:${condition.op}:${condition.value}`;

/** A condition as the template can apply it (its field exists and the value fits the type), else null. */
export function checkedCondition(condition: Condition, type: FieldType | undefined): Condition | null {
  if (!type || !OPS_FOR_TYPE[type].includes(condition.op)) return null;
  if (condition.op === "found" || condition.op === "missing") return condition;
  if (type === "yes-no") {
    // Typed in either language: "ja" and "nein" are yes and no.
    const said = condition.value.trim().toLowerCase();
    const value = ["yes", "ja", "y", "j", "true", "1"].includes(said) ? "yes" : ["no", "nein", "n", "false", "0"].includes(said) ? "no" : null;
    return value ? { ...condition, value } : null;
  }
  if (type === "number")
    return Number.isFinite(Number(condition.value.replace(",", "."))) ? { ...condition, value: String(Number(condition.value.replace(",", "."))) } : null;
  if (type === "date") return calendarDayParam.parse(condition.value) ? condition : null;
  return condition;
}

const readers = {
  template: optionalText({ trim: true, maxLength: 64 }),
  from: calendarDayParam,
  to: calendarDayParam,
  campaign: optionalText({ maxLength: 200 }),
  agent: optionalText({ trim: true, maxLength: 64 }),
  sort: optionalText({ trim: true, maxLength: 64 }),
  order: orderParam,
  page: pageParam,
};

export function parseResponsesParams(search: URLSearchParams): ResponsesParams {
  const parsed = readParams(search, readers);
  const where = search
    .getAll("where")
    .map(parseCondition)
    .filter((condition): condition is Condition => condition !== null)
    .slice(0, MAX_CONDITIONS);
  const sort = parsed.sort ?? "createdAt";
  return {
    template: parsed.template,
    from: parsed.from,
    to: parsed.to,
    campaign: parsed.campaign,
    agent: parsed.agent,
    where,
    sort,
    order: parsed.order ?? (sort === "createdAt" ? "desc" : "asc"),
    page: parsed.page,
  };
}

export function responsesSearch(params: ResponsesParams) {
  const search = new URLSearchParams();
  if (params.template) search.set("template", params.template);
  if (params.from) search.set("from", params.from);
  if (params.to) search.set("to", params.to);
  if (params.campaign) search.set("campaign", params.campaign);
  if (params.agent) search.set("agent", params.agent);
  for (const condition of params.where) search.append("where", conditionParam(condition));
  if (params.sort !== "createdAt" || params.order !== "desc") {
    search.set("sort", params.sort);
    search.set("order", params.order);
  }
  if (params.page > 1) search.set("page", String(params.page));
  return search;
}

export function responsesHref(params: ResponsesParams, changes: Partial<ResponsesParams> = {}, base = "/response") {
  const query = responsesSearch({ ...params, ...changes }).toString();
  return query ? `${base}?${query}` : base;
}

/** A column header's link: the sorted column flips, another starts ascending (the date newest first); page 1. */
export function sortHref(params: ResponsesParams, sort: string) {
  const order = params.sort === sort ? (params.order === "asc" ? "desc" : "asc") : sort === "createdAt" ? "desc" : "asc";
  return responsesHref(params, { sort, order, page: 1 });
}
