import { describe, expect, it } from "vitest";
import { extractBuiltin, keywordsOf, yesOrNo } from "./builtin-extractor";
import { resolveSpokenDate } from "./spoken-dates";
import type { TemplateDefinition, TemplateField } from "./template-definition";

const field = (overrides: Partial<TemplateField> & Pick<TemplateField, "key" | "name" | "type">): TemplateField => ({
  description: "",
  required: false,
  options: [],
  ...overrides,
});

const definition = (fields: TemplateField[], criteria: TemplateDefinition["criteria"] = []): TemplateDefinition => ({
  summaryInstruction: "",
  fields,
  criteria,
});

// Wednesday 2026-03-04, 10:00 in Berlin.
const callDate = new Date("2026-03-04T09:00:00Z");
const run = (transcript: Array<[string, string, number?]>, def: TemplateDefinition) =>
  extractBuiltin({
    transcript: transcript.map(([speaker, text, startSeconds]) => ({ speaker, text, ...(startSeconds === undefined ? {} : { startSeconds }) })),
    definition: def,
    callDate,
    timeZone: "Europe/Berlin",
  });

describe("the built-in extractor (docs/product/post-call.md#built-in-extraction)", () => {
  it("reads a yes/no from the customer's answer to the agent's question about it, with where it was said", () => {
    const result = run(
      [
        ["agent", "Can you confirm the appointment on Friday?", 12],
        ["customer", "Yes, that works for me.", 15],
      ],
      definition([field({ key: "confirmed", name: "Appointment confirmed", type: "yes-no" })]),
    );
    expect(result.fields[0]).toEqual({ key: "confirmed", found: true, value: true, evidence: "Yes, that works for me.", atSeconds: 15 });
  });

  it("reads a no, and a negated statement by the customer, as no", () => {
    const asked = run(
      [
        ["agent", "Do you want to confirm the booking?"],
        ["customer", "No, not yet."],
      ],
      definition([field({ key: "confirmed", name: "Booking confirmed", type: "yes-no" })]),
    );
    expect(asked.fields[0]).toMatchObject({ found: true, value: false });
    const said = run(
      [
        ["agent", "How can I help?"],
        ["customer", "I have not confirmed the booking, sorry."],
      ],
      definition([field({ key: "confirmed", name: "Booking confirmed", type: "yes-no" })]),
    );
    expect(said.fields[0]).toMatchObject({ found: true, value: false });
  });

  it("answers German yes and no", () => {
    expect(yesOrNo("Ja, gerne.", "de")).toBe(true);
    expect(yesOrNo("Nein, danke.", "de")).toBe(false);
    expect(yesOrNo("Wie bitte?", "de")).toBeNull();
  });

  it("reads an amount near the field's words, and a bare number when no amount is said", () => {
    const result = run(
      [
        ["agent", "What budget do you have in mind?"],
        ["customer", "Around 1.250,50 Euro per month."],
        ["agent", "And how many rooms?"],
        ["customer", "We have 3 rooms."],
      ],
      definition([field({ key: "budget", name: "Budget", type: "number" }), field({ key: "rooms", name: "Rooms", type: "number" })]),
    );
    expect(result.fields.map((f) => f.value)).toEqual([1250.5, 3]);
  });

  it("takes the only date of the call, resolved from the call's day; two different dates and no hint are not found", () => {
    const one = run(
      [
        ["agent", "When should we come?"],
        ["customer", "Next Tuesday would be good."],
      ],
      definition([field({ key: "visit", name: "Visit day", type: "date" })]),
    );
    expect(one.fields[0]).toMatchObject({ found: true, value: "2026-03-10" });
    const two = run(
      [
        ["agent", "Hello"],
        ["customer", "Either Monday or 12.03.2026."],
      ],
      definition([field({ key: "visit", name: "Visit day", type: "date" })]),
    );
    expect(two.fields[0]).toMatchObject({ found: false, value: null });
  });

  it("matches exactly one option the customer names; none or the agent's list is not found", () => {
    const def = definition([field({ key: "plan", name: "Plan", type: "choice", options: ["Basic", "Premium"] })]);
    expect(
      run(
        [
          ["agent", "Which plan, Basic or Premium?"],
          ["customer", "Premium please."],
        ],
        def,
      ).fields[0],
    ).toMatchObject({ found: true, value: "Premium" });
    expect(
      run(
        [
          ["agent", "We offer Basic and Premium."],
          ["customer", "I will think about it."],
        ],
        def,
      ).fields[0],
    ).toMatchObject({ found: false });
  });

  it("takes text as the customer's answer to the agent's question about it, and nothing else", () => {
    const def = definition([field({ key: "reason", name: "Reason for calling", type: "text" })]);
    expect(
      run(
        [
          ["agent", "What is the reason for your call?"],
          ["customer", "My heating is broken."],
        ],
        def,
      ).fields[0],
    ).toMatchObject({ found: true, value: "My heating is broken." });
    expect(run([["customer", "Hello, my heating is broken."]], def).fields[0]).toMatchObject({ found: false });
  });

  it("judges a criterion by its field's rule and leaves the others unknown", () => {
    const result = run(
      [
        ["agent", "Can you confirm the appointment?"],
        ["customer", "Yes."],
      ],
      definition(
        [field({ key: "confirmed", name: "Appointment confirmed", type: "yes-no" })],
        [
          { key: "booked", name: "Booked", description: "", rule: { field: "confirmed", check: "is-yes" } },
          { key: "friendly", name: "Friendly", description: "The agent was friendly", rule: null },
        ],
      ),
    );
    expect(result.criteria).toEqual([
      { key: "booked", verdict: "met", reason: "builtin.ruleYes" },
      { key: "friendly", verdict: "unknown", reason: "builtin.needsModel" },
    ]);
  });

  it("finds field words by their stem and without function words", () => {
    expect(keywordsOf({ name: "Is the appointment confirmed?", description: "" })).toEqual(["appoin", "confir"]);
    expect(keywordsOf({ name: "Q1", description: "The customer's budget" })).toEqual(["custom", "budg"]);
  });
});

describe("spoken dates", () => {
  const resolve = (said: string, language: "en" | "de" = "en") => resolveSpokenDate(said, callDate, "Europe/Berlin", language);
  it("reads relative days from the call's day in the tenant's zone", () => {
    expect(resolve("tomorrow")).toBe("2026-03-05");
    expect(resolve("übermorgen", "de")).toBe("2026-03-06");
    expect(resolve("Wednesday")).toBe("2026-03-11");
    expect(resolve("next week")).toBeNull();
  });
  it("reads calendar dates in both notations", () => {
    expect(resolve("3. März", "de")).toBe("2026-03-03");
    expect(resolve("March 20th, 2027")).toBe("2027-03-20");
    expect(resolve("04/05/2026")).toBe("2026-04-05");
    expect(resolve("04/05/2026", "de")).toBe("2026-05-04");
    expect(resolve("31.02.2026")).toBeNull();
    // Without a year, a day more than half a year back is next year's.
    expect(resolve("1. Februar", "de")).toBe("2026-02-01");
    expect(resolve("1.8.", "de")).toBe("2026-08-01");
  });
  it("uses the calendar date after a weekday", () => {
    expect(resolve("Tuesday, March 10")).toBe("2026-03-10");
  });
});

describe("a question that only mentions the field in passing", () => {
  it("does not take the answer to another question as the field's yes", () => {
    const def = definition([field({ key: "renewal", name: "Renewal confirmed", type: "yes-no" })]);
    const result = run(
      [
        ["agent", "Hi, this is Ben about your Spring Renewal. Do you have a minute?"],
        ["customer", "Sure, I was expecting your call."],
        ["agent", "Shall I go ahead and renew it for another twelve months?", 24],
        ["customer", "Yes, please go ahead.", 33],
      ],
      def,
    );
    expect(result.fields[0]).toMatchObject({ found: true, value: true, evidence: "Yes, please go ahead.", atSeconds: 33 });
  });
});
