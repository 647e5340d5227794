import { randomUUID } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import { getDb, now } from "~/db/db.server";
import { emit } from "~/lib/events/bus.server";
import { timeZoneForPhone } from "~/features/phone/time-zone.server";
import { phoneCountryOfTenant } from "~/features/tenants/phone-country.server";
import { importedContacts, importRuns } from "~/lib/observability/metrics.server";
import { HEARTBEAT_MS, renewImportLease, takeOverExpiredImports, THIS_RUNNER } from "./import-lease.server";
import { parseMapping, type ColumnMapping } from "./column-mapping";
import { readCsvRecords } from "./csv-file.server";
import { deleteStoredFile, filesOlderThan, removeImportFile, storedFileExists } from "./import-files.server";
import { cachedRowFacts, forgetImport, verdictAt, YIELD_EVERY, type RowFacts } from "./preview.server";
import { STAGE_BATCH, STAGE_COLUMNS, withImportStaging, type ImportStaging, type StagedRow } from "./import-staging.server";
import { checkRules, parseRemovedRows, parseRowEdits, RowClassifier, rowValues, type RowEdits } from "./row-classification";

/**
 * Runs an import in the background of the server process. Two phases, so the
 * write that adds the contacts is one short final step:
 *
 * 1. Stage. The file is streamed again and every row classified again (the
 *    preview may be minutes old). Rows to import go, with their id, E.164
 *    phone and time zone, into a TEMP table of a dedicated connection, in
 *    multi-row inserts. A temp table belongs to its connection, so this takes
 *    no lock on the app's tables: other requests read and write as usual, and
 *    processed_rows is written as the progress the import page shows. The
 *    event loop gets a turn every 2,000 rows.
 * 2. Commit. One transaction copies the staged rows into contacts, skipping
 *    numbers a contact got in the meantime, and marks the import done
 *    (import-staging.server.ts: SQLite's single writer, or PostgreSQL's
 *    tenant row lock), and announces the contacts it added in the same
 *    transaction, where the integrations queue their deliveries
 *    (docs/decisions/0028-domain-events.md). Any error rolls everything back:
 *    zero contacts, no deliveries, status failed with a translated message.
 *
 * Statuses: uploaded → mapped → importing → done | failed (failed → mapped
 * again by "Try again"). The stored file is deleted when the import is done;
 * a failed import keeps it for a retry until the daily sweep.
 */
export type ImportErrorKey =
  "errors.importFailed" | "errors.fileMissing" | "errors.listMissing" | "errors.invalidRows" | "errors.interrupted" | "errors.expired";

export class ImportError extends Error {
  constructor(readonly key: ImportErrorKey) {
    super(key);
    this.name = "ImportError";
  }
}

export interface ImportMetrics {
  /** Reading and parsing the file (time spent waiting for the next record). */
  parseMs: number;
  classifyMs: number;
  stageMs: number;
  commitMs: number;
  rows: number;
  imported: number;
  skipped: number;
}

export const emptyMetrics = (): ImportMetrics => ({ parseMs: 0, classifyMs: 0, stageMs: 0, commitMs: 0, rows: 0, imported: 0, skipped: 0 });

const running = new Map<string, Promise<void>>();

export interface RunOptions {
  /** The runner the import is leased to (import-lease.server.ts); this process's by default. */
  owner?: string;
  heartbeatMs?: number;
  /** Tests only: called once every row is staged, before the commit (a runner that stops right there). */
  beforeCommit?: () => Promise<void>;
}

/** Starts the run of a claimed import (status importing, leased to `owner`) and returns at once. */
export function startImport(importId: string, tenantId: string, metrics?: ImportMetrics, options: RunOptions = {}) {
  // One run per import and runner (two runners of one process only meet in tests).
  const key = `${importId} ${options.owner ?? THIS_RUNNER}`;
  if (running.has(key)) return running.get(key)!;
  const run = runImport(importId, tenantId, metrics, options).finally(() => running.delete(key));
  running.set(key, run);
  return run;
}

/** Another runner holds the import now: this run stops without a word, the other one reports. */
class LeaseLost extends Error {}

/** Resolves when the import's background run has finished (at once when none is running): for tests and the benchmark. */
export async function waitForImport(importId: string) {
  const runs = [...running].filter(([key]) => key.startsWith(`${importId} `)).map(([, run]) => run);
  await Promise.all(runs);
}

async function runImport(
  importId: string,
  tenantId: string,
  metrics = emptyMetrics(),
  { owner = THIS_RUNNER, heartbeatMs = HEARTBEAT_MS, beforeCommit }: RunOptions = {},
) {
  let leaseLost = false;
  const heartbeat = setInterval(() => {
    void renewImportLease(importId, owner).then(
      (held) => (leaseLost ||= !held),
      () => undefined,
    );
  }, heartbeatMs);
  heartbeat.unref();
  try {
    const entry = await getDb()
      .selectFrom("contact_imports")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("id", "=", importId)
      .where("status", "=", "importing")
      .where("lease_owner", "=", owner)
      .executeTakeFirst();
    if (!entry) return;
    const mapping = parseMapping(entry.mapping);
    const listId = entry.list_id;
    if (!mapping) throw new ImportError("errors.importFailed");
    // Deleting the list empties list_id (on delete set null): the list went before the run began.
    if (!listId) throw new ImportError("errors.listMissing");
    if (!(await storedFileExists(entry.stored_file))) throw new ImportError("errors.fileMissing");

    const country = await phoneCountryOfTenant(tenantId);
    const edits = parseRowEdits(entry.row_edits);
    const removed = parseRemovedRows(entry.removed_rows);
    await withImportStaging(tenantId, async (staging) => {
      const staged = await stageRows(staging, {
        importId,
        tenantId,
        storedFile: entry.stored_file,
        mapping,
        edits,
        removed,
        // What the preview learned about each row from the contact rules; without it, every row is checked here.
        facts: cachedRowFacts(entry, country),
        classifier: new RowClassifier({ mapping, edits, removed, phoneExists: staging.phoneExists, country }),
        country,
        metrics,
      });
      await beforeCommit?.();
      if (leaseLost) throw new LeaseLost();
      const start = performance.now();
      try {
        const outcome = await staging.commit({ importId, tenantId, owner, listId, processed: staged.processed, staged: staged.staged });
        if (!outcome.ok && outcome.reason === "interrupted") throw new LeaseLost();
        if (!outcome.ok) throw new ImportError("errors.listMissing");
        metrics.imported = outcome.imported;
        metrics.skipped = staged.processed - outcome.imported;
      } finally {
        metrics.commitMs += performance.now() - start;
      }
    });
    await deleteStoredFile(entry.stored_file);
    forgetImport(importId);
    importRuns.inc({ result: "done" });
    importedContacts.inc(metrics.imported);
  } catch (error) {
    if (error instanceof LeaseLost) {
      console.warn(`contact import ${importId}: another import runner took it over; this run stops`);
      return;
    }
    importRuns.inc({ result: "failed" });
    const key = error instanceof ImportError ? error.key : "errors.importFailed";
    if (!(error instanceof ImportError)) console.error(`contact import ${importId} failed:`, error);
    await markFailed(tenantId, importId, key, owner).catch((markError: unknown) =>
      console.error(`contact import ${importId}: could not record the failure`, markError),
    );
  } finally {
    clearInterval(heartbeat);
  }
}

async function markFailed(tenantId: string, importId: string, key: ImportErrorKey, owner: string) {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .updateTable("contact_imports")
        .set({ status: "failed", error: key, updated_at: now(), lease_owner: null, lease_until: null })
        .where("tenant_id", "=", tenantId)
        .where("id", "=", importId)
        .where("status", "=", "importing")
        .where("lease_owner", "=", owner)
        .executeTakeFirst();
      // Only the run that still owned the import announces its failure, once.
      if (Number(result.numUpdatedRows) === 1) await emit(trx, { kind: "contacts.import-failed", tenantId, importId });
    });
}

interface StageInput {
  importId: string;
  tenantId: string;
  /** The import's stored file (import-files.server.ts), streamed from the store. */
  storedFile: string;
  mapping: ColumnMapping;
  edits: RowEdits;
  removed: ReadonlySet<number>;
  facts: RowFacts | null;
  classifier: RowClassifier;
  /** The tenant's country, in which the rows' national numbers are read. */
  country: string;
  metrics: ImportMetrics;
}

/** Phase 1: every row to import into the temp table; returns how many there are and how many rows were read. */
async function stageRows(staging: ImportStaging, { importId, tenantId, storedFile, mapping, edits, removed, facts, classifier, country, metrics }: StageInput) {
  let batch: Array<StagedRow[number]> = [];
  let staged = 0;
  let processed = 0;
  let header = true;
  let factIndex = 0;
  const flush = async () => {
    const start = performance.now();
    await staging.stage(batch);
    batch = [];
    metrics.stageMs += performance.now() - start;
  };
  /** The rules' verdict on a row: from the preview's facts when they cover it, else checked now. */
  const verdictFor = (number: number, values: Parameters<typeof checkRules>[0]) => {
    if (edits[number] || !facts) return checkRules(values, country);
    while (factIndex < facts.rowNumbers.length && facts.rowNumbers[factIndex]! < number) factIndex++;
    return facts.rowNumbers[factIndex] === number ? verdictAt(facts, factIndex) : checkRules(values, country);
  };

  const records = readCsvRecords(storedFile)[Symbol.asyncIterator]();
  for (;;) {
    let start = performance.now();
    const next = await records.next();
    metrics.parseMs += performance.now() - start;
    if (next.done) break;
    const record = next.value;
    if (header) {
      header = false;
      continue;
    }
    if (++processed % YIELD_EVERY === 0) {
      // Progress at every turn the event loop gets, not on a clock: a clock lets a fast machine stage 30,000 rows
      // before the first write, and the page then jumps from 0 to done (CI of f04ff07, contact-import-run.test).
      await getDb().updateTable("contact_imports").set({ processed_rows: processed }).where("tenant_id", "=", tenantId).where("id", "=", importId).execute();
      await setImmediate();
    }
    if (removed.has(record.number)) continue;
    start = performance.now();
    const values = rowValues(record.number, record.cells, mapping, edits);
    const verdict = verdictFor(record.number, values);
    const status = classifier.decide(verdict);
    metrics.classifyMs += performance.now() - start;
    if (status === "valid") {
      start = performance.now();
      const phone = verdict.phone!;
      batch.push(
        randomUUID(),
        values.firstName.trim(),
        values.lastName.trim(),
        values.title.trim(),
        values.company.trim(),
        phone,
        values.email.trim(),
        timeZoneForPhone(phone),
      );
      staged++;
      metrics.stageMs += performance.now() - start;
      if (batch.length === STAGE_BATCH * STAGE_COLUMNS.length) await flush();
    } else if (status === "invalid") {
      // The preview refused to start with invalid rows; one now means the import changed under it.
      throw new ImportError("errors.invalidRows");
    }
  }
  await flush();
  metrics.rows = processed;
  return { staged, processed };
}

/* ---------- Restarts and abandoned uploads ---------- */

/**
 * Imports whose runner stopped renewing its lease (a crash, a deploy, a
 * server that died with the import under way) are taken over by this
 * process's runner and run again from the stored file; their half-done run
 * left nothing behind (its staging was its own connection's, its commit all or
 * nothing). After MAX_IMPORT_ATTEMPTS runs an import is failed instead, with
 * its file kept, so the user can try again. Returns how many were taken over.
 */
export async function resumeAbandonedImports({ owner = THIS_RUNNER, nowMs = Date.now() }: { owner?: string; nowMs?: number } = {}) {
  const taken = await takeOverExpiredImports(owner, { nowMs });
  for (const entry of taken) void startImport(entry.id, entry.tenantId, undefined, { owner });
  return taken.length;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Uploads nobody finished (and failed imports nobody retried) for a day lose
 * their file and are marked failed/expired; stray files in the folder (an
 * upload cut off mid-way by a crash) go too.
 */
export async function sweepAbandonedImports(at = Date.now()) {
  const cutoff = new Date(at - DAY_MS).toISOString();
  const abandoned = await getDb()
    .selectFrom("contact_imports")
    .select(["id", "tenant_id", "stored_file", "status"])
    .where("status", "in", ["uploaded", "mapped", "failed"])
    .where("updated_at", "<", cutoff)
    .execute();
  let removed = 0;
  for (const entry of abandoned) {
    if (await storedFileExists(entry.stored_file)) {
      await deleteStoredFile(entry.stored_file);
      removed++;
    }
    if (entry.status !== "failed") {
      await getDb()
        .updateTable("contact_imports")
        .set({ status: "failed", error: "errors.expired", updated_at: now() })
        .where("tenant_id", "=", entry.tenant_id)
        .where("id", "=", entry.id)
        .where("status", "in", ["uploaded", "mapped"])
        .execute();
    }
  }
  const known = new Set(
    (await getDb().selectFrom("contact_imports").select("stored_file").where("status", "in", ["uploaded", "mapped", "importing", "failed"]).execute()).map(
      (r) => r.stored_file,
    ),
  );
  for (const file of await filesOlderThan(at - DAY_MS)) {
    if (file.stored && known.has(file.name)) continue;
    await removeImportFile(file);
    removed++;
  }
  return removed;
}

let housekeeping: Promise<void> | undefined;

/** How often this process looks for imports whose runner stopped. */
const TAKEOVER_INTERVAL_MS = 30_000;

/**
 * Once per process: take over imports whose runner stopped (now and every 30
 * seconds), and sweep abandoned uploads now and every hour. The server calls
 * it at start-up; the import routes call it too, for processes that run no
 * server of their own.
 */
export function ensureImportHousekeeping() {
  housekeeping ??= (async () => {
    await resumeAbandonedImports();
    const takeovers = setInterval(
      () => void resumeAbandonedImports().catch((error: unknown) => console.error("contact import takeover failed:", error)),
      TAKEOVER_INTERVAL_MS,
    );
    takeovers.unref();
    await sweepAbandonedImports();
    const timer = setInterval(
      () => void sweepAbandonedImports().catch((error: unknown) => console.error("contact import sweep failed:", error)),
      60 * 60 * 1000,
    );
    timer.unref();
  })().catch((error: unknown) => {
    housekeeping = undefined;
    console.error("contact import housekeeping failed:", error);
  });
  return housekeeping;
}
