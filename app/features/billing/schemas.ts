import { z } from "zod";
import { AUTO_TOPUP_MAX_CAP_CENTS, AUTO_TOPUP_MIN_AMOUNT_CENTS, AUTO_TOPUP_MIN_THRESHOLD_CENTS, TOPUP_MAX_CENTS, TOPUP_MIN_CENTS } from "./usage/limits";
import { parseAmountToCents } from "./money";

/**
 * One schema per billing form, for the actions (parseWithZod) and the
 * loaders (getZodConstraint). Messages are keys of the billing namespace;
 * the fields interpolate {{min}} and {{max}} in the user's currency format.
 * Amounts are read in the user's language ("50,5" in German).
 */
const amountIn = (language: string, { min, max, tooSmall, tooLarge }: { min: number; max: number; tooSmall: string; tooLarge: string }) =>
  z.string({ required_error: "validation.amountRequired" }).transform((value, ctx) => {
    const parsed = parseAmountToCents(value, language);
    if ("problem" in parsed) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `validation.${parsed.problem}` });
      return z.NEVER;
    }
    if (parsed.cents < min) ctx.addIssue({ code: z.ZodIssueCode.custom, message: tooSmall });
    else if (parsed.cents > max) ctx.addIssue({ code: z.ZodIssueCode.custom, message: tooLarge });
    return parsed.cents;
  });

const cardId = z.string({ required_error: "validation.cardRequired" }).min(1, "validation.cardRequired");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const topUpSchema = (language: string) =>
  z
    .object({
      amount: amountIn(language, { min: TOPUP_MIN_CENTS, max: TOPUP_MAX_CENTS, tooSmall: "validation.amountTooSmall", tooLarge: "validation.amountTooLarge" }),
      paymentMethodId: cardId,
      // The form's one-time key: sending the same form twice is one top-up.
      submissionKey: z.string().default(""),
    })
    .superRefine((value, ctx) => {
      // A hidden field: only a stale or hand-made form lacks it, so the whole form says so.
      if (!UUID.test(value.submissionKey)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [], message: "validation.formExpired" });
    });

export const autoTopupSchema = (language: string) =>
  z
    .object({
      enabled: z.preprocess((value) => value === "on" || value === "1" || value === "true", z.boolean()),
      threshold: amountIn(language, {
        min: AUTO_TOPUP_MIN_THRESHOLD_CENTS,
        max: TOPUP_MAX_CENTS,
        tooSmall: "validation.thresholdTooSmall",
        tooLarge: "validation.thresholdTooLarge",
      }),
      amount: amountIn(language, {
        min: AUTO_TOPUP_MIN_AMOUNT_CENTS,
        max: TOPUP_MAX_CENTS,
        tooSmall: "validation.autoAmountTooSmall",
        tooLarge: "validation.amountTooLarge",
      }),
      cap: amountIn(language, {
        min: AUTO_TOPUP_MIN_AMOUNT_CENTS,
        max: AUTO_TOPUP_MAX_CAP_CENTS,
        tooSmall: "validation.capTooSmall",
        tooLarge: "validation.capTooLarge",
      }),
    })
    .superRefine((value, ctx) => {
      // Said once: a cap under the minimum already has its message.
      if (value.cap >= AUTO_TOPUP_MIN_AMOUNT_CENTS && value.cap < value.amount)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["cap"], message: "validation.capTooSmall" });
    });

const EXPIRY = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/;

export const addCardSchema = z.object({
  number: z
    .string({ required_error: "validation.numberRequired" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, "validation.numberRequired")
        .regex(/^\d{13,19}$/, "validation.numberInvalid"),
    ),
  expiry: z.string({ required_error: "validation.expiryRequired" }).transform((value, ctx) => {
    const match = value.match(EXPIRY);
    if (!value.trim() || !match || Number(match[1]) < 1 || Number(match[1]) > 12) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: value.trim() ? "validation.expiryInvalid" : "validation.expiryRequired" });
      return z.NEVER;
    }
    return { expMonth: Number(match[1]), expYear: match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]) };
  }),
  cvc: z
    .string({ required_error: "validation.cvcRequired" })
    .trim()
    .min(1, "validation.cvcRequired")
    .regex(/^\d{3,4}$/, "validation.cvcInvalid"),
});

export const cardChoiceSchema = z.object({ cardId });

export type TopUpFields = z.input<ReturnType<typeof topUpSchema>>;
export type AutoTopupFields = z.input<ReturnType<typeof autoTopupSchema>>;
export type AddCardFields = z.input<typeof addCardSchema>;
