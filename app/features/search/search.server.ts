import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import type { Database } from "~/db/schema";
import type { GateContext } from "~/features/access/gate.server";
import { can, type PermissionMap } from "~/features/roles/permissions";
import { DEFAULT_LIST_PARAMS } from "~/features/recordings/list/list-params";
import { queryRecordingsPage } from "~/features/recordings/list/list-query.server";
import { getTranslator } from "~/i18n/i18next.server";
import { visibleNavGroups } from "~/lib/navigation/routes";
import {
  matchPages,
  RESULTS_PER_GROUP,
  seeAllHref,
  WORD_SEPARATORS,
  type SearchablePage,
  type SearchArea,
  type SearchGroup,
  type SearchHit,
} from "./search-query";

type DB = ReturnType<typeof getDb>;

export type { SearchArea, SearchGroup, SearchHit } from "./search-query";

/** Case-insensitive substring match on both dialects; `term` is already lower-cased (normalizeSearchTerm). */
function containsLower(db: DB, column: RawBuilder<string>, term: string): RawBuilder<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`lower(${column}) like ${`%${escapeLike(term)}%`} escape '\\'` : sql<SqlBool>`instr(lower(${column}), ${term}) > 0`;
}

const anyOf = (conditions: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(conditions, sql` or `)})`;
const likeLower = (text: RawBuilder<string>, pattern: string) => sql<SqlBool>`lower(${text}) like ${pattern} escape '\\'`;

/**
 * search-query.ts's matchRank in SQL, the best over `texts` (0 exact, 1 prefix,
 * 2 a word's prefix, 3 contains), the same on SQLite and PostgreSQL: LIKE with
 * an explicit escape on lower-cased text is case-sensitive-free on both.
 */
function matchRankSql(texts: RawBuilder<string>[], term: string): RawBuilder<number> {
  const pattern = escapeLike(term);
  const exact = anyOf(texts.map((text) => sql<SqlBool>`lower(${text}) = ${term}`));
  const prefix = anyOf(texts.map((text) => likeLower(text, `${pattern}%`)));
  const wordPrefix = anyOf(texts.flatMap((text) => WORD_SEPARATORS.map((separator) => likeLower(text, `%${separator}${pattern}%`))));
  return sql<number>`case when ${exact} then 0 when ${prefix} then 1 when ${wordPrefix} then 2 else 3 end`;
}

/**
 * One area's query: the rows where any of `texts` contains the term, best
 * match first (matchRankSql). The caller keeps its table, its tenant condition,
 * its tie-breaks and the limit in view; the rank is computed over the tenant's
 * matches only, and at most RESULTS_PER_GROUP rows come back.
 */
function matching<TB extends keyof Database, O>(db: DB, query: SelectQueryBuilder<Database, TB, O>, texts: RawBuilder<string>[], term: string) {
  return query.where(anyOf(texts.map((text) => containsLower(db, text, term)))).orderBy(matchRankSql(texts, term));
}

function group<Row>(area: SearchArea, seeAll: string, rows: Promise<Row[]>, toHit: (row: Row) => SearchHit): Promise<SearchGroup> {
  return rows.then((found) => ({ area, hits: found.map(toHit), seeAllHref: seeAll }));
}

/**
 * Searches the areas the user may read, for the tenant only: an area without
 * read permission is never queried. One query per area, run together (no N+1).
 */
export async function searchEverywhere(
  tenant: { id: string; timeZone: string },
  permissions: PermissionMap,
  term: string,
  pages: SearchablePage[] = [],
  db: DB = getDb(),
): Promise<SearchGroup[]> {
  if (!term) return [];
  const tenantId = tenant.id;
  const limit = RESULTS_PER_GROUP;
  const tasks: Promise<SearchGroup>[] = [];
  // The screens the user may open (the caller lists them from the sidebar the user sees, with their names in the user's language).
  const pageHits = matchPages(pages, term);
  if (pageHits.length) tasks.push(Promise.resolve({ area: "pages" as const, hits: pageHits, seeAllHref: "" }));
  if (can(permissions, "contacts")) {
    // A contact is found by its name or its email address; an exact email address is as good a match as an exact name.
    const texts = [sql<string>`contacts.first_name || ' ' || contacts.last_name`, sql<string>`contacts.email`];
    const query = db.selectFrom("contacts").select(["id", "first_name", "last_name", "email"]).where("tenant_id", "=", tenantId);
    tasks.push(
      group("contacts", seeAllHref("/contacts", term), matching(db, query, texts, term).orderBy("first_name").orderBy("id").limit(limit).execute(), (row) => ({
        id: row.id,
        label: `${row.first_name} ${row.last_name}`.trim() || row.email,
        href: `/contacts/${row.id}/edit`,
      })),
    );
  }
  if (can(permissions, "crm-deals")) {
    const query = db.selectFrom("deals").select(["id", "title"]).where("tenant_id", "=", tenantId);
    tasks.push(
      group(
        "crm-deals",
        seeAllHref("/crm-deals", term),
        matching(db, query, [sql.ref("deals.title")], term)
          .orderBy("title")
          .orderBy("id")
          .limit(limit)
          .execute(),
        (row) => ({
          id: row.id,
          label: row.title,
          href: `/crm-deals/${row.id}/edit`,
        }),
      ),
    );
  }
  if (can(permissions, "campaigns")) {
    const query = db.selectFrom("campaigns").select(["id", "name"]).where("tenant_id", "=", tenantId);
    tasks.push(
      // The campaigns list reads `q` too (campaigns/list/list-params.ts), filtering by name.
      group(
        "campaigns",
        seeAllHref("/campaigns", term),
        matching(db, query, [sql.ref("campaigns.name")], term)
          .orderBy("name")
          .orderBy("id")
          .limit(limit)
          .execute(),
        (row) => ({
          id: row.id,
          label: row.name,
          href: `/campaigns/${row.id}`,
        }),
      ),
    );
  }
  if (can(permissions, "recordings")) {
    // The recordings list's own search (transcripts, summaries, numbers, names; trigram index), its first few rows in the list's order (newest first):
    // a call's text is no name to rank by, so its hits are not ranked like the others.
    tasks.push(
      queryRecordingsPage(db, { tenantId, timeZone: tenant.timeZone }, { ...DEFAULT_LIST_PARAMS, q: term }).then((page) => ({
        area: "recordings" as const,
        hits: page.rows.slice(0, limit).map((row) => ({
          id: row.id,
          label: [row.userName ?? row.from ?? row.to, row.campaignName ?? row.agentName].filter(Boolean).join(" · ") || row.id,
          href: `/recordings/${row.id}`,
        })),
        seeAllHref: seeAllHref("/recordings", term),
      })),
    );
  }
  if (can(permissions, "ai-agent")) {
    const query = db.selectFrom("agents").select(["id", "name"]).where("tenant_id", "=", tenantId);
    tasks.push(
      // The agents manager has no search parameter: "see all" opens the whole list.
      group(
        "agents",
        "/ai-agent-manager",
        matching(db, query, [sql.ref("agents.name")], term)
          .orderBy("name")
          .orderBy("id")
          .limit(limit)
          .execute(),
        (row) => ({
          id: row.id,
          label: row.name,
          href: `/ai-agent?id=${encodeURIComponent(row.id)}`,
        }),
      ),
    );
  }
  if (can(permissions, "service-desk")) {
    // "#7 Subject" as listed, so "#7" finds ticket 7; the subject on its own too, so a subject typed in full is an exact match.
    const numbered = sql<string>`'#' || ${isPostgres(db) ? sql`cast(tickets.number as text)` : sql`tickets.number`} || ' ' || tickets.subject`;
    const query = db.selectFrom("tickets").select(["id", "number", "subject"]).where("tenant_id", "=", tenantId);
    tasks.push(
      group(
        "tickets",
        seeAllHref("/service-desk", term),
        matching(db, query, [numbered, sql.ref("tickets.subject")], term)
          .orderBy("number", "desc")
          .limit(limit)
          .execute(),
        (row) => ({
          id: row.id,
          label: `#${row.number} ${row.subject}`,
          href: `/service-desk/${row.id}`,
        }),
      ),
    );
  }
  const groups = await Promise.all(tasks);
  return groups.filter((found) => found.hits.length > 0);
}

/**
 * The search for a signed-in user, as /search and the command palette's
 * resource route (routes/resources+/search.tsx) both run it after the same
 * gate: the screens of the sidebar this user sees, named in the user's
 * language, and the areas the user may read.
 */
export async function searchForUser(request: Request, gate: Pick<GateContext, "tenant" | "user">, term: string): Promise<SearchGroup[]> {
  if (!term) return [];
  const tCommon = await getTranslator(request, "common");
  const pages = visibleNavGroups((segment) => can(gate.user.permissions, segment, "read")).flatMap((navGroup) =>
    navGroup.items.flatMap((item) =>
      item.tabs
        ? item.tabs.map((tab) => ({ href: tab.href ?? `/${item.segment}?tab=${tab.value}`, title: tCommon(tab.labelKey), group: tCommon(navGroup.labelKey) }))
        : [{ href: `/${item.segment}`, title: tCommon(item.labelKey), group: tCommon(navGroup.labelKey) }],
    ),
  );
  return searchEverywhere(gate.tenant, gate.user.permissions, term, pages);
}
