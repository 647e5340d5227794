import { sql, type Expression, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import { BOARD_CARDS_PER_STAGE, DEALS_PAGE_SIZE, type BoardColumn, type DealCard, type DealsParams, type SortKey, type StageSummary } from "./list-params";

/**
 * The board and the list, done by the database for one tenant and one
 * pipeline (docs/product/deals.md#board-and-list). Every query starts from the
 * tenant and the pipeline, so another tenant's deal can never appear. The
 * board counts and totals every matching deal per stage and shows the
 * newest arrivals of each column; the list sorts, filters and pages.
 */

export interface DealsScope {
  tenantId: string;
  pipelineId: string;
}

type Filters = Pick<DealsParams, "q" | "owner" | "closeFrom" | "closeTo"> & { stage?: string | null };

/** Deals joined with their contact and owner, under the names every query below uses (d, c, u). */
function dealsFrom(db: DB) {
  return db
    .selectFrom("deals as d")
    .leftJoin("contacts as c", (join) => join.onRef("c.id", "=", "d.contact_id").onRef("c.tenant_id", "=", "d.tenant_id"))
    .leftJoin("users as u", (join) => join.onRef("u.id", "=", "d.owner_user_id").onRef("u.tenant_id", "=", "d.tenant_id"));
}

/** Title, contact name and company, case-insensitively (ASCII letters on SQLite, as the contacts' search). */
function searchCondition(q: string, db: DB): Expression<SqlBool> | null {
  const term = q.trim().toLowerCase();
  if (!term) return null;
  const like = sql.raw(isPostgres(db) ? "ilike" : "like");
  const pattern = `%${escapeLike(term)}%`;
  const haystack = sql<string>`(d.title || ' ' || coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.company, ''))`;
  return sql<SqlBool>`${haystack} ${like} ${pattern} escape '\\'`;
}

function conditions(scope: DealsScope, filters: Filters, db: DB): Array<Expression<SqlBool>> {
  const where: Array<Expression<SqlBool>> = [sql<SqlBool>`d.tenant_id = ${scope.tenantId}`, sql<SqlBool>`d.pipeline_id = ${scope.pipelineId}`];
  if (filters.owner) where.push(sql<SqlBool>`d.owner_user_id = ${filters.owner}`);
  if (filters.closeFrom) where.push(sql<SqlBool>`d.expected_close_on >= ${filters.closeFrom}`);
  if (filters.closeTo) where.push(sql<SqlBool>`d.expected_close_on <= ${filters.closeTo}`);
  if (filters.stage) where.push(sql<SqlBool>`d.stage_id = ${filters.stage}`);
  const search = searchCondition(filters.q, db);
  if (search) where.push(search);
  return where;
}

const CARD_COLUMNS = [
  "d.id",
  "d.title",
  "d.value_minor",
  "d.currency",
  "d.stage_id",
  "d.expected_close_on",
  "d.lost_reason",
  "d.created_at",
  "c.first_name as contact_first_name",
  "c.last_name as contact_last_name",
  "c.company as contact_company",
  "u.name as owner_name",
] as const;

interface CardRow {
  id: string;
  title: string;
  value_minor: number;
  currency: string;
  stage_id: string;
  expected_close_on: string | null;
  lost_reason: string | null;
  created_at: string;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_company: string | null;
  owner_name: string | null;
}

function toCard(row: CardRow): DealCard {
  const person = [row.contact_first_name, row.contact_last_name].filter(Boolean).join(" ");
  return {
    id: row.id,
    title: row.title,
    valueMinor: Number(row.value_minor),
    currency: row.currency,
    stageId: row.stage_id,
    contactName: person || row.contact_company || null,
    ownerName: row.owner_name,
    expectedCloseOn: row.expected_close_on,
    lostReason: row.lost_reason,
    createdAt: row.created_at,
  };
}

/** Per stage and currency: how many deals and their value. */
async function stageTotals(db: DB, scope: DealsScope, filters: Filters) {
  const where = conditions(scope, filters, db);
  return dealsFrom(db)
    .select((eb) => ["d.stage_id", "d.currency", eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("d.value_minor").as("total")])
    .where((eb) => eb.and(where))
    .groupBy(["d.stage_id", "d.currency"])
    .orderBy("d.currency")
    .execute();
}

/** The board: every stage of the pipeline with its count, its total and its newest arrivals. One read transaction, so the figures and the cards agree. */
export function queryBoard(scope: DealsScope, stages: StageSummary[], filters: Filters, db: DB = getDb()): Promise<BoardColumn[]> {
  return db.transaction().execute(async (trx) => {
    const totals = await stageTotals(trx, scope, filters);
    const where = conditions(scope, filters, trx);
    const ranked = dealsFrom(trx)
      .select([...CARD_COLUMNS, sql<number>`row_number() over (partition by d.stage_id order by d.stage_entered_at desc, d.id)`.as("place")])
      .where((eb) => eb.and(where))
      .as("ranked");
    const rows = (await trx.selectFrom(ranked).selectAll().where("place", "<=", BOARD_CARDS_PER_STAGE).orderBy("place").execute()) as unknown as CardRow[];
    return stages.map((stage) => {
      const mine = totals.filter((row) => row.stage_id === stage.id);
      return {
        stage,
        count: mine.reduce((sum, row) => sum + Number(row.count), 0),
        totals: mine.map((row) => ({ currency: row.currency, valueMinor: Number(row.total ?? 0) })),
        cards: rows.filter((row) => row.stage_id === stage.id).map(toCard),
      };
    });
  });
}

function orderOf(sort: SortKey) {
  switch (sort) {
    case "title":
      return sql`lower(d.title)`;
    case "value":
      return sql`d.value_minor`;
    case "stage":
      return sql`s.position`;
    case "created":
      return sql`d.created_at`;
    case "close":
      return sql`d.expected_close_on`;
  }
}

export interface DealsListPage {
  rows: DealCard[];
  total: number;
  pageCount: number;
  page: number;
  totals: Array<{ currency: string; valueMinor: number }>;
}

/**
 * The list: the filters, a sort with ties broken by creation (then id) in the
 * same direction, and a page clamped to the last one. Deals without an
 * expected close date sort after the dated ones either way.
 */
export function queryList(scope: DealsScope, params: DealsParams, db: DB = getDb()): Promise<DealsListPage> {
  return db.transaction().execute(async (trx) => {
    const filters: Filters = { ...params, stage: params.stage };
    const totals = await stageTotals(trx, scope, filters);
    const byCurrency = new Map<string, number>();
    let total = 0;
    for (const row of totals) {
      total += Number(row.count);
      byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + Number(row.total ?? 0));
    }
    const pageCount = Math.max(1, Math.ceil(total / DEALS_PAGE_SIZE));
    const page = Math.min(params.page, pageCount);
    const direction = sql.raw(params.order === "asc" ? "asc" : "desc");
    const where = conditions(scope, filters, trx);
    let query = dealsFrom(trx)
      .innerJoin("deal_stages as s", "s.id", "d.stage_id")
      .select(CARD_COLUMNS)
      .where((eb) => eb.and(where));
    // Without a date last, whichever the direction (false sorts before true on both databases).
    if (params.sort === "close") query = query.orderBy(sql`(d.expected_close_on is null)`);
    const rows = (await query
      .orderBy(sql`${orderOf(params.sort)} ${direction}`)
      .orderBy(sql`d.created_at ${direction}`)
      .orderBy(sql`d.id ${direction}`)
      .limit(DEALS_PAGE_SIZE)
      .offset((page - 1) * DEALS_PAGE_SIZE)
      .execute()) as unknown as CardRow[];
    return {
      rows: rows.map(toCard),
      total,
      pageCount,
      page,
      totals: [...byCurrency].map(([currency, valueMinor]) => ({ currency, valueMinor })),
    };
  });
}
