import { describe, expect, it } from "vitest";
import { classifyContact, createContactClassifier, decideContact, launchBlocker, summarise, type ClassifiableContact } from "./prelaunch";

const window = { days: [1, 2, 3, 4, 5], startMinute: 9 * 60, endMinute: 17 * 60 };
// Monday 9 March 2026, 15:00 UTC: 11:00 in Toronto and New York, 16:00 in London, 08:00 in Los Angeles, Tuesday 02:00 in Sydney.
const at = new Date("2026-03-09T15:00:00Z");
let sequence = 0;
const contact = (phone: string, fields: Partial<ClassifiableContact> = {}): ClassifiableContact => ({
  id: `c${(sequence += 1)}`,
  phone,
  timeZone: null,
  optedOut: false,
  ...fields,
});

describe("pre-launch classification", () => {
  it("calls valid, new, opted-in numbers whose local time is inside the window", () => {
    const classifier = createContactClassifier({ window, tenantTimeZone: "America/Toronto", at });
    expect(classifier.classify(contact("+14165550123", { timeZone: "America/Toronto" }))).toEqual({ action: "call", e164: "+14165550123" });
    expect(classifier.classify(contact("+442079460123", { timeZone: "Europe/London" }))).toEqual({ action: "call", e164: "+442079460123" });
  });

  it("lets a contact outside the window wait for it to open on the contact's own clock, else the tenant's", () => {
    const classifier = createContactClassifier({ window, tenantTimeZone: "America/Toronto", at });
    // 08:00 in Los Angeles: 09:00 there is 16:00 UTC. Tuesday 02:00 in Sydney: 09:00 there is 22:00 UTC on Monday.
    expect(classifier.classify(contact("+14155550176", { timeZone: "America/Los_Angeles" }))).toEqual({
      action: "wait",
      opensAt: new Date("2026-03-09T16:00:00Z"),
    });
    expect(classifier.classify(contact("+61291234567", { timeZone: "Australia/Sydney" }))).toEqual({
      action: "wait",
      opensAt: new Date("2026-03-09T22:00:00Z"),
    });
    expect(classifier.classify(contact("+447700900456", { timeZone: null }))).toEqual({ action: "call", e164: "+447700900456" });
    // 18:00 on Monday in Berlin: Tuesday 09:00.
    const berlinTenant = createContactClassifier({ window, tenantTimeZone: "Europe/Berlin", at: new Date("2026-03-09T17:00:00Z") });
    expect(berlinTenant.classify(contact("+447700900456", { timeZone: null }))).toEqual({ action: "wait", opensAt: new Date("2026-03-10T08:00:00Z") });
  });

  it("skips for the window only when it opens too late for the run, or never", () => {
    const sydney = contact("+61291234567", { timeZone: "Australia/Sydney" });
    expect(decideContact(sydney, false, { window, tenantTimeZone: "America/Toronto", at, deadline: new Date("2026-03-09T22:00:00Z") })).toEqual({
      action: "skip",
      reason: "outside-window",
    });
    expect(decideContact(sydney, false, { window, tenantTimeZone: "America/Toronto", at, deadline: new Date("2026-03-09T22:01:00Z") }).action).toBe("wait");
    expect(decideContact(sydney, false, { window: { ...window, days: [] }, tenantTimeZone: "America/Toronto", at })).toEqual({
      action: "skip",
      reason: "outside-window",
    });
    // The instant alone, as the seeded history was judged: outside is outside.
    expect(classifyContact(sydney, false, { window, tenantTimeZone: "America/Toronto", at })).toEqual({ action: "skip", reason: "outside-window" });
  });

  it("names the first reason that applies: invalid, opted out, duplicate, then the window", () => {
    const classifier = createContactClassifier({ window, tenantTimeZone: "America/Toronto", at: new Date("2026-03-09T03:00:00Z") });
    expect(classifier.classify(contact("12345", { optedOut: true }))).toEqual({ action: "skip", reason: "invalid" });
    expect(classifier.classify(contact("+14165550123", { optedOut: true }))).toEqual({ action: "skip", reason: "opted-out" });
    expect(classifier.classify(contact("(416) 555-0123"))).toEqual({ action: "skip", reason: "duplicate" });
    expect(classifier.classify(contact("+14165550199")).action).toBe("wait");
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
      waiting: 1,
      skipped: 3,
      byReason: { invalid: 1, "opted-out": 1, duplicate: 1, "outside-window": 0 },
      nextWindowAt: "2026-03-09T16:00:00.000Z",
    });
  });

  it("refuses a launch when nobody is or will become callable, and says why", () => {
    const days = window;
    expect(launchBlocker({ total: 0, toCall: 0, waiting: 0 }, days)).toBe("empty-list");
    expect(launchBlocker({ total: 3, toCall: 0, waiting: 0 }, { days: [] })).toBe("no-weekday");
    expect(launchBlocker({ total: 3, toCall: 0, waiting: 0 }, days)).toBe("nobody-callable");
    expect(launchBlocker({ total: 3, toCall: 0, waiting: 2 }, days)).toBeNull();
    expect(launchBlocker({ total: 3, toCall: 1, waiting: 0 }, days)).toBeNull();
  });
});
