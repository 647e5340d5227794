import { contactFieldProblems, CONTACT_FIELDS, type ContactField, type ContactFieldValues } from "~/features/contacts/contact-rules";
import { toE164 } from "~/features/phone/phone-check";
import { valuesFromCells, type ColumnMapping } from "./column-mapping";

/**
 * The four states of an import row (docs/product/behaviour.md#contact-import),
 * decided in file order:
 *
 * 1. invalid phone → invalid (nothing else can be said about the row);
 * 2. the E.164 phone belongs to a contact of the tenant → exists (skipped);
 * 3. an earlier row of the file has the same E.164 phone → duplicate (skipped);
 * 4. any other rule broken (first name, email, lengths) → invalid;
 * 5. otherwise valid.
 *
 * A row that will be skipped anyway is not called invalid, so the user is not
 * asked to fix a row that would not be imported. Every row with a valid phone
 * that is not removed claims its number, valid or not: fixing or removing the
 * first row decides about the later ones. Removed rows claim nothing.
 */
export const ROW_STATUSES = ["valid", "invalid", "exists", "duplicate"] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** Corrections typed in the preview: row number → every contact field as the user left it. */
export type RowEdits = Record<number, ContactFieldValues>;

export interface ClassifiedRow {
  number: number;
  values: ContactFieldValues;
  status: RowStatus;
  /** Message keys (contacts namespace) of the rules broken, by field; empty unless the row is invalid. */
  problems: Partial<Record<ContactField, string>>;
  /** E.164 when the phone passes the rules. */
  phone: string | null;
  edited: boolean;
}

export interface ClassifierOptions {
  mapping: ColumnMapping;
  edits: RowEdits;
  removed: ReadonlySet<number>;
  /** Whether a contact of the tenant already has this E.164 number. */
  phoneExists: (e164: string) => boolean;
  /** The tenant's country: phones with a leading 0 are national numbers of it. */
  country: string;
}

/**
 * What the contact rules say about a row's values. This is the costly part of
 * classifying (the phone's plausibility check), and it depends on the values
 * alone, so it can be worked out once and reused; what depends on the other
 * rows and on the tenant's contacts is decided by RowClassifier.decide.
 */
export interface RuleVerdict {
  rulesOk: boolean;
  /** E.164 when the phone passes the rules, else null. */
  phone: string | null;
}

export function checkRules(values: ContactFieldValues, country: string): RuleVerdict & { problems: Partial<Record<ContactField, string>> } {
  const problems = contactFieldProblems(values, country);
  return { problems, rulesOk: Object.keys(problems).length === 0, phone: problems.phone ? null : toE164(values.phone.trim(), country) };
}

/** E.164 as a number: at most 15 digits, exact in a double, and a tenth of the memory of the string in a Set. */
const phoneKey = (e164: string) => Number(e164.slice(1));

export class RowClassifier {
  private readonly seen = new Set<number>();

  constructor(private readonly options: ClassifierOptions) {}

  /** The row's state, or null when the user removed it. Call in file order. */
  classify(number: number, cells: readonly string[]): ClassifiedRow | null {
    const { mapping, edits, removed } = this.options;
    if (removed.has(number)) return null;
    const values = rowValues(number, cells, mapping, edits);
    const verdict = checkRules(values, this.options.country);
    const status = this.decide(verdict);
    return { number, values, status, problems: status === "invalid" ? verdict.problems : {}, phone: verdict.phone, edited: edits[number] !== undefined };
  }

  /** The state of the next row (in file order, removed rows left out) from what the rules said about it. */
  decide(verdict: RuleVerdict): RowStatus {
    if (!verdict.phone) return "invalid";
    const key = phoneKey(verdict.phone);
    const earlier = this.seen.has(key);
    this.seen.add(key);
    if (this.options.phoneExists(verdict.phone)) return "exists";
    if (earlier) return "duplicate";
    return verdict.rulesOk ? "valid" : "invalid";
  }
}

/** What a row holds: the user's correction when there is one, else the mapped cells. */
export function rowValues(number: number, cells: readonly string[], mapping: ColumnMapping, edits: RowEdits): ContactFieldValues {
  return edits[number] ?? valuesFromCells(cells, mapping);
}

export interface StatusCounts {
  total: number;
  valid: number;
  invalid: number;
  exists: number;
  duplicate: number;
  removed: number;
}

export const emptyCounts = (): StatusCounts => ({ total: 0, valid: 0, invalid: 0, exists: 0, duplicate: 0, removed: 0 });

/** Reads stored corrections leniently; a malformed entry is dropped rather than breaking the preview. */
export function parseRowEdits(json: string): RowEdits {
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const edits: RowEdits = {};
    for (const [key, value] of Object.entries(raw)) {
      const number = Number(key);
      if (!Number.isInteger(number) || number < 1 || !value || typeof value !== "object") continue;
      const fields = value as Record<string, unknown>;
      const values = {} as ContactFieldValues;
      for (const field of CONTACT_FIELDS) values[field] = typeof fields[field] === "string" ? (fields[field] as string) : "";
      edits[number] = values;
    }
    return edits;
  } catch {
    return {};
  }
}

export function parseRemovedRows(json: string): Set<number> {
  try {
    const raw: unknown = JSON.parse(json);
    return new Set(Array.isArray(raw) ? raw.filter((n): n is number => Number.isInteger(n) && n > 0) : []);
  } catch {
    return new Set();
  }
}
