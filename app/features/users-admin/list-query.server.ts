import { sql, type RawBuilder, type SqlBool } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { escapeLike } from "~/db/like";
import { addDays, startOfLocalDay } from "~/lib/dates/date-ranges";
import { isCustomRoleKey } from "~/features/roles/role-rank";
import { USERS_PAGE_SIZE, type UserListItem, type UserSortKey, type UserStatus, type UsersListParams } from "./list-params";

/**
 * Every user of every tenant, for the super admin: filtered, searched, sorted
 * and paged by the database. Search is a case-insensitive substring of the
 * name or the email. Ties sort by id, so paging is stable.
 */

const SORTS: Record<UserSortKey, RawBuilder<string>> = {
  name: sql<string>`lower(users.name)`,
  email: sql<string>`users.email`,
  tenant: sql<string>`lower(tenants.name)`,
  created: sql<string>`users.created_at`,
};

function dayOf(key: string) {
  const [year, month, day] = key.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

function conditions(params: UsersListParams, timeZone: string, db: DB) {
  const parts: RawBuilder<SqlBool>[] = [sql<SqlBool>`1 = 1`];
  const term = params.q.trim().toLowerCase();
  if (term) {
    const like = sql.raw(isPostgres(db) ? "ilike" : "like");
    const pattern = `%${escapeLike(term)}%`;
    parts.push(sql<SqlBool>`(users.name ${like} ${pattern} escape '\\' or users.email ${like} ${pattern} escape '\\')`);
  }
  if (params.tenant) parts.push(sql<SqlBool>`users.tenant_id = ${params.tenant}`);
  if (params.role === "custom") parts.push(sql<SqlBool>`roles.tenant_id is not null`);
  else if (params.role) parts.push(sql<SqlBool>`roles.key = ${params.role}`);
  if (params.status === "disabled") parts.push(sql<SqlBool>`users.disabled_at is not null`);
  if (params.status === "active") parts.push(sql<SqlBool>`users.disabled_at is null and users.email_verified_at is not null`);
  if (params.status === "unverified") parts.push(sql<SqlBool>`users.disabled_at is null and users.email_verified_at is null`);
  if (params.from) parts.push(sql<SqlBool>`users.created_at >= ${startOfLocalDay(dayOf(params.from), timeZone).toISOString()}`);
  if (params.to) parts.push(sql<SqlBool>`users.created_at < ${startOfLocalDay(addDays(dayOf(params.to), 1), timeZone).toISOString()}`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`users join tenants on tenants.id = users.tenant_id join roles on roles.id = users.role_id`;

interface UserDbRow {
  id: string;
  name: string;
  email: string;
  tenant_id: string;
  tenant_name: string;
  role_key: string;
  role_name: string;
  email_verified_at: string | null;
  disabled_at: string | null;
  created_at: string;
}

export const userStatus = (row: { disabled_at: string | null; email_verified_at: string | null }): UserStatus =>
  row.disabled_at !== null ? "disabled" : row.email_verified_at === null ? "unverified" : "active";

/** A user as the list shows them; the detail page (getManagedUser) adds to the same. */
export const toUserListItem = (row: UserDbRow): UserListItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  tenantId: row.tenant_id,
  tenantName: row.tenant_name,
  roleKey: row.role_key,
  roleName: row.role_name,
  customRole: isCustomRoleKey(row.role_key),
  status: userStatus(row),
  createdAt: row.created_at,
});

export async function listUsers(params: UsersListParams, timeZone: string, db: DB = getDb()) {
  const where = conditions(params, timeZone, db);
  const counted = await sql<{ count: number | string }>`select count(*) as count from ${FROM} where ${where}`.execute(db);
  const total = Number(counted.rows[0]?.count ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  const direction = sql.raw(params.order === "asc" ? "asc" : "desc");
  const result = await sql<UserDbRow>`select users.id, users.name, users.email, users.tenant_id, tenants.name as tenant_name, roles.key as role_key,
      roles.name as role_name, users.email_verified_at, users.disabled_at, users.created_at
    from ${FROM} where ${where}
    order by ${SORTS[params.sort]} ${direction}, users.id ${direction}
    limit ${USERS_PAGE_SIZE} offset ${(page - 1) * USERS_PAGE_SIZE}`.execute(db);
  const rows = result.rows.map(toUserListItem);
  return { rows, total, page, pageCount };
}

/** Every tenant by name, for the tenant filters. */
export function listTenantChoices(db: DB = getDb()) {
  return db.selectFrom("tenants").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}
