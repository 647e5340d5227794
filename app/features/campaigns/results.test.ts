import { describe, expect, it } from "vitest";
import { DISPATCHING, INTERRUPTED } from "./activity-reasons";
import { classifyOutcome, showsResults, summariseResults, type OutcomeFacts, type ResultGroup } from "./results";

const facts = (overrides: Partial<OutcomeFacts>): OutcomeFacts => ({ kind: null, reason: null, callStatus: null, windowClosed: false, ...overrides });
const live = { live: true };
const over = { live: false };

describe("classifyOutcome", () => {
  it("reads a placed call by the status the platform reported", () => {
    expect(classifyOutcome(facts({ kind: "placed", callStatus: "ended" }), over)).toBe("answered");
    expect(classifyOutcome(facts({ kind: "placed", callStatus: "voicemail" }), over)).toBe("voicemail");
    expect(classifyOutcome(facts({ kind: "placed", callStatus: "missed" }), over)).toBe("no-answer");
    expect(classifyOutcome(facts({ kind: "placed", callStatus: "live" }), live)).toBe("pending");
    expect(classifyOutcome(facts({ kind: "placed", callStatus: "queued" }), live)).toBe("pending");
    // Placed, and the platform never reported the call: no result, rather than a guess.
    expect(classifyOutcome(facts({ kind: "placed" }), over)).toBe("pending");
  });

  it("keeps a call still being placed apart from a failure only while the run goes on", () => {
    expect(classifyOutcome(facts({ kind: "failed", reason: DISPATCHING }), live)).toBe("pending");
    expect(classifyOutcome(facts({ kind: "failed", reason: DISPATCHING }), over)).toBe("failed");
    expect(classifyOutcome(facts({ kind: "failed", reason: INTERRUPTED }), live)).toBe("failed");
    expect(classifyOutcome(facts({ kind: "failed", reason: null }), live)).toBe("failed");
  });

  it("names logged and skipped contacts as such", () => {
    expect(classifyOutcome(facts({ kind: "logged" }), over)).toBe("logged");
    expect(classifyOutcome(facts({ kind: "skipped", reason: "opted-out" }), live)).toBe("skipped");
  });

  it("says a contact not dealt with waits for its window only while the campaign runs and the window is closed", () => {
    expect(classifyOutcome(facts({ windowClosed: true }), live)).toBe("waiting");
    expect(classifyOutcome(facts({ windowClosed: false }), live)).toBe("not-called");
    expect(classifyOutcome(facts({ windowClosed: true }), over)).toBe("not-called");
  });
});

describe("summariseResults", () => {
  const group = (overrides: Partial<ResultGroup>): ResultGroup => ({
    ...facts({}),
    contacts: 1,
    appointments: 0,
    costMinor: 0,
    currency: null,
    ...overrides,
  });

  it("adds the groups up into figures, dialled counting every number the run called", () => {
    const results = summariseResults(
      [
        group({ kind: "placed", callStatus: "ended", contacts: 4, appointments: 2, costMinor: 120, currency: "USD" }),
        group({ kind: "placed", callStatus: "voicemail", contacts: 1, costMinor: 15, currency: "USD" }),
        group({ kind: "placed", callStatus: "missed", contacts: 2 }),
        group({ kind: "failed", contacts: 1 }),
        group({ kind: "logged", contacts: 3 }),
        group({ kind: "skipped", reason: "duplicate", contacts: 2 }),
        group({ windowClosed: true, contacts: 5 }),
        group({ windowClosed: false, contacts: 1 }),
        group({ kind: "placed", callStatus: "ended", contacts: 1, costMinor: 900, currency: "EUR" }),
      ],
      live,
    );
    expect(results.total).toBe(20);
    expect(results.dialled).toBe(12);
    expect(results.byOutcome).toEqual({
      answered: 5,
      voicemail: 1,
      "no-answer": 2,
      failed: 1,
      pending: 0,
      logged: 3,
      skipped: 2,
      waiting: 5,
      "not-called": 1,
    });
    expect(results.appointments).toBe(2);
    expect(results.cost).toEqual([
      { currency: "EUR", minor: 900 },
      { currency: "USD", minor: 135 },
    ]);
  });

  it("has nothing to say about an empty list", () => {
    const results = summariseResults([], over);
    expect(results).toMatchObject({ total: 0, dialled: 0, appointments: 0, cost: [] });
    expect(Object.values(results.byOutcome).every((count) => count === 0)).toBe(true);
  });

  it("shows results for running, paused and completed campaigns only", () => {
    expect(["draft", "scheduled", "running", "paused", "completed"].filter(showsResults)).toEqual(["running", "paused", "completed"]);
  });
});
