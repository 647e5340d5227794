import { describe, expect, it } from "vitest";
import { classifyContact, createContactClassifier, summarise, type ClassifiableContact } from "./prelaunch";

const window = { days: [1, 2, 3, 4, 5], startMinute: 9 * 60, endMinute: 17 * 60 };
// Monday 9 March 2026, 15:00 UTC: 11:00 in Toronto and New York, 16:00 in London, 08:00 in Los Angeles, Tuesday 02:00 in Sydney.
const at = new Date("2026-03-09T15:00:00Z");
let sequence = 0;
const contact = (phone: string, fields: Partial<ClassifiableContact> = {}): ClassifiableContact => ({ id: `c${(sequence += 1)}`, phone, timeZone: null, optedOut: false, ...fields });

describe("pre-launch classification", () => {
  it("calls valid, new, opted-in numbers whose local time is inside the window", () => {
    const classifier = createContactClassifier({ window, tenantTimeZone: "America/Toronto", at });
    expect(classifier.classify(contact("+14165550123", { timeZone: "America/Toronto" }))).toEqual({ action: "call", e164: "+14165550123" });
    expect(classifier.classify(contact("+442079460123", { timeZone: "Europe/London" }))).toEqual({ action: "call", e164: "+442079460123" });
  });

  it("skips by the contact's own clock, else by the tenant's", () => {
    const classifier = createContactClassifier({ window, tenantTimeZone: "America/Toronto", at });
    expect(classifier.classify(contact("+14155550176", { timeZone: "America/Los_Angeles" }))).toEqual({ action: "skip", reason: "outside-window" });
    expect(classifier.classify(contact("+61291234567", { timeZone: "Australia/Sydney" }))).toEqual({ action: "skip", reason: "outside-window" });
    expect(classifier.classify(contact("+447700900456", { timeZone: null }))).toEqual({ action: "call", e164: "+447700900456" });
    const berlinTenant = createContactClassifier({ window, tenantTimeZone: "Europe/Berlin", at: new Date("2026-03-09T17:00:00Z") });
    expect(berlinTenant.classify(contact("+447700900456", { timeZone: null }))).toEqual({ action: "skip", reason: "outside-window" });
  });

  it("names the first reason that applies: invalid, opted out, duplicate, outside the window", () => {
    const classifier = createContactClassifier({ window, tenantTimeZone: "America/Toronto", at: new Date("2026-03-09T03:00:00Z") });
    expect(classifier.classify(contact("12345", { optedOut: true }))).toEqual({ action: "skip", reason: "invalid" });
    expect(classifier.classify(contact("+14165550123", { optedOut: true }))).toEqual({ action: "skip", reason: "opted-out" });
    expect(classifier.classify(contact("(416) 555-0123"))).toEqual({ action: "skip", reason: "duplicate" });
    expect(classifier.classify(contact("+14165550199"))).toEqual({ action: "skip", reason: "outside-window" });
  });

  it("counts a number as a duplicate only after its first appearance in the list, in any notation", () => {
    const classifier = createContactClassifier({ window, tenantTimeZone: "America/Toronto", at });
    expect(classifier.classify(contact("+1 416 555 0123")).action).toBe("call");
    expect(classifier.classify(contact("4165550123"))).toEqual({ action: "skip", reason: "duplicate" });
    expect(classifier.classify(contact("1-416-555-0123"))).toEqual({ action: "skip", reason: "duplicate" });
    expect(classifyContact(contact("+14165550123"), true, { window, tenantTimeZone: "America/Toronto", at })).toEqual({ action: "skip", reason: "duplicate" });
    expect(classifyContact(contact("+14165550123"), false, { window, tenantTimeZone: "America/Toronto", at }).action).toBe("call");
  });

  it("sums up a list", () => {
    const contacts = [
      contact("+14165550101", { timeZone: "America/Toronto" }),
      contact("+14165550102", { timeZone: "America/Toronto" }),
      contact("+14165550101", { timeZone: "America/Toronto" }),
      contact("555"),
      contact("+14165550103", { optedOut: true }),
      contact("+14155550176", { timeZone: "America/Los_Angeles" }),
      contact("+493012345678", { timeZone: "Europe/Berlin" }),
    ];
    expect(summarise(contacts, { window, tenantTimeZone: "America/Toronto", at })).toEqual({
      total: 7,
      toCall: 3,
      skipped: 4,
      byReason: { invalid: 1, "opted-out": 1, duplicate: 1, "outside-window": 1 },
    });
  });
});
