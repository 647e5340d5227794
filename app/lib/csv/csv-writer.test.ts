import { describe, expect, it } from "vitest";
import { csvDialectFor, csvField, csvLine, neutraliseFormula, UTF8_BOM } from "./csv-writer";

const english = csvDialectFor("en");
const german = csvDialectFor("de");

/** A strict RFC 4180 reader, to check that what we write reads back as the same values. */
function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
        i += 1;
        continue;
      }
      field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === "") {
      quoted = true;
    } else if (char === separator) {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else {
      throw new Error(`unquoted character ${JSON.stringify(char)} at ${i}`);
    }
    i += 1;
  }
  if (field !== "" || row.length > 0) throw new Error("last line not terminated by CRLF");
  return rows;
}

describe("neutraliseFormula", () => {
  it.each(["=1+1", "+49 30 1234", "-2", "@SUM(A1)", "\tcmd", "\rcmd", "＝1+1", "＋1", "－1", "＠x"])(
    "prefixes %j with an apostrophe so spreadsheets show it as text",
    (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    },
  );

  it.each(["Anna", "1+1=2", " =not at start", "", "'already quoted", "a-b", "mail@example.com"])("leaves %j alone", (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });
});

describe("csvField", () => {
  it("quotes every field and doubles quotes inside it", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("")).toBe('""');
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(42)).toBe('"42"');
  });

  it("keeps separators and line breaks inside the quotes", () => {
    expect(csvField("a,b;c")).toBe('"a,b;c"');
    expect(csvField("line 1\r\nline 2\nline 3")).toBe('"line 1\r\nline 2\nline 3"');
  });

  it("neutralises before quoting, also a formula that hides behind a quote character", () => {
    expect(csvField('=HYPERLINK("http://evil.test","click")')).toBe('"\'=HYPERLINK(""http://evil.test"",""click"")"');
    expect(csvField(-5)).toBe('"\'-5"');
  });
});

describe("csvLine and dialects", () => {
  it("uses commas and no byte-order mark in English, semicolons and a BOM in German", () => {
    expect(english).toEqual({ separator: ",", bom: false });
    expect(german).toEqual({ separator: ";", bom: true });
    expect(csvDialectFor("fr")).toEqual(english);
    expect(UTF8_BOM).toBe("\uFEFF");
  });

  it("ends every line with CRLF and separates fields with the dialect's separator", () => {
    expect(csvLine(["a", null, 3], english)).toBe('"a","","3"\r\n');
    expect(csvLine(["a", null, 3], german)).toBe('"a";"";"3"\r\n');
  });

  it("reads back as the same values, neutralised, whatever the text (seeded random check)", () => {
    let seed = 20260131;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const alphabet = ['"', ",", ";", "\r", "\n", "\t", "=", "+", "-", "@", "'", " ", "a", "Ä", "ß", "😀", "\u001f"];
    for (const dialect of [english, german]) {
      for (let run = 0; run < 300; run++) {
        const values = Array.from({ length: 1 + Math.floor(random() * 5) }, () =>
          Array.from({ length: Math.floor(random() * 8) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(""),
        );
        const [row] = parseCsv(csvLine(values, dialect), dialect.separator);
        expect(row).toEqual(values.map(neutraliseFormula));
        for (const cell of row!) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});
