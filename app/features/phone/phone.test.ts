import { describe, expect, it } from "vitest";
import { isValidPhoneNumber, toE164 } from "./phone";

describe("toE164 (spec section 5)", () => {
  it.each([
    ["555 123 4567", "+15551234567"],
    ["(416) 555-0101", "+14165550101"],
    ["15551234567", "+15551234567"],
    ["447911123456", "+447911123456"],
    ["+44 7911 123456", "+447911123456"],
    ["+49 30 1234567", "+49301234567"],
  ])("%s → %s", (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });

  it.each(["", "12345", "25551234567", "+123456789", "1234567890123456"])("rejects %s", (input) => {
    expect(toE164(input)).toBeNull();
  });
});

describe("isValidPhoneNumber", () => {
  it("accepts numbers that normalise and are possible", () => {
    expect(isValidPhoneNumber("+1 416 555 0101")).toBe(true);
    expect(isValidPhoneNumber("+49 30 123456789")).toBe(true);
  });
  it("rejects numbers that do not normalise", () => {
    expect(isValidPhoneNumber("12345")).toBe(false);
    expect(isValidPhoneNumber("call me")).toBe(false);
  });
});
