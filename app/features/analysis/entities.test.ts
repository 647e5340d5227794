import { describe, expect, it } from "vitest";
import { extractEntities, normalisePhoneNumber, parseAmount } from "./entities";

describe("emails", () => {
  it("finds addresses in English and German sentences, lower-cased and once each", () => {
    const { emails } = extractEntities("Send it to Jane.Doe@Example.com. Or jane.doe@example.com, or an die max.mustermann@beispiel-firma.de bitte.");
    expect(emails).toEqual(["jane.doe@example.com", "max.mustermann@beispiel-firma.de"]);
  });

  it("does not take the full stop after an address", () => {
    expect(extractEntities("My address is anna@firma.co.uk.").emails).toEqual(["anna@firma.co.uk"]);
  });
});

describe("phone numbers", () => {
  it.each([
    ["Call me on +1 (416) 555-0101 please.", "+14165550101"],
    ["My number is 416-555-0101.", "+14165550101"],
    ["It's 416.555.0101", "+14165550101"],
    ["Sie erreichen mich unter +49 30 12345678.", "+493012345678"],
    ["Meine Nummer: +49 (0)171 2345678", "+491712345678"],
    ["Rufen Sie 0049 171 2345678 an", "+491712345678"],
  ])("%s → %s", (text, expected) => {
    expect(extractEntities(text).phoneNumbers).toEqual([expected]);
  });

  it("keeps a national German number as written, since its country is not known", () => {
    expect(extractEntities("Erreichbar unter 030 1234 5678 oder 0171/2345678.").phoneNumbers).toEqual(["030 1234 5678", "0171/2345678"]);
  });

  it("ignores numbers that are too short or too long, dates, amounts and order numbers", () => {
    const text = "Order number 12345678901, Kundennummer: 9876543210, PIN 12345, on 2026-03-04 10:30, 1.250.000,00 €, and 1234567890123456.";
    expect(extractEntities(text).phoneNumbers).toEqual([]);
  });

  it("lists each number once", () => {
    expect(extractEntities("416 555 0101, I repeat: (416) 555-0101").phoneNumbers).toEqual(["+14165550101"]);
  });

  it("normalises like toE164 when the number carries its country", () => {
    expect(normalisePhoneNumber("+44 7911 123456")).toBe("+447911123456");
    expect(normalisePhoneNumber("555 123 4567")).toBe("+15551234567");
    expect(normalisePhoneNumber("089 12345678")).toBe("089 12345678");
  });
});

describe("dates", () => {
  it("finds English dates and weekdays", () => {
    const text = "I'll ship it on 2026-03-04 or March 3, then call you next Tuesday. The 4th of May 2026 works, or 12/24/2026. Tomorrow is fine too.";
    expect(extractEntities(text).dates).toEqual(["2026-03-04", "March 3", "next Tuesday", "4th of May 2026", "12/24/2026", "Tomorrow"]);
  });

  it("finds German dates and weekdays", () => {
    const text = "Der Termin ist am 3. März, die Rechnung kam am 03.04.2026. Passt es nächsten Dienstag oder morgen? Guten Morgen übrigens.";
    expect(extractEntities(text).dates).toEqual(["3. März", "03.04.2026", "nächsten Dienstag", "morgen"]);
  });

  it("keeps a weekday and its date together", () => {
    expect(extractEntities("See you Tuesday, March 3rd.").dates).toEqual(["Tuesday, March 3rd"]);
    expect(extractEntities("Also am Dienstag, den 3. März 2026.").dates).toEqual(["Dienstag, den 3. März 2026"]);
  });

  it("does not take prices or impossible days for dates", () => {
    expect(extractEntities("It costs 3.50. Version 2.45.1 and 40.13.2026.").dates).toEqual([]);
  });
});

describe("amounts", () => {
  it("reads English notation", () => {
    const { amounts } = extractEntities("That's $1,250.50 in total, plus 40 euros and £3; USD 19.99 was the fee.");
    expect(amounts).toEqual([
      { value: 1250.5, currency: "USD", text: "$1,250.50" },
      { value: 40, currency: "EUR", text: "40 euros" },
      { value: 3, currency: "GBP", text: "£3" },
      { value: 19.99, currency: "USD", text: "USD 19.99" },
    ]);
  });

  it("reads German notation", () => {
    const { amounts } = extractEntities("Die Rechnung über 1.250,50 € ist falsch, es sollten EUR 40 sein, also 12,5 Euro Abschlag und 20 Franken.");
    expect(amounts).toEqual([
      { value: 1250.5, currency: "EUR", text: "1.250,50 €" },
      { value: 40, currency: "EUR", text: "EUR 40" },
      { value: 12.5, currency: "EUR", text: "12,5 Euro" },
      { value: 20, currency: "CHF", text: "20 Franken" },
    ]);
  });

  it("needs a currency: a bare number is not an amount", () => {
    expect(extractEntities("I called 3 times about 250 units.").amounts).toEqual([]);
  });

  it.each([
    ["1,250.50", 1250.5],
    ["1.250,50", 1250.5],
    ["1.250", 1250],
    ["1,250", 1250],
    ["40,5", 40.5],
    ["40.00", 40],
    ["1.000.000", 1000000],
    ["19", 19],
  ])("parses %s as %d", (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });
});

it("returns empty lists when nothing is mentioned", () => {
  expect(extractEntities("Hello, how are you?")).toEqual({ emails: [], phoneNumbers: [], dates: [], amounts: [] });
});
