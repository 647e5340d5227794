import { setImmediate } from "node:timers/promises";
import { contactFieldProblems } from "~/features/contacts/contact-rules";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { phoneCountryOfTenant } from "~/features/tenants/phone-country.server";
import { parseMapping, valuesFromCells, type ColumnMapping } from "./column-mapping";
import { readCsvRecords } from "./csv-file.server";
import { phoneExistsLookup } from "./import-staging.server";
import type { ContactImport } from "./import-store.server";
import { PREVIEW_PAGE_SIZE } from "./limits";
import type { PreviewFilter } from "./preview-params";
import {
  checkRules,
  emptyCounts,
  parseRemovedRows,
  parseRowEdits,
  RowClassifier,
  rowValues,
  ROW_STATUSES,
  type RowStatus,
  type RuleVerdict,
  type StatusCounts,
} from "./row-classification";

/**
 * The preview classifies every row of the file: a duplicate needs all the
 * rows before it, the counts need all of them. That happens in two layers,
 * each kept in memory for a while per import:
 *
 * - Row facts: what the contact rules say about each row of the file as
 *   mapped (13 bytes a row). The rules are the costly part (the phone
 *   plausibility check, ~20–50 µs a row) and depend only on the file and the
 *   mapping, so they are worked out once per mapping, in one pass over the
 *   file. Corrections and removals do not touch them.
 * - The classification: valid, invalid, exists or duplicate per row, from the
 *   facts, the corrections, the removals and the tenant's contacts (one
 *   indexed lookup a row). Cheap; worked out again whenever the import
 *   changes (its updated_at is in the key) and at least every 30 seconds, so
 *   contacts added elsewhere show up.
 *
 * A page then reads only its own rows from the file. The import itself
 * (import-runner.server.ts) reuses the facts and decides every status again.
 */
export interface RowFacts {
  /** Record numbers of the file's data rows, in file order. */
  rowNumbers: Int32Array;
  /** 1 when the mapped values pass every contact rule. */
  rulesOk: Uint8Array;
  /** The E.164 digits when the phone passes the rules, else NaN. */
  phones: Float64Array;
}

interface Classification {
  /** Rows not removed, in file order, with their status code. */
  rowNumbers: Int32Array;
  statuses: Uint8Array;
  counts: StatusCounts;
}

export const YIELD_EVERY = 2_000;
const FACTS_CACHE_SIZE = 8;
const CLASSIFICATION_TTL_MS = 30_000;

const factsCache = new Map<string, { key: string; value: RowFacts }>();
const classificationCache = new Map<string, { key: string; at: number; value: Classification }>();

const STATUS_CODE: Record<RowStatus, number> = { valid: 0, invalid: 1, exists: 2, duplicate: 3 };

function remember<T>(cache: Map<string, T>, id: string, entry: T) {
  cache.delete(id);
  cache.set(id, entry);
  while (cache.size > FACTS_CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

const mappingOf = (entry: ContactImport): ColumnMapping => {
  const mapping = parseMapping(entry.mapping);
  if (!mapping) throw new Error(`import ${entry.id} has no mapping`);
  return mapping;
};

/** One pass over the file with the contact rules on every row, phones read in the tenant's country. */
async function computeRowFacts(entry: ContactImport, country: string): Promise<RowFacts> {
  const mapping = mappingOf(entry);
  const capacity = Math.max(entry.row_count, 1);
  const rowNumbers = new Int32Array(capacity);
  const rulesOk = new Uint8Array(capacity);
  const phones = new Float64Array(capacity);
  let size = 0;
  let header = true;
  for await (const record of readCsvRecords(entry.stored_file)) {
    if (header) {
      header = false;
      continue;
    }
    // The upload counted the rows; a file that grew since is not ours to trust.
    if (size === capacity) throw new Error(`import ${entry.id}: the file has more rows than counted at upload`);
    const verdict = checkRules(valuesFromCells(record.cells, mapping), country);
    rowNumbers[size] = record.number;
    rulesOk[size] = verdict.rulesOk ? 1 : 0;
    phones[size] = verdict.phone ? Number(verdict.phone.slice(1)) : NaN;
    // Other requests get a turn every few thousand rows.
    if (++size % YIELD_EVERY === 0) await setImmediate();
  }
  return { rowNumbers: rowNumbers.subarray(0, size), rulesOk: rulesOk.subarray(0, size), phones: phones.subarray(0, size) };
}

// The country is in the key: a tenant that changes it reads its national numbers differently from then on.
const factsKey = (entry: ContactImport, country: string) => `${entry.stored_file}|${entry.mapping}|${country}`;

/** Facts being worked out right now, so two requests for the same import share one pass over the file. */
const factsInFlight = new Map<string, { key: string; promise: Promise<RowFacts> }>();

async function rowFactsOf(entry: ContactImport, country: string): Promise<RowFacts> {
  const key = factsKey(entry, country);
  const hit = factsCache.get(entry.id);
  if (hit && hit.key === key) return hit.value;
  const pending = factsInFlight.get(entry.id);
  if (pending && pending.key === key) return pending.promise;
  const promise = computeRowFacts(entry, country).finally(() => factsInFlight.delete(entry.id));
  factsInFlight.set(entry.id, { key, promise });
  const value = await promise;
  remember(factsCache, entry.id, { key, value });
  return value;
}

/** The facts if they are at hand, without working them out. */
export function cachedRowFacts(entry: ContactImport, country: string): RowFacts | null {
  const hit = factsCache.get(entry.id);
  return hit && hit.key === factsKey(entry, country) ? hit.value : null;
}

/** The verdict for the i-th data row, from the facts. */
export const verdictAt = (facts: RowFacts, index: number): RuleVerdict => ({
  rulesOk: facts.rulesOk[index] === 1,
  phone: Number.isNaN(facts.phones[index]) ? null : `+${facts.phones[index]}`,
});

async function classify(entry: ContactImport, country: string): Promise<Classification> {
  const facts = await rowFactsOf(entry, country);
  const edits = parseRowEdits(entry.row_edits);
  const removed = parseRemovedRows(entry.removed_rows);
  const classifier = new RowClassifier({ mapping: mappingOf(entry), edits, removed, phoneExists: await phoneExistsLookup(entry.tenant_id), country });
  const count = facts.rowNumbers.length;
  const rowNumbers = new Int32Array(count);
  const statuses = new Uint8Array(count);
  const counts = emptyCounts();
  let size = 0;
  for (let i = 0; i < count; i++) {
    const number = facts.rowNumbers[i]!;
    counts.total++;
    if (removed.has(number)) {
      counts.removed++;
      continue;
    }
    const edit = edits[number];
    const status = classifier.decide(edit ? checkRules(edit, country) : verdictAt(facts, i));
    counts[status]++;
    rowNumbers[size] = number;
    statuses[size] = STATUS_CODE[status];
    size++;
    if (i % (YIELD_EVERY * 10) === 0) await setImmediate();
  }
  return { rowNumbers: rowNumbers.subarray(0, size), statuses: statuses.subarray(0, size), counts };
}

async function classification(entry: ContactImport): Promise<Classification> {
  const country = await phoneCountryOfTenant(entry.tenant_id);
  const key = `${entry.updated_at}|${entry.mapping}|${country}`;
  const hit = classificationCache.get(entry.id);
  if (hit && hit.key === key && Date.now() - hit.at < CLASSIFICATION_TTL_MS) return hit.value;
  const value = await classify(entry, country);
  remember(classificationCache, entry.id, { key, at: Date.now(), value });
  return value;
}

/** Forgets what was worked out for an import (it has finished; its file is gone). */
export function forgetImport(importId: string) {
  factsCache.delete(importId);
  classificationCache.delete(importId);
}

export interface PreviewRow {
  number: number;
  status: RowStatus;
  values: ReturnType<typeof rowValues>;
  problems: ReturnType<typeof contactFieldProblems>;
  edited: boolean;
  /** The phone cell as shown (formatted here: the page loads the phone library only when its field is used). */
  phoneDisplay: string;
}

export interface PreviewPage {
  counts: StatusCounts;
  rows: PreviewRow[];
  page: number;
  pageCount: number;
  /** Rows matching the filter. */
  matching: number;
}

/** The counts and one page of rows under a status filter; a page past the end shows the last page. */
export async function loadPreviewPage(entry: ContactImport, filter: PreviewFilter, requestedPage: number): Promise<PreviewPage> {
  const { rowNumbers, statuses, counts } = await classification(entry);
  const code = filter === "all" ? -1 : STATUS_CODE[filter];
  const matching = filter === "all" ? rowNumbers.length : counts[filter];
  const pageCount = Math.max(1, Math.ceil(matching / PREVIEW_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const skip = (page - 1) * PREVIEW_PAGE_SIZE;

  const wanted = new Map<number, RowStatus>();
  let seen = 0;
  for (let i = 0; i < rowNumbers.length && wanted.size < PREVIEW_PAGE_SIZE; i++) {
    if (code !== -1 && statuses[i] !== code) continue;
    if (seen++ >= skip) wanted.set(rowNumbers[i]!, ROW_STATUSES[statuses[i]!]!);
  }

  const rows: PreviewRow[] = [];
  if (wanted.size > 0) {
    const country = await phoneCountryOfTenant(entry.tenant_id);
    const mapping = mappingOf(entry);
    const edits = parseRowEdits(entry.row_edits);
    const last = Math.max(...wanted.keys());
    for await (const record of readCsvRecords(entry.stored_file)) {
      const status = wanted.get(record.number);
      if (status) {
        const values = rowValues(record.number, record.cells, mapping, edits);
        // The reasons are shown for invalid rows only: a row skipped anyway is not something to fix.
        const problems = status === "invalid" ? contactFieldProblems(values, country) : {};
        rows.push({
          number: record.number,
          status,
          values,
          problems,
          edited: edits[record.number] !== undefined,
          phoneDisplay: formatPhoneForDisplay(values.phone.trim(), country),
        });
      }
      if (record.number >= last) break;
    }
  }
  return { counts, rows, page, pageCount, matching };
}

/** The numbers of every row that is invalid now (for "Remove all invalid rows"). */
export async function invalidRowNumbers(entry: ContactImport): Promise<number[]> {
  const { rowNumbers, statuses } = await classification(entry);
  const numbers: number[] = [];
  for (let i = 0; i < rowNumbers.length; i++) if (statuses[i] === STATUS_CODE.invalid) numbers.push(rowNumbers[i]!);
  return numbers;
}

/** Whether the preview shows this row (a data row of the file, not removed): row actions accept nothing else. */
export async function previewHasRow(entry: ContactImport, rowNumber: number): Promise<boolean> {
  if (!Number.isInteger(rowNumber) || rowNumber < 1) return false;
  const { rowNumbers } = await classification(entry);
  // File order: the numbers only grow.
  let low = 0;
  let high = rowNumbers.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = rowNumbers[middle]!;
    if (value === rowNumber) return true;
    if (value < rowNumber) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * The counts the decision to start rests on. Whether a row is valid depends
 * only on the file, the mapping and the corrections, which the cache keys
 * cover; the import decides every row again anyway before it writes.
 */
export async function currentCounts(entry: ContactImport): Promise<StatusCounts> {
  return (await classification(entry)).counts;
}
