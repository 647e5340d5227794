import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvFormatError, detectDelimiter, parseCsv, type CsvOptions } from "./csv-parser";

async function records(input: string | string[], options?: CsvOptions) {
  const rows: Array<{ number: number; cells: string[] }> = [];
  for await (const record of parseCsv(typeof input === "string" ? [input] : input, options)) rows.push(record);
  return rows;
}

const cellsOf = async (input: string | string[], options?: CsvOptions) => (await records(input, options)).map((r) => r.cells);

/** Every way of cutting the text into two chunks must give the same records as the whole text. */
async function expectSameInAnySplit(text: string) {
  const whole = await records(text);
  for (let cut = 0; cut <= text.length; cut++) {
    expect(await records([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(whole);
  }
  return whole;
}

describe("parseCsv", () => {
  it("reads a header and rows separated by commas", async () => {
    expect(await cellsOf("First name,Phone\nJane,4165550100\nJohn,4165550101\n")).toEqual([
      ["First name", "Phone"],
      ["Jane", "4165550100"],
      ["John", "4165550101"],
    ]);
  });

  it("keeps delimiters, line breaks and doubled quotes inside quoted fields", async () => {
    const text = 'name,note,phone\n"Doe, Jane","line one\nline two","(416) 555-0100"\n"Say ""hi""","","x"\n';
    expect(await cellsOf(text)).toEqual([
      ["name", "note", "phone"],
      ["Doe, Jane", "line one\nline two", "(416) 555-0100"],
      ['Say "hi"', "", "x"],
    ]);
  });

  it("keeps a CRLF inside quotes as it is and ends records on CRLF outside", async () => {
    expect(await cellsOf('a,b\r\n"1\r\n2",3\r\n')).toEqual([
      ["a", "b"],
      ["1\r\n2", "3"],
    ]);
  });

  it("ends records on CRLF, LF and a lone CR alike", async () => {
    expect(await cellsOf("a,b\r\n1,2\n3,4\r5,6")).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("drops a UTF-8 byte-order mark so the first header is clean", async () => {
    expect(await cellsOf("\uFEFFVorname;Telefon\nJürgen;030 1234567\n")).toEqual([
      ["Vorname", "Telefon"],
      ["Jürgen", "030 1234567"],
    ]);
  });

  it("detects semicolons (German Excel) and leaves commas in values alone", async () => {
    expect(await cellsOf("Vorname;Nachname;Firma\nJürgen;Groß;Müller, Schmidt & Co.\n")).toEqual([
      ["Vorname", "Nachname", "Firma"],
      ["Jürgen", "Groß", "Müller, Schmidt & Co."],
    ]);
  });

  it("detects tabs", async () => {
    expect(await cellsOf("Name\tPhone\tEmail\nJane Doe\t4165550100\tjane@example.com\n")).toEqual([
      ["Name", "Phone", "Email"],
      ["Jane Doe", "4165550100", "jane@example.com"],
    ]);
  });

  it("uses the delimiter it is given even when another one is more frequent", async () => {
    expect(await cellsOf("a;b,c\n1;2,3\n", { delimiter: "," })).toEqual([
      ["a;b", "c"],
      ["1;2", "3"],
    ]);
  });

  it("skips empty lines and rows of nothing but delimiters, but counts them", async () => {
    const rows = await records("a,b\n\n1,2\r\n\r\n,,\n3,4\n\n");
    expect(rows).toEqual([
      { number: 1, cells: ["a", "b"] },
      { number: 3, cells: ["1", "2"] },
      { number: 6, cells: ["3", "4"] },
    ]);
  });

  it("numbers records across CRLF, a lone CR, an empty line and a BOM as a spreadsheet shows them", async () => {
    expect(await records("\uFEFFa,b\r\n1,2\r\n\r\n3,4\r5,6")).toEqual([
      { number: 1, cells: ["a", "b"] },
      { number: 2, cells: ["1", "2"] },
      { number: 4, cells: ["3", "4"] },
      { number: 5, cells: ["5", "6"] },
    ]);
  });

  it("keeps an empty last field without a line end, and quotes doubled inside a field", async () => {
    expect(await cellsOf("a,b\n1,")).toEqual([
      ["a", "b"],
      ["1", ""],
    ]);
    expect(await cellsOf('name,phone\n"Smith, Jo","+1 ""416"" 555"\n')).toEqual([
      ["name", "phone"],
      ["Smith, Jo", '+1 "416" 555'],
    ]);
  });

  it("numbers a record with a line break inside quotes as one record", async () => {
    const rows = await records('a,b\n"x\ny",1\nz,2\n');
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3]);
  });

  it("reads the last record without a line end, and a file that is only a header", async () => {
    expect(await cellsOf("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(await cellsOf("a,b")).toEqual([["a", "b"]]);
    expect(await cellsOf("")).toEqual([]);
    expect(await cellsOf("\n\r\n")).toEqual([]);
  });

  it("keeps an empty quoted last field", async () => {
    expect(await cellsOf('a,b\n1,""')).toEqual([
      ["a", "b"],
      ["1", ""],
    ]);
  });

  it("is lenient with stray quotes the way spreadsheet programs are", async () => {
    expect(await cellsOf('a,b\nO"Brien,5\n"closed"after,6\n')).toEqual([
      ["a", "b"],
      ['O"Brien', "5"],
      ["closedafter", "6"],
    ]);
  });

  it("gives the same records however the text is cut into chunks (CRLF, quotes, BOM)", async () => {
    const rows = await expectSameInAnySplit('\uFEFFa;b\r\n"x;""y""\r\nz";2\r\n\r\n3;4\r5;"6"');
    expect(rows.map((r) => r.cells)).toEqual([
      ["a", "b"],
      ['x;"y"\r\nz', "2"],
      ["3", "4"],
      ["5", "6"],
    ]);
  });

  it("detects the delimiter from a header that arrives in many small chunks", async () => {
    expect(await cellsOf(["Vor", "name;Nach", "name", "\nA;B\n"])).toEqual([
      ["Vorname", "Nachname"],
      ["A", "B"],
    ]);
  });

  it("refuses a quote that is never closed, naming the record where it opened", async () => {
    const error = await cellsOf('a,b\n1,2\n3,"open\n4,5\n').catch((e: unknown) => e);
    expect(error).toMatchObject({ problem: "unclosedQuote", record: 3 });
  });

  it("refuses a field longer than the limit, as an unclosed quote would make it", async () => {
    const error = await cellsOf('a,b\n1,"never closed\n2,3\n4,5', { maxFieldLength: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvFormatError);
    expect(error).toMatchObject({ problem: "fieldTooLong", record: 2 });
  });

  it("refuses a record with more columns than the limit", async () => {
    const error = await cellsOf("a,b,c,d\n", { maxColumns: 3 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ problem: "tooManyColumns", record: 1 });
  });

  it("round-trips any table written the RFC 4180 way", async () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "b", " ", ",", ";", "\t", '"', "\n", "\r", "ä", "x") });
    const table = fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(table, fc.integer({ min: 1, max: 7 }), async (rows, chunkSize) => {
        const quote = (value: string) => `"${value.replaceAll('"', '""')}"`;
        const text = ["h1,h2", ...rows.map((row) => row.map(quote).join(","))].join("\r\n");
        const chunks = text.match(new RegExp(`[\\s\\S]{1,${chunkSize}}`, "g")) ?? [];
        const expected = [["h1", "h2"], ...rows.filter((row) => row.some((value) => value.trim() !== ""))];
        expect(await cellsOf(chunks)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("detectDelimiter", () => {
  it.each([
    ["a,b,c", ","],
    ["a;b;c", ";"],
    ["a\tb\tc", "\t"],
    ['"x;y",b,c', ","],
    ["single", ","],
    ["a;b,c;d\n1,2,3,4,5,6", ";"],
    ["Name;Telefonnummer\nA;1", ";"],
    ["name\tphone\n", "\t"],
    ["name,phone\n", ","],
    ['"a;b",c\n', ","],
    ["\uFEFFName;Telefon", ";"],
  ])("%j → %j", (sample, expected) => {
    expect(detectDelimiter(sample)).toBe(expected);
  });
});
