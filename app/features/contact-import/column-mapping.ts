import { CONTACT_FIELDS, type ContactFieldValues } from "~/features/contacts/contact-rules";

/**
 * Which column of the file feeds which contact field. Besides the six contact
 * fields there is `fullName`: one column holding the whole name, split into
 * first and last name (an explicitly mapped first or last name column wins
 * over the split). Stored as JSON in contact_imports.mapping: field → 0-based
 * column index, or null when the file has no such column.
 */
export const MAPPING_TARGETS = [...CONTACT_FIELDS, "fullName"] as const;
export type MappingTarget = (typeof MAPPING_TARGETS)[number];
export type ColumnMapping = Record<MappingTarget, number | null>;

export const EMPTY_MAPPING: ColumnMapping = { firstName: null, lastName: null, title: null, company: null, phone: null, email: null, fullName: null };

/** Header words in English and German, already normalised (see normaliseHeader). */
const SYNONYMS: Record<MappingTarget, string[]> = {
  firstName: ["firstname", "first", "givenname", "forename", "christianname", "vorname", "rufname"],
  lastName: ["lastname", "last", "surname", "familyname", "nachname", "familienname", "zuname"],
  fullName: ["name", "fullname", "contactname", "contact", "completename", "vollername", "vollstandigername", "kontakt", "kontaktname", "ganzername"],
  title: ["title", "jobtitle", "position", "role", "titel", "berufsbezeichnung", "funktion", "stellenbezeichnung", "rolle"],
  company: ["company", "companyname", "organization", "organisation", "business", "employer", "firma", "firmenname", "unternehmen", "arbeitgeber"],
  phone: [
    "phone",
    "phonenumber",
    "telephone",
    "telephonenumber",
    "tel",
    "mobile",
    "mobilephone",
    "mobilenumber",
    "cell",
    "cellphone",
    "cellnumber",
    "telefon",
    "telefonnummer",
    "mobil",
    "mobiltelefon",
    "mobilnummer",
    "handy",
    "handynummer",
    "rufnummer",
  ],
  email: ["email", "emailaddress", "mail", "mailaddress", "emailadresse", "mailadresse"],
};

/** Matching order: specific fields first, so "Name" only becomes a full name when no first-name column exists. */
const MATCH_ORDER: MappingTarget[] = ["firstName", "lastName", "phone", "email", "company", "title", "fullName"];

/**
 * Lower case, umlauts and accents folded (ä → a, ß → ss), everything but
 * letters and digits dropped, a trailing number dropped ("Phone 1").
 * "E-Mail", "e_mail" and " EMAIL " all become "email".
 */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]/g, "")
    .replace(/\d+$/, "");
}

/** The mapping guessed from the header row; each column feeds at most one field. */
export function matchColumns(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = { ...EMPTY_MAPPING };
  const normalised = headers.map(normaliseHeader);
  const used = new Set<number>();
  for (const target of MATCH_ORDER) {
    if (target === "fullName" && mapping.firstName !== null) continue;
    const index = normalised.findIndex((header, column) => !used.has(column) && SYNONYMS[target].includes(header));
    if (index !== -1) {
      mapping[target] = index;
      used.add(index);
    }
  }
  return mapping;
}

/** First and last name of a single name column: "Doe, Jane" → Jane Doe; "Jane van Doe" → Jane / van Doe. */
export function splitFullName(value: string): { firstName: string; lastName: string } {
  const text = value.trim().replace(/\s+/g, " ");
  const comma = text.indexOf(",");
  if (comma !== -1) {
    const last = text.slice(0, comma).trim();
    const first = text.slice(comma + 1).trim();
    if (first && last) return { firstName: first, lastName: last };
  }
  const space = text.indexOf(" ");
  if (space === -1) return { firstName: text, lastName: "" };
  return { firstName: text.slice(0, space), lastName: text.slice(space + 1) };
}

/** The fields that must come from the file: a first name (its own column or a full name) and a phone number. */
export function missingRequiredTargets(mapping: ColumnMapping): Array<"firstName" | "phone"> {
  const missing: Array<"firstName" | "phone"> = [];
  if (mapping.firstName === null && mapping.fullName === null) missing.push("firstName");
  if (mapping.phone === null) missing.push("phone");
  return missing;
}

/** A record's cells as contact field values under a mapping (untrimmed: the contact rules trim). */
export function valuesFromCells(cells: readonly string[], mapping: ColumnMapping): ContactFieldValues {
  const cell = (index: number | null) => (index === null ? "" : (cells[index] ?? ""));
  const values = {} as ContactFieldValues;
  for (const field of CONTACT_FIELDS) values[field] = cell(mapping[field]);
  if (mapping.fullName !== null) {
    const split = splitFullName(cell(mapping.fullName));
    if (mapping.firstName === null) values.firstName = split.firstName;
    if (mapping.lastName === null) values.lastName = split.lastName;
  }
  return values;
}

/** Reads a stored mapping leniently: unknown keys are dropped, bad values become null. */
export function parseMapping(json: string | null): ColumnMapping | null {
  if (!json) return null;
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const mapping: ColumnMapping = { ...EMPTY_MAPPING };
    for (const target of MAPPING_TARGETS) {
      const value = raw[target];
      mapping[target] = typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
    }
    return mapping;
  } catch {
    return null;
  }
}
