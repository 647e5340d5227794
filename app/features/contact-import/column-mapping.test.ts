import { describe, expect, it } from "vitest";
import { EMPTY_MAPPING, matchColumns, missingRequiredTargets, normaliseHeader, parseMapping, splitFullName, valuesFromCells } from "./column-mapping";

describe("normaliseHeader", () => {
  it.each([
    ["E-Mail", "email"],
    [" EMAIL ", "email"],
    ["e_mail", "email"],
    ["First name", "firstname"],
    ["first-name", "firstname"],
    ["Phone 1", "phone"],
    ["Straße", "strasse"],
    ["Vollständiger Name", "vollstandigername"],
    ["Téléphone", "telephone"],
  ])("%j → %j", (header, expected) => {
    expect(normaliseHeader(header)).toBe(expected);
  });
});

describe("matchColumns", () => {
  it("matches English headers", () => {
    expect(matchColumns(["First name", "Last name", "Title", "Company", "Phone number", "Email"])).toEqual({
      firstName: 0,
      lastName: 1,
      title: 2,
      company: 3,
      phone: 4,
      email: 5,
      fullName: null,
    });
  });

  it("matches German headers", () => {
    expect(matchColumns(["Vorname", "Nachname", "Position", "Firma", "Telefonnummer", "E-Mail"])).toEqual({
      firstName: 0,
      lastName: 1,
      title: 2,
      company: 3,
      phone: 4,
      email: 5,
      fullName: null,
    });
    expect(matchColumns(["Familienname", "Vorname", "Titel", "Unternehmen", "Handy", "E-Mail-Adresse"])).toEqual({
      firstName: 1,
      lastName: 0,
      title: 2,
      company: 3,
      phone: 4,
      email: 5,
      fullName: null,
    });
    expect(matchColumns(["Mobil", "Telefon"])).toMatchObject({ phone: 0 });
  });

  it("tolerates case, spacing and punctuation", () => {
    expect(matchColumns(["  FIRST_NAME ", "last-name", "PHONE", "e.mail"])).toMatchObject({ firstName: 0, lastName: 1, phone: 2, email: 3 });
  });

  it("maps a single name column as a full name to split", () => {
    expect(matchColumns(["Name", "Telefon"])).toEqual({ ...EMPTY_MAPPING, fullName: 0, phone: 1 });
    expect(matchColumns(["Full name", "Phone"])).toEqual({ ...EMPTY_MAPPING, fullName: 0, phone: 1 });
  });

  it("prefers first and last name columns over a full name column", () => {
    expect(matchColumns(["Name", "First name", "Last name", "Phone"])).toEqual({ ...EMPTY_MAPPING, firstName: 1, lastName: 2, phone: 3 });
  });

  it("gives each column to one field only and takes the first of two candidates", () => {
    expect(matchColumns(["Phone", "Mobile", "Email", "Mail"])).toEqual({ ...EMPTY_MAPPING, phone: 0, email: 2 });
  });

  it("leaves unknown columns unmapped", () => {
    expect(matchColumns(["Notes", "Birthday", ""])).toEqual(EMPTY_MAPPING);
  });
});

describe("splitFullName", () => {
  it.each([
    ["Jane Doe", "Jane", "Doe"],
    ["  Jane   van  Doe ", "Jane", "van Doe"],
    ["Doe, Jane", "Jane", "Doe"],
    ["Cher", "Cher", ""],
    ["", "", ""],
  ])("%j → %j %j", (value, firstName, lastName) => {
    expect(splitFullName(value)).toEqual({ firstName, lastName });
  });
});

describe("valuesFromCells", () => {
  it("reads mapped columns and leaves unmapped fields empty", () => {
    const mapping = { ...EMPTY_MAPPING, firstName: 1, phone: 0, email: 5 };
    expect(valuesFromCells(["4165550100", "Jane"], mapping)).toEqual({
      firstName: "Jane",
      lastName: "",
      title: "",
      company: "",
      phone: "4165550100",
      email: "",
    });
  });

  it("splits a full name unless a first or last name column is mapped too", () => {
    expect(valuesFromCells(["Jane Doe", "1"], { ...EMPTY_MAPPING, fullName: 0, phone: 1 })).toMatchObject({ firstName: "Jane", lastName: "Doe" });
    expect(valuesFromCells(["Jane Doe", "Smith"], { ...EMPTY_MAPPING, fullName: 0, lastName: 1 })).toMatchObject({ firstName: "Jane", lastName: "Smith" });
  });
});

describe("missingRequiredTargets", () => {
  it("needs a first name (or a full name) and a phone", () => {
    expect(missingRequiredTargets(EMPTY_MAPPING)).toEqual(["firstName", "phone"]);
    expect(missingRequiredTargets({ ...EMPTY_MAPPING, fullName: 0, phone: 1 })).toEqual([]);
    expect(missingRequiredTargets({ ...EMPTY_MAPPING, firstName: 0 })).toEqual(["phone"]);
  });
});

describe("parseMapping", () => {
  it("reads what was stored and drops anything malformed", () => {
    expect(parseMapping(JSON.stringify({ firstName: 0, phone: 2, email: -1, title: "x", other: 3 }))).toEqual({ ...EMPTY_MAPPING, firstName: 0, phone: 2 });
    expect(parseMapping("not json")).toBeNull();
    expect(parseMapping(null)).toBeNull();
  });
});
