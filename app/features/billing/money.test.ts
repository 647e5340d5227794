import { describe, expect, it } from "vitest";
import { formatMoney } from "~/i18n/format";
import { centsToInput, parseAmountToCents } from "./money";

describe("amounts typed by a user", () => {
  it.each([
    ["50", "en", 5000],
    ["50.5", "en", 5050],
    ["50.05", "en", 5005],
    ["1,234.50", "en", 123450],
    ["1,234", "en", 123400],
    ["$ 75", "en", 7500],
    ["0.01", "en", 1],
    ["50,5", "de", 5050],
    ["1.234,50", "de", 123450],
    ["1.234", "de", 123400],
    ["50.5", "de", 5050],
    ["12,34 €", "de", 1234],
    ["10.000.000", "de", 1000000000],
  ])("%s in %s is %i cents", (input, language, cents) => {
    expect(parseAmountToCents(input, language)).toEqual({ cents });
  });

  it.each([
    ["", "amountRequired"],
    ["  ", "amountRequired"],
    ["abc", "amountInvalid"],
    ["-5", "amountInvalid"],
    ["5e3", "amountInvalid"],
    ["12,34,5", "amountInvalid"],
    ["1.2.3", "amountInvalid"],
    [".50", "amountInvalid"],
    ["50.001", "amountTooPrecise"],
    ["50.123", "amountTooPrecise"],
  ])("%j is refused as %s (English)", (input, problem) => {
    expect(parseAmountToCents(input, "en")).toEqual({ problem });
  });

  it("reads three decimals after the German decimal mark as too precise, not as grouping", () => {
    expect(parseAmountToCents("10,000", "de")).toEqual({ problem: "amountTooPrecise" });
    expect(parseAmountToCents("10,000", "en")).toEqual({ cents: 1000000 });
  });

  it("shows cents back in the user's decimal mark", () => {
    expect(centsToInput(5000, "en")).toBe("50.00");
    expect(centsToInput(123456, "de")).toBe("1234,56");
  });
});

describe("money in the user's language", () => {
  it("puts the symbol and marks where each language does", () => {
    expect(formatMoney(123450, "USD", "en")).toBe("$1,234.50");
    expect(formatMoney(123450, "USD", "de").replace(/\u00a0/g, " ")).toBe("1.234,50 $");
    expect(formatMoney(-500, "USD", "en")).toBe("-$5.00");
    expect(formatMoney(-500, "USD", "de").replace(/\u00a0/g, " ")).toBe("-5,00 $");
  });
});
