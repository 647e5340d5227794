import { describe, expect, it } from "vitest";
import { assignKeys, keyFromName, type TemplateDefinition } from "./template-definition";
import { definitionFromForm, modelExtractionSchema, templateFormSchema } from "./template-schema";

const row = (overrides: Record<string, unknown>) => ({ name: "Field", type: "text", description: "", required: false, options: "", ...overrides });

describe("the template form (docs/product/post-call.md#templates)", () => {
  it("needs a name and at least one field, and says which row is wrong", () => {
    const result = templateFormSchema().safeParse({
      name: "",
      fields: [row({ name: "Plan", type: "choice", options: "Basic" }), row({ name: "plan" })],
      criteria: [{ name: "Booked", ruleField: "gone", ruleCheck: "is-yes" }],
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual({
      name: "validation.nameRequired",
      "fields.0.options": "validation.optionsRequired",
      "fields.1.name": "validation.fieldNameTaken",
      "criteria.0.ruleField": "validation.ruleFieldUnknown",
    });
    expect(templateFormSchema().safeParse({ name: "T", fields: [] }).error?.issues[0]?.message).toBe("validation.fieldsRequired");
  });

  it("lets a rule follow a saved field, and 'is yes' only a yes/no one", () => {
    const saved = [
      { key: "confirmed", type: "yes-no" as const },
      { key: "notes", type: "text" as const },
    ];
    const form = (check: string, field: string) => ({
      name: "T",
      fields: [row({ key: "confirmed", name: "Confirmed", type: "yes-no" }), row({ key: "notes", name: "Notes" })],
      criteria: [{ name: "Booked", ruleField: field, ruleCheck: check }],
    });
    expect(templateFormSchema(saved).safeParse(form("is-yes", "confirmed")).success).toBe(true);
    expect(templateFormSchema(saved).safeParse(form("is-yes", "notes")).error?.issues[0]).toMatchObject({
      path: ["criteria", 0, "ruleCheck"],
      message: "validation.ruleNeedsYesNo",
    });
  });

  it("keeps the keys of existing rows and makes unique ones for new rows", () => {
    const parsed = templateFormSchema([{ key: "plan", type: "choice" }]).parse({
      name: " Sales ",
      fields: [row({ key: "plan", name: "Tarif", type: "choice", options: "Basic\nPremium, Premium" }), row({ name: "Plan" }), row({ name: "Größe" })],
    });
    const { name, definition } = definitionFromForm(parsed);
    expect(name).toBe("Sales");
    expect(definition.fields.map((field) => [field.key, field.options])).toEqual([
      ["plan", ["Basic", "Premium"]],
      ["plan_2", []],
      ["groesse", []],
    ]);
    expect(keyFromName("Appointment confirmed?")).toBe("appointment_confirmed");
    expect(assignKeys([{ name: "A" }, { name: "a" }]).map((r) => r.key)).toEqual(["a", "a_2"]);
  });
});

describe("a language model's answer (docs/product/post-call.md#language-model)", () => {
  const definition: TemplateDefinition = {
    summaryInstruction: "One sentence.",
    fields: [
      { key: "plan", name: "Plan", type: "choice", description: "", required: true, options: ["Basic", "Premium"] },
      { key: "budget", name: "Budget", type: "number", description: "", required: false, options: [] },
      { key: "day", name: "Day", type: "date", description: "", required: false, options: [] },
    ],
    criteria: [{ key: "booked", name: "Booked", description: "", rule: null }],
  };
  const answer = {
    summary: "Wants Premium.",
    fields: {
      plan: { found: true, value: "premium", evidence: "Premium please" },
      budget: { found: false, value: null },
      day: { found: true, value: "2026-03-10" },
    },
    criteria: { booked: { verdict: "met", reason: "A time was agreed." } },
  };

  it("is taken when every field and criterion fits, with a choice spelt as the template spells it", () => {
    const parsed = modelExtractionSchema(definition).parse(answer);
    expect(parsed.fields).toEqual([
      { key: "plan", found: true, value: "Premium", evidence: "Premium please", atSeconds: null },
      { key: "budget", found: false, value: null, evidence: null, atSeconds: null },
      { key: "day", found: true, value: "2026-03-10", evidence: null, atSeconds: null },
    ]);
    expect(parsed.criteria).toEqual([{ key: "booked", verdict: "met", reason: "A time was agreed." }]);
  });

  it("is refused when a field is missing, a value has the wrong type, a choice is not an option or a date is not a day", () => {
    const schema = modelExtractionSchema(definition);
    const { budget: _dropped, ...withoutBudget } = answer.fields;
    expect(schema.safeParse({ ...answer, fields: withoutBudget }).success).toBe(false);
    expect(schema.safeParse({ ...answer, fields: { ...answer.fields, budget: { found: true, value: "a lot" } } }).success).toBe(false);
    expect(schema.safeParse({ ...answer, fields: { ...answer.fields, plan: { found: true, value: "Gold" } } }).success).toBe(false);
    expect(schema.safeParse({ ...answer, fields: { ...answer.fields, day: { found: true, value: "2026-02-30" } } }).success).toBe(false);
    expect(schema.safeParse({ ...answer, criteria: {} }).success).toBe(false);
  });
});
