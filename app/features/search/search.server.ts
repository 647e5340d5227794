import { sql, type RawBuilder, type SqlBool } from "kysely";
import { getDb } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import { can, type PermissionMap } from "~/features/roles/permissions";
import { DEFAULT_LIST_PARAMS } from "~/features/recordings/list/list-params";
import { queryRecordingsPage } from "~/features/recordings/list/list-query.server";
import { matchPages, RESULTS_PER_GROUP, seeAllHref, type SearchablePage } from "./search-query";

type DB = ReturnType<typeof getDb>;

export type SearchArea = "pages" | "contacts" | "recordings" | "crm-deals" | "campaigns" | "agents" | "tickets";

export interface SearchHit {
  id: string;
  label: string;
  href: string;
}

export interface SearchGroup {
  area: SearchArea;
  hits: SearchHit[];
  seeAllHref: string;
}

/** Case-insensitive substring match on both dialects; `term` is already lower-cased (normalizeSearchTerm). */
function containsLower(db: DB, column: RawBuilder<string>, term: string): RawBuilder<SqlBool> {
  return isPostgres(db) ? sql<SqlBool>`lower(${column}) like ${`%${escapeLike(term)}%`} escape '\\'` : sql<SqlBool>`instr(lower(${column}), ${term}) > 0`;
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
    const name = sql<string>`contacts.first_name || ' ' || contacts.last_name || ' ' || contacts.email`;
    tasks.push(
      db
        .selectFrom("contacts")
        .select(["id", "first_name", "last_name", "email"])
        .where("tenant_id", "=", tenantId)
        .where(containsLower(db, name, term))
        .orderBy("first_name")
        .orderBy("id")
        .limit(limit)
        .execute()
        .then((rows) => ({
          area: "contacts" as const,
          hits: rows.map((row) => ({
            id: row.id,
            label: `${row.first_name} ${row.last_name}`.trim() || row.email,
            href: `/contacts/${row.id}/edit`,
          })),
          seeAllHref: seeAllHref("/contacts", term),
        })),
    );
  }
  if (can(permissions, "crm-deals")) {
    tasks.push(
      db
        .selectFrom("deals")
        .select(["id", "title"])
        .where("tenant_id", "=", tenantId)
        .where(containsLower(db, sql.ref("deals.title"), term))
        .orderBy("title")
        .orderBy("id")
        .limit(limit)
        .execute()
        .then((rows) => ({
          area: "crm-deals" as const,
          hits: rows.map((row) => ({ id: row.id, label: row.title, href: `/crm-deals/${row.id}/edit` })),
          seeAllHref: seeAllHref("/crm-deals", term),
        })),
    );
  }
  if (can(permissions, "campaigns")) {
    tasks.push(
      db
        .selectFrom("campaigns")
        .select(["id", "name"])
        .where("tenant_id", "=", tenantId)
        .where(containsLower(db, sql.ref("campaigns.name"), term))
        .orderBy("name")
        .orderBy("id")
        .limit(limit)
        .execute()
        .then((rows) => ({
          area: "campaigns" as const,
          hits: rows.map((row) => ({ id: row.id, label: row.name, href: `/campaigns/${row.id}` })),
          // The campaigns list has no search parameter yet: "see all" opens the whole list.
          seeAllHref: "/campaigns",
        })),
    );
  }
  if (can(permissions, "recordings")) {
    // The recordings list's own search (transcripts, summaries, numbers, names; trigram index), its first few rows.
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
    tasks.push(
      db
        .selectFrom("agents")
        .select(["id", "name"])
        .where("tenant_id", "=", tenantId)
        .where(containsLower(db, sql.ref("agents.name"), term))
        .orderBy("name")
        .orderBy("id")
        .limit(limit)
        .execute()
        .then((rows) => ({
          area: "agents" as const,
          hits: rows.map((row) => ({ id: row.id, label: row.name, href: `/ai-agent?id=${encodeURIComponent(row.id)}` })),
          seeAllHref: "/ai-agent-manager",
        })),
    );
  }
  if (can(permissions, "service-desk")) {
    const numbered = sql<string>`'#' || ${isPostgres(db) ? sql`cast(tickets.number as text)` : sql`tickets.number`} || ' ' || tickets.subject`;
    tasks.push(
      db
        .selectFrom("tickets")
        .select(["id", "number", "subject"])
        .where("tenant_id", "=", tenantId)
        .where(containsLower(db, numbered, term))
        .orderBy("number", "desc")
        .limit(limit)
        .execute()
        .then((rows) => ({
          area: "tickets" as const,
          hits: rows.map((row) => ({ id: row.id, label: `#${row.number} ${row.subject}`, href: `/service-desk/${row.id}` })),
          seeAllHref: seeAllHref("/service-desk", term),
        })),
    );
  }
  const groups = await Promise.all(tasks);
  return groups.filter((group) => group.hits.length > 0);
}
