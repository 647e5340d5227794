import { parseWithZod } from "@conform-to/zod";
import { PLAN_FIELDS, type PlanFormReply, type PlanFormText } from "./plan-form";
import { planFormSchema, type PlanFormValues } from "./plan-schema";

/** Parses a posted plan form (read through readFormData); a refusal carries what was typed and the field errors. */
export function parsePlanForm(formData: FormData, language: string): { ok: true; value: PlanFormValues } | { ok: false; reply: PlanFormReply } {
  const submission = parseWithZod(formData, { schema: planFormSchema(language) });
  if (submission.status === "success") return { ok: true, value: submission.value };
  const values: PlanFormText = {
    ...(Object.fromEntries(PLAN_FIELDS.map((field) => [field, String(formData.get(field) ?? "")])) as Record<(typeof PLAN_FIELDS)[number], string>),
    recommended: formData.get("recommended") === "on",
  };
  const errors: PlanFormReply["errors"] = {};
  for (const field of PLAN_FIELDS) {
    const messages = submission.error?.[field];
    if (messages?.length) errors[field] = messages;
  }
  return { ok: false, reply: { values, errors } };
}
