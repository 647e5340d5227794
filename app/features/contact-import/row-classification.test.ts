import { describe, expect, it } from "vitest";
import type { ContactFieldValues } from "~/features/contacts/contact-rules";
import { EMPTY_MAPPING } from "./column-mapping";
import { parseRemovedRows, parseRowEdits, RowClassifier, type ClassifierOptions, type RowEdits } from "./row-classification";

// Columns: first name, last name, phone, email.
const mapping = { ...EMPTY_MAPPING, firstName: 0, lastName: 1, phone: 2, email: 3 };

function classifyAll(rows: string[][], options: Partial<ClassifierOptions> = {}) {
  const classifier = new RowClassifier({ mapping, edits: {}, removed: new Set(), phoneExists: () => false, country: "CA", ...options });
  // Data rows are numbered from 2: the header is row 1.
  return rows.map((cells, index) => classifier.classify(index + 2, cells));
}

const statuses = (rows: string[][], options: Partial<ClassifierOptions> = {}) => classifyAll(rows, options).map((row) => row?.status ?? "removed");

const contact = (values: Partial<ContactFieldValues>): ContactFieldValues => ({
  firstName: "",
  lastName: "",
  title: "",
  company: "",
  phone: "",
  email: "",
  ...values,
});

describe("RowClassifier", () => {
  it("calls a complete row valid and gives its phone in E.164", () => {
    const [row] = classifyAll([["Jane", "Doe", "(416) 555-0100", "jane@example.com"]]);
    expect(row).toMatchObject({ number: 2, status: "valid", phone: "+14165550100", problems: {}, edited: false });
    expect(row?.values).toMatchObject({ firstName: "Jane", lastName: "Doe", phone: "(416) 555-0100", email: "jane@example.com" });
  });

  it("reads a phone cell of our own contacts export, behind the apostrophe that keeps it from being a formula", () => {
    const [row] = classifyAll([["Jürgen", "Groß", "'+49 30 1234567", ""]]);
    expect(row).toMatchObject({ status: "valid", phone: "+49301234567", problems: {} });
  });

  it("reads a phone with a leading 0 in the tenant's country; its international form is the same number", () => {
    const rows = [
      ["Jürgen", "", "030 5550 1234", ""],
      ["Jürgen", "", "+49 30 5550 1234", ""],
      ["Jana", "", "0049 30 123456", ""],
    ];
    expect(classifyAll(rows, { country: "DE" }).map((row) => [row?.status, row?.phone])).toEqual([
      ["valid", "+493055501234"],
      ["duplicate", "+493055501234"],
      ["valid", "+4930123456"],
    ]);
    expect(classifyAll([rows[0]!], { country: "US" }).map((row) => row?.status)).toEqual(["invalid"]);
  });

  it("calls a row invalid with the reason of each broken rule (contacts message keys)", () => {
    const rows = classifyAll([
      ["", "Doe", "4165550100", ""],
      ["Jane", "", "12345", ""],
      ["Jane", "", "", "not-an-email"],
      ["Jane", "", "4165550101", "not-an-email"],
    ]);
    expect(rows.map((row) => [row?.status, row?.problems])).toEqual([
      ["invalid", { firstName: "validation.nameRequired" }],
      ["invalid", { phone: "validation.phoneInvalid" }],
      ["invalid", { phone: "validation.phoneRequired", email: "validation.emailInvalid" }],
      ["invalid", { email: "validation.emailInvalid" }],
    ]);
    expect(rows[1]?.phone).toBeNull();
  });

  it("calls a row whose number a contact of the tenant has 'exists', whatever the format", () => {
    const existing = new Set(["+14165550100"]);
    expect(
      statuses(
        [
          ["Jane", "", "+1 416 555 0100", ""],
          ["John", "", "416.555.0199", ""],
        ],
        { phoneExists: (p) => existing.has(p) },
      ),
    ).toEqual(["exists", "valid"]);
  });

  it("calls a later row with the same E.164 phone a duplicate, the first one stays valid", () => {
    expect(
      statuses([
        ["Jane", "", "4165550100", ""],
        ["Janet", "", "+1 (416) 555-0100", ""],
        ["John", "", "14165550100", ""],
        ["Other", "", "4165550111", ""],
      ]),
    ).toEqual(["valid", "duplicate", "duplicate", "valid"]);
  });

  it("does not ask to fix a row that is skipped anyway: exists and duplicate win over other problems", () => {
    const existing = new Set(["+14165550100"]);
    expect(
      statuses(
        [
          ["", "", "4165550100", ""],
          ["Jane", "", "4165550122", ""],
          ["", "", "4165550122", "bad"],
        ],
        { phoneExists: (p) => existing.has(p) },
      ),
    ).toEqual(["exists", "valid", "duplicate"]);
  });

  it("lets an invalid row with a valid phone claim its number: the later row is the duplicate", () => {
    expect(
      statuses([
        ["", "", "4165550100", ""],
        ["Jane", "", "4165550100", ""],
      ]),
    ).toEqual(["invalid", "duplicate"]);
  });

  it("uses the corrections typed in the preview instead of the file's cells", () => {
    const edits: RowEdits = { 2: contact({ firstName: "Fixed", phone: "4165550133" }) };
    const [row, second] = classifyAll(
      [
        ["", "", "bad", ""],
        ["John", "", "4165550133", ""],
      ],
      { edits },
    );
    expect(row).toMatchObject({ status: "valid", edited: true, phone: "+14165550133", values: { firstName: "Fixed" } });
    expect(second?.status).toBe("duplicate");
  });

  it("skips removed rows, which claim no number", () => {
    const rows = [
      ["Jane", "", "4165550100", ""],
      ["Janet", "", "4165550100", ""],
      ["", "", "x", ""],
    ];
    expect(statuses(rows, { removed: new Set([2, 4]) })).toEqual(["removed", "valid", "removed"]);
  });

  it("splits a full-name column into first and last name", () => {
    const classifier = new RowClassifier({
      mapping: { ...EMPTY_MAPPING, fullName: 0, phone: 1 },
      edits: {},
      removed: new Set(),
      phoneExists: () => false,
      country: "CA",
    });
    expect(classifier.classify(2, ["Jane Doe", "4165550100"])).toMatchObject({ status: "valid", values: { firstName: "Jane", lastName: "Doe" } });
    expect(classifier.classify(3, ["", "4165550101"])).toMatchObject({ status: "invalid", problems: { firstName: "validation.nameRequired" } });
  });

  it("checks each number against the tenant's contacts with the E.164 form", () => {
    const asked: string[] = [];
    classifyAll(
      [
        ["Jane", "", "(416) 555-0100", ""],
        ["Bad", "", "1", ""],
      ],
      { phoneExists: (p) => (asked.push(p), false) },
    );
    expect(asked).toEqual(["+14165550100"]);
  });
});

describe("stored corrections and removals", () => {
  it("reads row edits leniently", () => {
    const json = JSON.stringify({ 3: { firstName: "A", phone: "1", extra: "x" }, x: { firstName: "B" }, 0: { firstName: "C" }, 4: "bad" });
    expect(parseRowEdits(json)).toEqual({ 3: contact({ firstName: "A", phone: "1" }) });
    expect(parseRowEdits("nope")).toEqual({});
  });

  it("reads removed row numbers leniently", () => {
    expect([...parseRemovedRows('[2, 5, -1, 2.5, "x"]')]).toEqual([2, 5]);
    expect([...parseRemovedRows("{}")]).toEqual([]);
    expect([...parseRemovedRows("bad")]).toEqual([]);
  });
});
