import { describe, expect, it } from "vitest";
import { canonicalKey, describeData, humanizeKey, keyWords, languageName, MAX_DEPTH, type DataEntry, type DataPresentation } from "./extracted-data";

const english: DataPresentation = {
  language: "en",
  timeZone: "America/Toronto",
  labels: { callbackTime: "Callback time", confirmed: "Confirmed", language: "Language", name: "Name" },
  yes: "Yes",
  no: "No",
  formatPhone: (value) => (value === "+4930123456" ? "+49 30 123456" : value),
};
const german: DataPresentation = {
  ...english,
  language: "de",
  timeZone: "Europe/Berlin",
  labels: { callbackTime: "Rückrufzeit", confirmed: "Bestätigt" },
  yes: "Ja",
  no: "Nein",
};

/** label → text of each top-level entry (kind for nested ones). */
const read = (entries: DataEntry[]) =>
  Object.fromEntries(entries.map((entry) => [entry.label, entry.value.kind === "text" ? entry.value.text : entry.value.kind]));

describe("field names in words", () => {
  it.each([
    ["callbackTime", ["callback", "time"], "callbackTime", "Callback time"],
    ["callback_time", ["callback", "time"], "callbackTime", "Callback time"],
    ["Callback-Time", ["callback", "time"], "callbackTime", "Callback time"],
    ["contractID", ["contract", "id"], "contractId", "Contract ID"],
    ["HTTPStatus", ["http", "status"], "httpStatus", "Http status"],
    ["lead score", ["lead", "score"], "leadScore", "Lead score"],
    ["address2", ["address2"], "address2", "Address2"],
    ["größeInCm", ["größe", "in", "cm"], "größeInCm", "Größe in cm"],
  ])("%s", (key, words, canonical, label) => {
    expect(keyWords(key)).toEqual(words);
    expect(canonicalKey(key)).toBe(canonical);
    expect(humanizeKey(key)).toBe(label);
  });

  it("uses the translated label of a known field, whatever its spelling", () => {
    expect(describeData({ callback_time: "soon", CONFIRMED: true }, german).map((entry) => entry.label)).toEqual(["Rückrufzeit", "Bestätigt"]);
  });
});

describe("values in the user's language", () => {
  it("turns the raw payload of the walkthrough into something a person reads", () => {
    const data = { name: "Anna Schmidt", company: "Schmidt KG", language: "de", callbackTime: "2026-11-24T10:15", confirmed: false };
    expect(read(describeData(data, english))).toEqual({
      Name: "Anna Schmidt",
      Company: "Schmidt KG",
      Language: "German",
      "Callback time": expect.stringMatching(/^Nov 24, 2026, 10:15\sAM$/),
      Confirmed: "No",
    });
    expect(read(describeData(data, german))).toEqual({
      Name: "Anna Schmidt",
      Company: "Schmidt KG",
      Language: "Deutsch",
      Rückrufzeit: "24.11.2026, 10:15",
      Bestätigt: "Nein",
    });
  });

  it("shows a wall-clock time as it stands and an instant in the tenant's zone, both marked up for <time>", () => {
    const [wall, instant, offset] = describeData({ at: "2026-11-24T10:15", seen: "2026-11-24T10:15:00Z", sent: "2026-11-24T10:15:00+01:00" }, german);
    expect(wall!.value).toEqual({ kind: "text", text: "24.11.2026, 10:15", dateTime: "2026-11-24T10:15" });
    expect(instant!.value).toEqual({ kind: "text", text: "24.11.2026, 11:15", dateTime: "2026-11-24T10:15:00Z" });
    expect(offset!.value).toMatchObject({ text: "24.11.2026, 10:15" });
  });

  it("shows a date without shifting it to another day in any zone", () => {
    const [entry] = describeData({ birthday: "2026-03-01" }, { ...english, timeZone: "Pacific/Honolulu" });
    expect(entry!.value).toEqual({ kind: "text", text: "Mar 1, 2026", dateTime: "2026-03-01" });
  });

  it("leaves text that only looks like a date as it was sent", () => {
    expect(read(describeData({ a: "2026-02-30", b: "2026-13-01T10:00", c: "next Tuesday", d: "2026-11-24T25:00" }, english))).toEqual({
      A: "2026-02-30",
      B: "2026-13-01T10:00",
      C: "next Tuesday",
      D: "2026-11-24T25:00",
    });
  });

  it("writes Yes/No, groups numbers, and keeps identifiers and years as they are", () => {
    expect(read(describeData({ renew: true, budget: 12500.5, attendees: 4, invoiceNumber: 20261234, year: 2026, zip: 10115 }, english))).toEqual({
      Renew: "Yes",
      Budget: "12,500.5",
      Attendees: "4",
      "Invoice number": "20261234",
      Year: "2026",
      Zip: "10115",
    });
    expect(read(describeData({ renew: true, budget: 12500.5 }, german))).toEqual({ Renew: "Ja", Budget: "12.500,5" });
  });

  it("names languages, and keeps a code it does not know", () => {
    expect(languageName("de", "en")).toBe("German");
    expect(languageName("en-GB", "de")).toBe("Englisch (Vereinigtes Königreich)");
    expect(languageName("pt_BR", "en")).toBe("Brazilian Portuguese");
    expect(languageName("Deutsch", "en")).toBe("Deutsch");
    expect(read(describeData({ preferredLanguage: "fr", lang: "xx-not-a-language!" }, german))).toEqual({
      "Preferred language": "Französisch",
      Lang: "xx-not-a-language!",
    });
  });

  it("formats phone numbers for display: E.164 anywhere, other spellings in phone fields only", () => {
    expect(
      read(
        describeData(
          { phone: "+4930123456", reference: "+4930123456", note: "030 123456", mobile: "030 123456" },
          { ...english, formatPhone: (v) => `[${v}]` },
        ),
      ),
    ).toEqual({
      Phone: "[+4930123456]",
      Reference: "[+4930123456]",
      Note: "030 123456",
      Mobile: "[030 123456]",
    });
    expect(read(describeData({ phone: "+4930123456" }, { ...english, formatPhone: undefined }))).toEqual({ Phone: "+4930123456" });
  });
});

describe("nested values", () => {
  it("shows objects as nested entries and lists as lists, leaving out what is empty", () => {
    const entries = describeData(
      {
        contact: { first_name: "Anna", email: "", callbackTime: "2026-11-24T10:15" },
        topics: ["billing", "", null, true],
        empty: {},
        none: [],
        blank: " ",
        nothing: null,
      },
      english,
    );
    expect(entries.map((entry) => entry.key)).toEqual(["contact", "topics"]);
    expect(entries[0]!.value).toEqual({
      kind: "entries",
      entries: [
        { key: "first_name", label: "First name", value: { kind: "text", text: "Anna" } },
        {
          key: "callbackTime",
          label: "Callback time",
          value: { kind: "text", text: expect.stringMatching(/^Nov 24, 2026, 10:15\sAM$/), dateTime: "2026-11-24T10:15" },
        },
      ],
    });
    expect(entries[1]!.value).toEqual({
      kind: "list",
      items: [
        { kind: "text", text: "billing" },
        { kind: "text", text: "Yes" },
      ],
    });
  });

  it(`nests ${MAX_DEPTH} levels deep and shows anything deeper as compact JSON`, () => {
    const [a] = describeData({ a: { b: { c: { d: { e: 1 } } } } }, english);
    const inner = (value: unknown, key: string) => (value as { entries: DataEntry[] }).entries.find((entry) => entry.key === key)!.value;
    const b = inner(a!.value, "b");
    const c = inner(b, "c");
    expect([a!.value.kind, b.kind, c.kind]).toEqual(["entries", "entries", "entries"]);
    expect(inner(c, "d")).toEqual({ kind: "text", text: '{"e":1}' });
    const [list] = describeData({ list: [[["deep"]]] }, english);
    expect(list!.value).toEqual({ kind: "list", items: [{ kind: "list", items: [{ kind: "list", items: [{ kind: "text", text: "deep" }] }] }] });
  });

  it("has nothing to show for anything but an object", () => {
    for (const value of [null, undefined, "text", 42, ["a"], true]) expect(describeData(value, english)).toEqual([]);
  });
});
