import { sql, type Kysely } from "kysely";
import { isPostgres } from "./portable";

/**
 * gate_changes (issue 27, docs/decisions/0063-gate-cache.md): one row for
 * every write to what the route gate reads about a request's user (users,
 * roles, organizations and their members and teams, subscriptions and plans,
 * second factors, the tenant's own settings), written by triggers, so no
 * code path can forget it. The gate caches its context per session and
 * reuses it only while the highest `seq` of the tenant (and of '*', a change
 * for every tenant: a plan, a built-in role) is the one it was built at.
 * Insert-only, so a write never waits on another tenant's or another row's
 * lock; old rows are pruned (pruneGateChanges).
 */
const BY_TENANT_COLUMN = ["users", "roles", "organizations", "teams", "subscriptions", "two_factor_credentials"] as const;
const EVENTS = ["insert", "update", "delete"] as const;
/** The tenant's own columns the gate reads (app/features/access/gate.server.ts). */
const TENANT_COLUMNS = ["name", "time_zone", "country", "two_factor_required"] as const;

export async function up(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    // Raw SQL (an identity column), so the "C" collation every text column gets (app/db/postgres.server.ts) is written out here.
    await sql`create table gate_changes (seq bigint generated always as identity primary key, tenant_id text collate "C" not null)`.execute(db);
  } else {
    await sql`create table gate_changes (seq integer primary key autoincrement, tenant_id text not null)`.execute(db);
  }
  await db.schema.createIndex("gate_changes_tenant_seq").on("gate_changes").columns(["tenant_id", "seq"]).execute();

  if (isPostgres(db)) {
    // A built-in role has no tenant: its change is everyone's ('*').
    await sql`create function gate_change_by_tenant() returns trigger language plpgsql as $$
      begin
        if TG_OP <> 'INSERT' then insert into gate_changes (tenant_id) values (coalesce(to_jsonb(OLD)->>'tenant_id', '*')); end if;
        if TG_OP <> 'DELETE' then insert into gate_changes (tenant_id) values (coalesce(to_jsonb(NEW)->>'tenant_id', '*')); end if;
        return null;
      end $$`.execute(db);
    await sql`create function gate_change_by_organization() returns trigger language plpgsql as $$
      declare row_organization text;
      begin
        row_organization := case when TG_OP = 'DELETE' then OLD.organization_id else NEW.organization_id end;
        insert into gate_changes (tenant_id) select tenant_id from organizations where id = row_organization;
        return null;
      end $$`.execute(db);
    await sql`create function gate_change_everyone() returns trigger language plpgsql as $$
      begin insert into gate_changes (tenant_id) values ('*'); return null; end $$`.execute(db);
    for (const table of BY_TENANT_COLUMN) {
      await sql`create trigger ${sql.id(`${table}_gate_change`)} after insert or update or delete on ${sql.table(table)}
        for each row execute function gate_change_by_tenant()`.execute(db);
    }
    await sql`create trigger organization_members_gate_change after insert or update or delete on organization_members
      for each row execute function gate_change_by_organization()`.execute(db);
    await sql`create trigger plans_gate_change after insert or update or delete on plans for each row execute function gate_change_everyone()`.execute(db);
    // The tenants row itself: its id is the tenant.
    await sql`create function gate_change_tenant_row() returns trigger language plpgsql as $$
      begin insert into gate_changes (tenant_id) values (NEW.id); return null; end $$`.execute(db);
    await sql`create trigger tenants_gate_change after update of ${sql.join(TENANT_COLUMNS.map((column) => sql.id(column)))} on tenants
      for each row execute function gate_change_tenant_row()`.execute(db);
    return;
  }

  for (const table of BY_TENANT_COLUMN) {
    for (const event of EVENTS) {
      const rows = event === "insert" ? ["new"] : event === "delete" ? ["old"] : ["old", "new"];
      const inserts = rows.map((row) => `insert into gate_changes (tenant_id) values (coalesce(${row}.tenant_id, '*'));`).join(" ");
      await sql.raw(`create trigger ${table}_gate_change_${event} after ${event} on ${table} begin ${inserts} end`).execute(db);
    }
  }
  for (const event of EVENTS) {
    const row = event === "delete" ? "old" : "new";
    await sql
      .raw(
        `create trigger organization_members_gate_change_${event} after ${event} on organization_members begin
          insert into gate_changes (tenant_id) select tenant_id from organizations where id = ${row}.organization_id; end`,
      )
      .execute(db);
    await sql.raw(`create trigger plans_gate_change_${event} after ${event} on plans begin insert into gate_changes (tenant_id) values ('*'); end`).execute(db);
  }
  await sql
    .raw(
      `create trigger tenants_gate_change after update of ${TENANT_COLUMNS.join(", ")} on tenants begin insert into gate_changes (tenant_id) values (new.id); end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>) {
  if (isPostgres(db)) {
    for (const table of [...BY_TENANT_COLUMN, "organization_members", "plans", "tenants"]) {
      await sql`drop trigger if exists ${sql.id(`${table}_gate_change`)} on ${sql.table(table)}`.execute(db);
    }
    for (const fn of ["gate_change_by_tenant", "gate_change_by_organization", "gate_change_everyone", "gate_change_tenant_row"]) {
      await sql`drop function if exists ${sql.id(fn)}()`.execute(db);
    }
  } else {
    for (const table of [...BY_TENANT_COLUMN, "organization_members", "plans"]) {
      for (const event of EVENTS) await sql.raw(`drop trigger if exists ${table}_gate_change_${event}`).execute(db);
    }
    await sql.raw("drop trigger if exists tenants_gate_change").execute(db);
  }
  await db.schema.dropTable("gate_changes").ifExists().execute();
}
