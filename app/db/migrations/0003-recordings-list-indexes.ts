import { sql, type Kysely, type SqlBool } from "kysely";
import { isPostgres } from "./portable";

/**
 * Indexes the recordings list can answer from alone (checked with EXPLAIN
 * QUERY PLAN against 100,000 and 1,000,000 calls).
 *
 * Call rows are large (transcript, summary, search text), so reading one just
 * to check a filter costs a page read; walking to page 5,000 or counting a
 * tenant's calls must touch index entries only.
 *
 * The list shows finished calls (ended, missed, voicemail) unless a status is
 * asked for. Each sort key gets a partial index over finished calls only:
 * tenant, key, created_at and status. A query that repeats the index's
 * condition word for word (FINISHED_CONDITION, as literals: a bound parameter
 * never matches) may use it, and SQLite then skips that condition for every
 * entry, because the index already guarantees it; that halves the cost of a
 * deep page. The status column serves a filter on one finished status, and
 * the list orders by (key, created_at, status, rowid), which the index
 * delivers without sorting. They replace 0002's sort indexes (same leading
 * columns, used by the list only) rather than doubling the cost of every
 * insert; 0002's (tenant_id, created_at) and (tenant_id, status, created_at)
 * stay for every other query of calls.
 *
 * Two more partial indexes serve the filters the overview links to:
 * escalated calls, and the disagreement view (rating against sentiment).
 *
 * The list shows its total, and counting a million index entries takes longer
 * than the whole page may. `call_list_counts` keeps the number of calls per
 * tenant, status, direction and campaign, maintained by triggers on `calls`
 * (every insert, delete and update goes through them, whoever writes), so the
 * common totals (everything, a direction, a campaign, a status) are a sum of a
 * few rows. On PostgreSQL the same triggers are one PL/pgSQL function.
 *
 * PostgreSQL has no implicit rowid in its indexes and puts NULL last in
 * ascending order; its list indexes end in the rowid column (0002) and keep a
 * nullable sort key's NULLs first, so they deliver the same order, which the
 * list asks for explicitly ("asc nulls first", "desc nulls last").
 */
const REPLACED: Array<{ old: string | null; name: string; columns: string[] }> = [
  { old: null, name: "calls_list_created_idx", columns: ["tenant_id", "created_at"] },
  { old: "calls_direction_idx", name: "calls_list_direction_idx", columns: ["tenant_id", "direction", "created_at"] },
  { old: "calls_campaign_idx", name: "calls_list_campaign_idx", columns: ["tenant_id", "campaign_name", "created_at"] },
  { old: "calls_sort_campaign_idx", name: "calls_list_sort_campaign_idx", columns: ["tenant_id", "sort_campaign", "created_at"] },
  { old: "calls_sort_from_idx", name: "calls_list_sort_from_idx", columns: ["tenant_id", "sort_from", "created_at"] },
  { old: "calls_sort_to_idx", name: "calls_list_sort_to_idx", columns: ["tenant_id", "sort_to", "created_at"] },
  { old: "calls_sort_agent_idx", name: "calls_list_sort_agent_idx", columns: ["tenant_id", "sort_agent", "created_at"] },
  { old: "calls_sort_user_idx", name: "calls_list_sort_user_idx", columns: ["tenant_id", "sort_user", "created_at"] },
  { old: "calls_sort_company_idx", name: "calls_list_sort_company_idx", columns: ["tenant_id", "sort_company", "created_at"] },
  { old: "calls_duration_idx", name: "calls_list_duration_idx", columns: ["tenant_id", "duration_seconds", "created_at"] },
  { old: "calls_rating_idx", name: "calls_list_rating_idx", columns: ["tenant_id", "feedback_rating", "created_at"] },
];

/** Shared with list-query.server.ts, which must repeat each word for word. */
export const FINISHED_CONDITION = "status in ('ended', 'missed', 'voicemail')";
export const ESCALATED_CONDITION = "escalated = 1";
export const DISAGREEMENT_CONDITION = "((feedback_rating in (1, 2) and sentiment = 'positive') or (feedback_rating in (4, 5) and sentiment = 'negative'))";

/** Sort keys that may be NULL: their NULLs sort first ascending, as SQLite sorts them. */
const NULLABLE_KEYS = new Set([
  "campaign_name",
  "sort_campaign",
  "sort_from",
  "sort_to",
  "sort_agent",
  "sort_user",
  "sort_company",
  "duration_seconds",
  "feedback_rating",
]);

export async function up(db: Kysely<unknown>) {
  await createCallCounts(db);
  for (const { old, name, columns } of REPLACED) {
    if (isPostgres(db)) {
      const keys = [...columns, "status", "rowid"].map((column) => sql.raw(NULLABLE_KEYS.has(column) ? `${column} nulls first` : column));
      await sql`create index ${sql.id(name)} on calls (${sql.join(keys)}) where ${sql.raw(FINISHED_CONDITION)}`.execute(db);
    } else {
      await db.schema
        .createIndex(name)
        .on("calls")
        .columns([...columns, "status"])
        .where(sql.raw<SqlBool>(FINISHED_CONDITION))
        .execute();
    }
    if (old) await db.schema.dropIndex(old).ifExists().execute();
  }
  await db.schema
    .createIndex("calls_list_escalated_idx")
    .on("calls")
    .columns(["tenant_id", "created_at", "status"])
    .where(sql.raw<SqlBool>(ESCALATED_CONDITION))
    .execute();
  await db.schema
    .createIndex("calls_list_disagreement_idx")
    .on("calls")
    .columns(["tenant_id", "created_at", "status", "feedback_rating", "sentiment"])
    .where(sql.raw<SqlBool>(DISAGREEMENT_CONDITION))
    .execute();
}

export async function down(db: Kysely<unknown>) {
  const on = isPostgres(db) ? " on calls" : "";
  for (const trigger of COUNT_TRIGGERS) await sql.raw(`drop trigger if exists ${trigger}${on}`).execute(db);
  if (isPostgres(db)) await sql`drop function if exists call_list_counts_apply()`.execute(db);
  await db.schema.dropTable("call_list_counts").ifExists().execute();
  for (const name of ["calls_list_escalated_idx", "calls_list_disagreement_idx"]) await db.schema.dropIndex(name).ifExists().execute();
  for (const { old, name, columns } of REPLACED) {
    if (old) await db.schema.createIndex(old).on("calls").columns(columns).execute();
    await db.schema.dropIndex(name).ifExists().execute();
  }
}

const COUNT_TRIGGERS = ["call_list_counts_insert", "call_list_counts_delete", "call_list_counts_update"];

async function createCallCounts(db: Kysely<unknown>) {
  await db.schema
    .createTable("call_list_counts")
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("direction", "text", (c) => c.notNull())
    // '' for a call without a campaign: a key column cannot hold NULL and still be unique.
    .addColumn("campaign", "text", (c) => c.notNull())
    .addColumn("calls", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("call_list_counts_pk", ["tenant_id", "status", "direction", "campaign"])
    .modifyEnd(isPostgres(db) ? sql`` : sql`without rowid`)
    .execute();
  await sql`insert into call_list_counts (tenant_id, status, direction, campaign, calls)
    select tenant_id, status, direction, coalesce(campaign_name, ''), count(*) from calls group by 1, 2, 3, 4`.execute(db);
  if (isPostgres(db)) return createPostgresCountTriggers(db);
  const add = (row: "new") => sql`insert into call_list_counts (tenant_id, status, direction, campaign, calls)
      values (${sql.raw(row)}.tenant_id, ${sql.raw(row)}.status, ${sql.raw(row)}.direction, coalesce(${sql.raw(row)}.campaign_name, ''), 1)
      on conflict (tenant_id, status, direction, campaign) do update set calls = calls + 1;`;
  const remove = (row: "old") => sql`update call_list_counts set calls = calls - 1
      where tenant_id = ${sql.raw(row)}.tenant_id and status = ${sql.raw(row)}.status and direction = ${sql.raw(row)}.direction
        and campaign = coalesce(${sql.raw(row)}.campaign_name, '');`;
  await sql`create trigger call_list_counts_insert after insert on calls begin ${add("new")} end`.execute(db);
  await sql`create trigger call_list_counts_delete after delete on calls begin ${remove("old")} end`.execute(db);
  await sql`create trigger call_list_counts_update after update of tenant_id, status, direction, campaign_name on calls begin
      ${remove("old")}
      ${add("new")}
    end`.execute(db);
}

/** The same bookkeeping as SQLite's three triggers; the upsert takes the row lock, so concurrent inserts count right. */
async function createPostgresCountTriggers(db: Kysely<unknown>) {
  await sql`create function call_list_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update call_list_counts set calls = calls - 1
          where tenant_id = old.tenant_id and status = old.status and direction = old.direction and campaign = coalesce(old.campaign_name, '');
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into call_list_counts (tenant_id, status, direction, campaign, calls)
          values (new.tenant_id, new.status, new.direction, coalesce(new.campaign_name, ''), 1)
          on conflict (tenant_id, status, direction, campaign) do update set calls = call_list_counts.calls + 1;
      end if;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger call_list_counts_insert after insert on calls for each row execute function call_list_counts_apply()`.execute(db);
  await sql`create trigger call_list_counts_delete after delete on calls for each row execute function call_list_counts_apply()`.execute(db);
  await sql`create trigger call_list_counts_update after update of tenant_id, status, direction, campaign_name on calls
    for each row execute function call_list_counts_apply()`.execute(db);
}
