import { describe, expect, it } from "vitest";
import { passesLuhn, redactText } from "./redaction";

describe("transcript redaction (docs/product/agents.md#privacy)", () => {
  it("hides card numbers that pass the Luhn check, however they are grouped, and leaves other digit runs", () => {
    const text = "Card 4242 4242 4242 4242, or 4000-0566-5566-5556; order 1234567890123; call +1 416 555 0100";
    expect(redactText(text, { cards: true, emails: false })).toBe("Card [card], or [card]; order 1234567890123; call +1 416 555 0100");
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("1234567890123")).toBe(false);
  });

  it("hides email addresses when asked, and nothing when no rule is on", () => {
    const text = "Write to jane.doe+vip@mail.example.co.uk about 4242424242424242";
    expect(redactText(text, { cards: false, emails: true })).toBe("Write to [email] about 4242424242424242");
    expect(redactText(text, { cards: false, emails: false })).toBe(text);
  });
});
