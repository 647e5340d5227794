import type { Selectable } from "kysely";
import { getDb, now } from "~/db/db.server";
import { leaseUntil, THIS_RUNNER } from "./import-lease.server";
import type { ContactImportTable } from "~/db/schema";
import type { ContactFieldValues } from "~/features/contacts/contact-rules";
import type { ColumnMapping } from "./column-mapping";
import { parseRemovedRows, parseRowEdits } from "./row-classification";

/**
 * contact_imports rows. Every query names the tenant from the gate, so an
 * import of another tenant behaves exactly like one that does not exist.
 */
export type ContactImport = Selectable<ContactImportTable>;

const ofTenant = (tenantId: string, importId: string) => getDb().selectFrom("contact_imports").where("tenant_id", "=", tenantId).where("id", "=", importId);

export function findImport(tenantId: string, importId: string): Promise<ContactImport | undefined> {
  return ofTenant(tenantId, importId).selectAll().executeTakeFirst();
}

export async function createImport(input: {
  id: string;
  tenantId: string;
  userId: string;
  fileName: string;
  storedFile: string;
  sizeBytes: number;
  rowCount: number;
  mapping: ColumnMapping;
}) {
  const timestamp = now();
  await getDb()
    .insertInto("contact_imports")
    .values({
      id: input.id,
      tenant_id: input.tenantId,
      user_id: input.userId,
      file_name: input.fileName,
      stored_file: input.storedFile,
      size_bytes: input.sizeBytes,
      row_count: input.rowCount,
      mapping: JSON.stringify(input.mapping),
      status: "uploaded",
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
}

export interface ImportHistoryEntry {
  id: string;
  fileName: string;
  status: ContactImport["status"];
  rowCount: number;
  importedCount: number;
  createdAt: string;
  listId: string | null;
  listName: string | null;
}

export async function listRecentImports(tenantId: string, limit: number): Promise<ImportHistoryEntry[]> {
  const rows = await getDb()
    .selectFrom("contact_imports")
    .leftJoin("contact_lists", (join) =>
      join.onRef("contact_lists.id", "=", "contact_imports.list_id").onRef("contact_lists.tenant_id", "=", "contact_imports.tenant_id"),
    )
    .select([
      "contact_imports.id",
      "contact_imports.file_name",
      "contact_imports.status",
      "contact_imports.row_count",
      "contact_imports.imported_count",
      "contact_imports.created_at",
      "contact_imports.list_id",
      "contact_lists.name as list_name",
    ])
    .where("contact_imports.tenant_id", "=", tenantId)
    .orderBy("contact_imports.created_at", "desc")
    .orderBy("contact_imports.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    fileName: row.file_name,
    status: row.status,
    rowCount: row.row_count,
    importedCount: row.imported_count,
    createdAt: row.created_at,
    listId: row.list_id,
    listName: row.list_name,
  }));
}

/** Saves the mapping and moves an upload on to the preview; a running or finished import is left alone. */
export async function saveMapping(tenantId: string, importId: string, mapping: ColumnMapping) {
  const result = await getDb()
    .updateTable("contact_imports")
    .set({ mapping: JSON.stringify(mapping), status: "mapped", updated_at: now() })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", importId)
    .where("status", "in", ["uploaded", "mapped"])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Read, change and write back the preview's corrections in one transaction,
 * so two quick submissions cannot lose each other's change. Only while the
 * preview is open (status mapped).
 */
async function changePreviewState(
  tenantId: string,
  importId: string,
  change: (state: { edits: Record<number, ContactFieldValues>; removed: Set<number> }) => void,
) {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom("contact_imports")
        .select(["row_edits", "removed_rows"])
        .where("tenant_id", "=", tenantId)
        .where("id", "=", importId)
        .where("status", "=", "mapped")
        .executeTakeFirst();
      if (!row) return false;
      const state = { edits: parseRowEdits(row.row_edits), removed: parseRemovedRows(row.removed_rows) };
      change(state);
      await trx
        .updateTable("contact_imports")
        .set({ row_edits: JSON.stringify(state.edits), removed_rows: JSON.stringify([...state.removed].sort((a, b) => a - b)), updated_at: now() })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", importId)
        .execute();
      return true;
    });
}

export const saveRowEdit = (tenantId: string, importId: string, rowNumber: number, values: ContactFieldValues) =>
  changePreviewState(tenantId, importId, ({ edits }) => {
    edits[rowNumber] = values;
  });

export const removeRows = (tenantId: string, importId: string, rowNumbers: Iterable<number>) =>
  changePreviewState(tenantId, importId, ({ removed }) => {
    for (const number of rowNumbers) removed.add(number);
  });

export const restoreRemovedRows = (tenantId: string, importId: string) =>
  changePreviewState(tenantId, importId, ({ removed }) => {
    removed.clear();
  });

/**
 * Claims a previewed import for running, leased to this process's runner
 * (import-lease.server.ts): only one request can move it from mapped to
 * importing, so a double click starts one import.
 */
export async function claimForImport(tenantId: string, importId: string, listId: string, owner = THIS_RUNNER) {
  const result = await getDb()
    .updateTable("contact_imports")
    .set({
      status: "importing",
      list_id: listId,
      processed_rows: 0,
      imported_count: 0,
      error: null,
      updated_at: now(),
      lease_owner: owner,
      lease_until: leaseUntil(Date.now()),
      attempts: 1,
    })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", importId)
    .where("status", "=", "mapped")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed import goes back to its preview, with the mapping, corrections and list it had. */
export async function reopenFailedImport(tenantId: string, importId: string) {
  const result = await getDb()
    .updateTable("contact_imports")
    .set({ status: "mapped", processed_rows: 0, error: null, updated_at: now(), lease_owner: null, lease_until: null, attempts: 0 })
    .where("tenant_id", "=", tenantId)
    .where("id", "=", importId)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
