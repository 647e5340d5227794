import { sql, type SqlBool } from "kysely";
import { getDb, newId, now, type DB } from "~/db/db.server";
import { addDays, startOfLocalDay } from "~/lib/dates/date-ranges";
import { formatDateTime } from "~/i18n/format";
import type { TFunction } from "~/i18n/translator";
import { csvDialectFor, csvLine, UTF8_BOM, type CsvValue } from "~/lib/csv/csv-writer";
import { currentContext } from "~/lib/observability/request-context.server";
import type { AuditAction } from "./audit-actions";
import { AUDIT_PAGE_SIZE, type AuditParams, type AuditViewRow } from "./audit-params";

/**
 * The audit log (docs/product/audit-log.md, docs/decisions/0038-audit-log.md):
 * recording an action, in the transaction of the change it records, and
 * reading a tenant's entries back. The request's id and the client's
 * address come from the request context (app/lib/observability), so a
 * feature records only who did what to whom.
 */

export interface AuditEntryInput {
  tenantId: string | null;
  /** Who acted; null is the system (a job, a webhook). */
  actorUserId: string | null;
  action: AuditAction;
  target?: { kind: string; id: string; label: string } | null;
  details?: Record<string, string | number | boolean | null>;
}

/** Writes one entry with `db` (pass the change's transaction: the entry commits or rolls back with it). */
export async function recordAudit(db: DB, entry: AuditEntryInput, at: string = now()) {
  const actor = entry.actorUserId ? await db.selectFrom("users").select(["name", "email"]).where("id", "=", entry.actorUserId).executeTakeFirst() : undefined;
  const context = currentContext();
  await db
    .insertInto("audit_log")
    .values({
      id: newId(),
      tenant_id: entry.tenantId,
      actor_user_id: entry.actorUserId,
      actor_label: actor ? `${actor.name} <${actor.email}>` : entry.actorUserId ? "" : "System",
      action: entry.action,
      target_kind: entry.target?.kind ?? null,
      target_id: entry.target?.id ?? null,
      target_label: entry.target?.label ?? null,
      details: JSON.stringify(entry.details ?? {}),
      ip: context?.ip ?? null,
      request_id: context?.requestId ?? null,
      at,
    })
    .execute();
}

/**
 * A stored credential of an integration replaced by a new one: which
 * integration and which credential, never the credential itself. One helper
 * so the hub, the voice platform and Cal.com word the entry alike.
 */
export function recordSecretReplaced(
  db: DB,
  {
    tenantId,
    actorUserId,
    target,
    secret,
  }: { tenantId: string; actorUserId: string | null; target: { kind: string; id: string; label: string }; secret: "api-key" | "webhook-secret" },
) {
  return recordAudit(db, { tenantId, actorUserId, action: "integration.secret-replaced", target, details: { secret } });
}

export interface AuditRow {
  id: string;
  tenantId: string | null;
  at: string;
  actorLabel: string;
  action: string;
  targetKind: string | null;
  targetLabel: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  requestId: string | null;
}

export interface AuditScope {
  /** The tenant whose entries are read; null is the super admin's log of every tenant (filtered by params.tenant when given). */
  tenantId: string | null;
  timeZone: string;
}

function conditions(scope: AuditScope, params: AuditParams) {
  const parts = [sql<SqlBool>`1 = 1`];
  if (scope.tenantId !== null) parts.push(sql<SqlBool>`tenant_id = ${scope.tenantId}`);
  else if (params.tenant) parts.push(sql<SqlBool>`tenant_id = ${params.tenant}`);
  if (params.action) parts.push(sql<SqlBool>`action = ${params.action}`);
  if (params.from) parts.push(sql<SqlBool>`at >= ${startOfLocalDay(dayOf(params.from), scope.timeZone).toISOString()}`);
  if (params.to) parts.push(sql<SqlBool>`at < ${startOfLocalDay(addDays(dayOf(params.to), 1), scope.timeZone).toISOString()}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

function dayOf(key: string) {
  const [year, month, day] = key.split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

const toRow = (row: {
  id: string;
  tenant_id: string | null;
  at: string;
  actor_label: string;
  action: string;
  target_kind: string | null;
  target_label: string | null;
  details: string;
  ip: string | null;
  request_id: string | null;
}): AuditRow => ({
  id: row.id,
  tenantId: row.tenant_id,
  at: row.at,
  actorLabel: row.actor_label,
  action: row.action,
  targetKind: row.target_kind,
  targetLabel: row.target_label,
  details: JSON.parse(row.details) as Record<string, unknown>,
  ip: row.ip,
  requestId: row.request_id,
});

const COLUMNS = ["id", "tenant_id", "at", "actor_label", "action", "target_kind", "target_label", "details", "ip", "request_id"] as const;

/** One page of the tenant's entries, newest first. */
export async function listAuditEntries(scope: AuditScope, params: AuditParams, db: DB = getDb()) {
  const where = conditions(scope, params);
  const { count } = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where(where)
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(params.page, pageCount);
  const rows = await db
    .selectFrom("audit_log")
    .select(COLUMNS)
    .where(where)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return { rows: rows.map(toRow), total, page, pageCount };
}

/**
 * One page of the log as the audit log screens show it, described in the
 * reader's language: a tenant's own log (/settings/audit-log), or, when the
 * scope names no tenant, every tenant's, each entry with its tenant's name
 * (/usersManagement/audit-log).
 */
export async function auditViewPage(scope: AuditScope, params: AuditParams, t: TFunction, db: DB = getDb()) {
  const page = await listAuditEntries(scope, params, db);
  const tenantNames =
    scope.tenantId === null
      ? await auditTenantNames(
          page.rows.map((row) => row.tenantId),
          db,
        )
      : null;
  const rows: AuditViewRow[] = page.rows.map((row) => {
    const described = describeEntry(row, t);
    return {
      id: row.id,
      ...(tenantNames ? { tenantName: row.tenantId ? (tenantNames.get(row.tenantId) ?? row.tenantId) : t("platform") } : {}),
      at: row.at,
      actorLabel: row.actorLabel,
      action: described.action,
      targetLabel: row.targetLabel,
      details: described.details,
      ip: row.ip,
      requestId: row.requestId,
    };
  });
  return { params: { ...params, page: page.page }, rows, total: page.total, pageCount: page.pageCount, timeZone: scope.timeZone };
}

const ROLE_DETAILS = new Set(["role", "from", "to"]);
/** A built-in role's key ("admin"); a custom role is recorded by its name, shown as recorded. */
const ROLE_KEY = /^[a-z][a-z-]*$/;
/** A recorded word that may have a translation: a key, never free text (a reason, a name). */
const TRANSLATED_VALUE = /^[A-Za-z][A-Za-z_-]*$/;

/** The names of the tenants entries belong to, for the super admin's log of every tenant. */
export async function auditTenantNames(tenantIds: Array<string | null>, db: DB = getDb()) {
  const ids = [...new Set(tenantIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom("tenants").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What an entry says in words, for the page and the CSV: "Role changed: Ada (admin → agent)". */
export function describeEntry(row: AuditRow, t: TFunction) {
  const details = Object.entries(row.details)
    .map(([name, value]) => {
      // A role is named as the reader's language names it; a recorded word with a translation (values.<detail>.<word>: a plan change, a payout state, a credential) likewise; anything else is shown as recorded.
      const shown =
        ROLE_DETAILS.has(name) && ROLE_KEY.test(String(value))
          ? t(`roleNames.${String(value)}`, { defaultValue: String(value) })
          : typeof value === "string" && TRANSLATED_VALUE.test(value)
            ? t(`values.${name}.${value}`, { defaultValue: value })
            : String(value);
      return t(`details.${name}`, { value: shown, defaultValue: `${name}: ${shown}` });
    })
    .join(", ");
  return { action: t(`actions.${row.action}`, { defaultValue: row.action }), details };
}

/** The filtered entries as CSV in the user's language, streamed 500 at a time (an audit can hold years). */
export function auditCsvStream(scope: AuditScope, params: AuditParams, { language, t }: { language: string; t: TFunction }, db: DB = getDb()) {
  const dialect = csvDialectFor(language);
  const encoder = new TextEncoder();
  const where = conditions(scope, params);
  let after: { at: string; id: string } | null = null;
  const everyTenant = scope.tenantId === null;
  const header: CsvValue[] = [
    ...(everyTenant ? [t("columns.tenant")] : []),
    t("csv.at"),
    t("csv.atIso"),
    t("columns.actor"),
    t("columns.action"),
    t("columns.target"),
    t("columns.details"),
    t("csv.ip"),
    t("csv.requestId"),
  ];
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode((dialect.bom ? UTF8_BOM : "") + csvLine(header, dialect)));
    },
    async pull(controller) {
      let query = db.selectFrom("audit_log").select(COLUMNS).where(where);
      const cursor = after;
      if (cursor) query = query.where(sql<SqlBool>`(at < ${cursor.at} or (at = ${cursor.at} and id < ${cursor.id}))`);
      const rows = await query.orderBy("at", "desc").orderBy("id", "desc").limit(500).execute();
      if (rows.length === 0) {
        controller.close();
        return;
      }
      after = { at: rows.at(-1)!.at, id: rows.at(-1)!.id };
      const tenantNames = everyTenant
        ? await auditTenantNames(
            rows.map((row) => row.tenant_id),
            db,
          )
        : null;
      const lines = rows.map((raw) => {
        const row = toRow(raw);
        const described = describeEntry(row, t);
        return csvLine(
          [
            ...(tenantNames ? [row.tenantId ? (tenantNames.get(row.tenantId) ?? row.tenantId) : ""] : []),
            formatDateTime(row.at, language, scope.timeZone),
            row.at,
            row.actorLabel,
            described.action,
            row.targetLabel,
            described.details,
            row.ip,
            row.requestId,
          ],
          dialect,
        );
      });
      controller.enqueue(encoder.encode(lines.join("")));
    },
  });
}
