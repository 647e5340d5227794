import { getDb } from "~/db/db.server";
import { listContactLists } from "~/features/contacts/lists.server";
import { phoneCountryOfTenant } from "~/features/tenants/phone-country.server";
import { parseMapping, type ColumnMapping } from "./column-mapping";
import { readCsvHead } from "./csv-file.server";
import { storedFileExists } from "./import-files.server";
import type { ContactImport } from "./import-store.server";
import { loadPreviewPage, type PreviewPage } from "./preview.server";
import type { PreviewParams } from "./preview-params";
import { parseRemovedRows } from "./row-classification";

/**
 * What the import page shows, by the import's status: the column mapping
 * (uploaded, or ?step=mapping from the preview), the preview (mapped), the
 * progress (importing), the result (done) or what went wrong (failed).
 */
export interface ImportSummary {
  id: string;
  fileName: string;
  status: ContactImport["status"];
  rowCount: number;
  sizeBytes: number;
  createdAt: string;
}

export interface MappingView {
  kind: "mapping";
  columns: Array<{ index: number; header: string; samples: string[] }>;
  mapping: ColumnMapping;
  /** Opened again from the preview: offer the way back. */
  fromPreview: boolean;
}

export interface PreviewView extends PreviewPage {
  kind: "preview";
  params: Pick<PreviewParams, "status" | "page">;
  lists: Array<{ id: string; name: string }>;
  selectedListId: string | null;
  /** The mapping as a short description: which column feeds which field. */
  mappedColumns: Array<{ target: keyof ColumnMapping; header: string }>;
  /** The tenant's country, in which phones with a leading 0 are read (and corrected). */
  phoneCountry: string;
}

export interface ProgressView {
  kind: "progress";
  processed: number;
  total: number;
}

export interface ResultView {
  kind: "result";
  imported: number;
  skipped: number;
  removed: number;
  list: { id: string; name: string } | null;
}

export interface FailedView {
  kind: "failed";
  errorKey: string;
  retryable: boolean;
}

export type ImportView = MappingView | PreviewView | ProgressView | ResultView | FailedView;

const SAMPLE_ROWS = 3;

function mappedColumns(mapping: ColumnMapping, header: string[]) {
  return (Object.entries(mapping) as Array<[keyof ColumnMapping, number | null]>)
    .filter((entry): entry is [keyof ColumnMapping, number] => entry[1] !== null)
    .map(([target, index]) => ({ target, header: header[index] ?? "" }));
}

async function listName(tenantId: string, listId: string | null) {
  if (!listId) return null;
  const list = await getDb().selectFrom("contact_lists").select(["id", "name"]).where("tenant_id", "=", tenantId).where("id", "=", listId).executeTakeFirst();
  return list ?? null;
}

export async function loadImportView(entry: ContactImport, params: PreviewParams): Promise<ImportView> {
  const mapping = parseMapping(entry.mapping);
  const hasFile = entry.status === "uploaded" || entry.status === "mapped" || entry.status === "failed" ? await storedFileExists(entry.stored_file) : false;

  if ((entry.status === "uploaded" || entry.status === "mapped") && !hasFile) {
    return { kind: "failed", errorKey: "errors.fileMissing", retryable: false };
  }
  if (entry.status === "uploaded" || (entry.status === "mapped" && params.step === "mapping") || (entry.status === "mapped" && !mapping)) {
    const { header, samples } = await readCsvHead(entry.stored_file, SAMPLE_ROWS);
    return {
      kind: "mapping",
      columns: header.map((text, index) => ({ index, header: text.trim(), samples: samples.map((record) => (record.cells[index] ?? "").trim()) })),
      mapping: mapping ?? parseMapping("{}")!,
      fromPreview: entry.status === "mapped",
    };
  }
  if (entry.status === "mapped") {
    const page = await loadPreviewPage(entry, params.status, params.page);
    const { header } = await readCsvHead(entry.stored_file, 0);
    const lists = await listContactLists(entry.tenant_id);
    return {
      kind: "preview",
      ...page,
      params: { status: params.status, page: page.page },
      lists: lists.map(({ id, name }) => ({ id, name })),
      selectedListId: lists.some((list) => list.id === entry.list_id) ? entry.list_id : null,
      mappedColumns: mappedColumns(mapping!, header),
      phoneCountry: await phoneCountryOfTenant(entry.tenant_id),
    };
  }
  if (entry.status === "importing") return { kind: "progress", processed: entry.processed_rows, total: entry.row_count };
  if (entry.status === "done") {
    const removed = parseRemovedRows(entry.removed_rows).size;
    return {
      kind: "result",
      imported: entry.imported_count,
      removed,
      skipped: Math.max(0, entry.row_count - removed - entry.imported_count),
      list: await listName(entry.tenant_id, entry.list_id),
    };
  }
  return { kind: "failed", errorKey: entry.error ?? "errors.importFailed", retryable: hasFile };
}

export function summaryOf(entry: ContactImport): ImportSummary {
  return { id: entry.id, fileName: entry.file_name, status: entry.status, rowCount: entry.row_count, sizeBytes: entry.size_bytes, createdAt: entry.created_at };
}
