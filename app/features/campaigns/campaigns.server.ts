import { isAssignableAgent, listAssignableAgents } from "~/features/agents/agents.server";
import { sql, type SqlBool } from "kysely";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { escapeLike } from "~/db/like";
import type { CampaignFrequency, CampaignSendingType, CampaignStatus, CampaignType } from "~/db/schema";
import { listContactLists, type ContactListSummary } from "~/features/contacts/lists.server";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { ALLOWED_FROM, CAMPAIGN_STATUSES } from "./campaign-rules";
import { parseWindowDays } from "./schedule/calling-window";
import { CAMPAIGNS_PAGE_SIZE, type CampaignListParams } from "./list/list-params";
import { knowledgeBaseMissing } from "./campaign-rules";
import type { CampaignFormValues } from "./schemas";

/**
 * Reading and writing campaigns. Every query names the tenant: an id from
 * another tenant finds nothing, exactly like an id that does not exist.
 */

export interface KnowledgeBaseChoice {
  id: string;
  name: string;
}

export interface NumberOption {
  id: string;
  e164: string;
  /** As people read it, formatted here so that the form need not load the phone library. */
  display: string;
  label: string;
  /** The knowledge base a campaign of each type would use on this number, or null when there is none. */
  knowledgeBases: Record<CampaignType, KnowledgeBaseChoice | null>;
}

export interface CampaignFormOptions {
  lists: ContactListSummary[];
  numbers: NumberOption[];
  /** The agents a campaign may use: published and not disabled. */
  agents: Array<{ id: string; name: string; version: number }>;
}

/**
 * The knowledge base a campaign speaks from: the number's default when it is
 * of the campaign's type, else the oldest of that type on the number.
 */
export async function resolveKnowledgeBase(tenantId: string, phoneNumberId: string, type: CampaignType, db: DB = getDb()): Promise<KnowledgeBaseChoice | null> {
  const row = await db
    .selectFrom("knowledge_bases")
    .select(["id", "name"])
    .where("tenant_id", "=", tenantId)
    .where("phone_number_id", "=", phoneNumberId)
    .where("type", "=", type)
    .orderBy("is_default", "desc")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .executeTakeFirst();
  return row ?? null;
}

export async function loadFormOptions(tenantId: string, db: DB = getDb()): Promise<CampaignFormOptions> {
  const [lists, numbers, knowledgeBases, agents] = await Promise.all([
    listContactLists(tenantId, db),
    db.selectFrom("phone_numbers").select(["id", "e164", "label"]).where("tenant_id", "=", tenantId).orderBy("created_at").orderBy("id").execute(),
    db
      .selectFrom("knowledge_bases")
      .select(["id", "name", "type", "phone_number_id"])
      .where("tenant_id", "=", tenantId)
      .orderBy("is_default", "desc")
      .orderBy("created_at", "asc")
      .orderBy("id", "asc")
      .execute(),
    listAssignableAgents(tenantId, db),
  ]);
  return {
    lists,
    agents: agents.map((agent) => ({ id: agent.id, name: agent.name, version: agent.published_version! })),
    numbers: numbers.map((number) => {
      // Rows come in the order resolveKnowledgeBase picks in, so the first of each type is the one used.
      const pick = (type: CampaignType) => knowledgeBases.find((kb) => kb.phone_number_id === number.id && kb.type === type) ?? null;
      const choice = (kb: ReturnType<typeof pick>) => (kb ? { id: kb.id, name: kb.name } : null);
      return {
        ...number,
        display: formatPhoneForDisplay(number.e164),
        knowledgeBases: { outbound: choice(pick("outbound")), inbound: choice(pick("inbound")) },
      };
    }),
  };
}

export type ReferenceErrors = Partial<Record<"contactListId" | "phoneNumberId" | "agentId", string[]>>;

/**
 * The tenant's own list and number, and something that speaks on the calls: a
 * knowledge base for the campaign's type on that number, or a published agent
 * (docs/product/agents.md#assignment).
 */
export async function checkReferences(
  tenantId: string,
  values: Pick<CampaignFormValues, "contactListId" | "phoneNumberId" | "type" | "agentId">,
  db: DB = getDb(),
) {
  const errors: ReferenceErrors = {};
  const [list, number] = await Promise.all([
    db.selectFrom("contact_lists").select("id").where("tenant_id", "=", tenantId).where("id", "=", values.contactListId).executeTakeFirst(),
    db.selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenantId).where("id", "=", values.phoneNumberId).executeTakeFirst(),
  ]);
  if (!list) errors.contactListId = ["validation.listUnknown"];
  if (!number) errors.phoneNumberId = ["validation.phoneNumberUnknown"];
  const agentUsable = values.agentId ? await isAssignableAgent(tenantId, values.agentId, db) : false;
  if (values.agentId && !agentUsable) errors.agentId = ["validation.agentUnavailable"];
  else if (number && !agentUsable && !(await resolveKnowledgeBase(tenantId, number.id, values.type, db)))
    errors.phoneNumberId = [knowledgeBaseMissing(values.type)];
  return Object.keys(errors).length > 0 ? errors : null;
}

function columnsOf(values: CampaignFormValues) {
  return {
    name: values.name,
    contact_list_id: values.contactListId,
    phone_number_id: values.phoneNumberId,
    agent_id: values.agentId,
    request_feedback: values.requestFeedback ? 1 : 0,
    type: values.type,
    sending_type: values.sendingType,
    frequency: values.frequency,
    schedule_local: values.scheduleLocal,
    window_days: JSON.stringify(values.windowDays),
    window_start_minute: values.windowStartMinute,
    window_end_minute: values.windowEndMinute,
  };
}

/** A new campaign is a draft: nothing is dispatched until it is started. */
export async function createCampaign(tenantId: string, values: CampaignFormValues, db: DB = getDb()) {
  const id = newId();
  const timestamp = now();
  await db
    .insertInto("campaigns")
    .values({
      id,
      tenant_id: tenantId,
      ...columnsOf(values),
      status: "draft",
      next_run_at: null,
      last_run_at: null,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
  return id;
}

export async function hasUnfinishedRun(tenantId: string, campaignId: string, db: DB = getDb()) {
  const run = await db
    .selectFrom("campaign_runs")
    .select("id")
    .where("tenant_id", "=", tenantId)
    .where("campaign_id", "=", campaignId)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Boolean(run);
}

export type UpdateResult = "updated" | "not-found" | "not-editable";

/**
 * Edits a draft, or a paused campaign between runs. The status guard is in
 * the update itself, so a start or a runner that got there first wins and
 * the edit is refused instead of changing a campaign under a running dispatch.
 */
export async function updateCampaign(tenantId: string, id: string, values: CampaignFormValues, db: DB = getDb()): Promise<UpdateResult> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("campaigns").select(["status"]).where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst();
    if (!current) return "not-found";
    if (await hasUnfinishedRun(tenantId, id, trx)) return "not-editable";
    const result = await trx
      .updateTable("campaigns")
      .set({ ...columnsOf(values), updated_at: now() })
      .where("tenant_id", "=", tenantId)
      .where("id", "=", id)
      .where("status", "in", [...ALLOWED_FROM.edit])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? "updated" : "not-editable";
  });
}

export interface CampaignDetail {
  id: string;
  name: string;
  status: CampaignStatus;
  type: CampaignType;
  sendingType: CampaignSendingType;
  frequency: CampaignFrequency | null;
  scheduleLocal: string | null;
  windowDays: number[];
  windowStartMinute: number;
  windowEndMinute: number;
  nextRunAt: string | null;
  lastRunAt: string | null;
  createdAt: string;
  contactListId: string;
  listName: string;
  phoneNumberId: string;
  agentId: string | null;
  /** Contacts are asked for a rating by email after each answered call. */
  requestFeedback: boolean;
  numberE164: string;
  /** As people read it (formatted here: the page does not load the phone library). */
  numberDisplay: string;
  numberLabel: string;
}

export async function findCampaign(tenantId: string, id: string, db: DB = getDb()): Promise<CampaignDetail | null> {
  const row = await db
    .selectFrom("campaigns")
    .innerJoin("contact_lists", (join) =>
      join.onRef("contact_lists.id", "=", "campaigns.contact_list_id").onRef("contact_lists.tenant_id", "=", "campaigns.tenant_id"),
    )
    .innerJoin("phone_numbers", (join) =>
      join.onRef("phone_numbers.id", "=", "campaigns.phone_number_id").onRef("phone_numbers.tenant_id", "=", "campaigns.tenant_id"),
    )
    .selectAll("campaigns")
    .select(["contact_lists.name as list_name", "phone_numbers.e164", "phone_numbers.label as number_label"])
    .where("campaigns.tenant_id", "=", tenantId)
    .where("campaigns.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    type: row.type,
    sendingType: row.sending_type,
    frequency: row.frequency,
    scheduleLocal: row.schedule_local,
    windowDays: parseWindowDays(row.window_days),
    windowStartMinute: row.window_start_minute,
    windowEndMinute: row.window_end_minute,
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    createdAt: row.created_at,
    contactListId: row.contact_list_id,
    listName: row.list_name,
    phoneNumberId: row.phone_number_id,
    agentId: row.agent_id,
    requestFeedback: row.request_feedback === 1,
    numberE164: row.e164,
    numberDisplay: formatPhoneForDisplay(row.e164),
    numberLabel: row.number_label,
  };
}

export interface CampaignListItem {
  id: string;
  name: string;
  status: CampaignStatus;
  type: CampaignType;
  sendingType: CampaignSendingType;
  frequency: CampaignFrequency | null;
  listName: string;
  numberE164: string;
  /** As people read it (formatted here: the page does not load the phone library). */
  numberDisplay: string;
  numberLabel: string;
  nextRunAt: string | null;
  createdAt: string;
}

export interface CampaignListPage {
  params: CampaignListParams;
  rows: CampaignListItem[];
  total: number;
  pageCount: number;
}

/** Statuses sort in the order a campaign goes through them, not alphabetically. */
const statusRank = sql<number>`case campaigns.status ${sql.join(
  CAMPAIGN_STATUSES.map((status, index) => sql`when ${status} then ${index}`),
  sql` `,
)} else ${CAMPAIGN_STATUSES.length} end`;

export async function listCampaigns(tenantId: string, params: CampaignListParams, db: DB = getDb()): Promise<CampaignListPage> {
  let query = db
    .selectFrom("campaigns")
    .innerJoin("contact_lists", (join) =>
      join.onRef("contact_lists.id", "=", "campaigns.contact_list_id").onRef("contact_lists.tenant_id", "=", "campaigns.tenant_id"),
    )
    .innerJoin("phone_numbers", (join) =>
      join.onRef("phone_numbers.id", "=", "campaigns.phone_number_id").onRef("phone_numbers.tenant_id", "=", "campaigns.tenant_id"),
    )
    .where("campaigns.tenant_id", "=", tenantId);
  if (params.status) query = query.where("campaigns.status", "=", params.status);
  // Part of the name, case-insensitively (ASCII letters on SQLite, like the other lists' searches); the term's LIKE wildcards are literal.
  const term = params.q.toLowerCase();
  if (term) query = query.where(sql<SqlBool>`lower(campaigns.name) like ${`%${escapeLike(term)}%`} escape '\\'`);

  const { count } = await query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / CAMPAIGNS_PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  const direction = params.order;

  let ordered = query.select([
    "campaigns.id",
    "campaigns.name",
    "campaigns.status",
    "campaigns.type",
    "campaigns.sending_type",
    "campaigns.frequency",
    "campaigns.next_run_at",
    "campaigns.created_at",
    "contact_lists.name as list_name",
    "phone_numbers.e164",
    "phone_numbers.label as number_label",
  ]);
  switch (params.sort) {
    case "name":
      ordered = ordered.orderBy(sql`lower(campaigns.name)`, direction);
      break;
    case "status":
      ordered = ordered.orderBy(statusRank, direction);
      break;
    case "nextRunAt":
      // Campaigns with nothing due come last in either order.
      ordered = ordered.orderBy(sql`case when campaigns.next_run_at is null then 1 else 0 end`).orderBy("campaigns.next_run_at", direction);
      break;
    case "createdAt":
      break;
  }
  const rows = await ordered
    .orderBy("campaigns.created_at", params.sort === "createdAt" ? direction : "desc")
    .orderBy("campaigns.id", "asc")
    .limit(CAMPAIGNS_PAGE_SIZE)
    .offset((page - 1) * CAMPAIGNS_PAGE_SIZE)
    .execute();

  return {
    params: { ...params, page },
    total,
    pageCount,
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      type: row.type,
      sendingType: row.sending_type,
      frequency: row.frequency,
      listName: row.list_name,
      numberE164: row.e164,
      numberDisplay: formatPhoneForDisplay(row.e164),
      numberLabel: row.number_label,
      nextRunAt: row.next_run_at,
      createdAt: row.created_at,
    })),
  };
}

/** Whether a campaign has something to speak on its calls: its published agent, or a knowledge base of its type on its number. */
export async function hasSpeaker(campaign: { tenant_id: string; phone_number_id: string; type: CampaignType; agent_id: string | null }, db: DB = getDb()) {
  if (campaign.agent_id && (await isAssignableAgent(campaign.tenant_id, campaign.agent_id, db))) return true;
  return Boolean(await resolveKnowledgeBase(campaign.tenant_id, campaign.phone_number_id, campaign.type, db));
}
