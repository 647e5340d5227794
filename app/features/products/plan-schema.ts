import { z } from "zod";
import { parseAmountToCents } from "~/lib/format/amounts";

/**
 * The plan form on /products (docs/product/products-and-analytics.md): one
 * schema for creating and editing. Money is typed in the user's language
 * ("49.00" / "49,00") and kept in whole cents; messages are keys of the
 * platform namespace.
 */
export const PLAN_NAME_MAX = 60;
export const PLAN_LIMIT_MAX = 1_000_000;
export const PLAN_PRICE_MAX_CENTS = 10_000_000;
export const OVERAGE_MAX_CENTS = 1_000;

const wholeNumber = (min: number, required: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim().replace(/[.,\s\u00a0\u202f](?=\d{3}\b)/g, "") : value),
    z
      .string({ required_error: required })
      .min(1, required)
      .regex(/^\d+$/, "validation.wholeNumber")
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(min, min === 0 ? "validation.wholeNumber" : "validation.atLeastOne")
          .max(PLAN_LIMIT_MAX, "validation.tooLarge"),
      ),
  );

const amount = (language: string, max: number, required: string) =>
  z.string({ required_error: required }).transform((text, ctx) => {
    const parsed = parseAmountToCents(text, language);
    if ("problem" in parsed) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.problem === "amountRequired" ? required : `validation.${parsed.problem}` });
      return z.NEVER;
    }
    if (parsed.cents > max) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.tooLarge" });
      return z.NEVER;
    }
    return parsed.cents;
  });

export function planFormSchema(language: string) {
  return z.object({
    name: z.string({ required_error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(PLAN_NAME_MAX, "validation.nameTooLong"),
    price: amount(language, PLAN_PRICE_MAX_CENTS, "validation.priceRequired").pipe(z.number().min(1, "validation.priceRequired")),
    includedMinutes: wholeNumber(0, "validation.minutesRequired"),
    overage: amount(language, OVERAGE_MAX_CENTS, "validation.overageRequired"),
    phoneNumberLimit: wholeNumber(1, "validation.limitRequired"),
    agentLimit: wholeNumber(1, "validation.limitRequired"),
    apiRateLimit: wholeNumber(1, "validation.limitRequired"),
    // A checkbox: present ("on") when ticked, absent otherwise.
    recommended: z.preprocess((value) => value === "on", z.boolean()),
  });
}
export type PlanFormValues = z.output<ReturnType<typeof planFormSchema>>;

/** Retire or reactivate: the only other thing a plan's page posts. */
export const PlanStatusSchema = z.object({ intent: z.enum(["retire", "reactivate"]) });
