import { z } from "zod";
import { calendarDayParam } from "~/lib/url-params/url-params";
import { parseAmountToCents } from "~/lib/format/amounts";
import { LOST_REASON_MAX_LENGTH, MAX_VALUE_MINOR, PIPELINE_NAME_MAX_LENGTH, STAGE_KINDS, STAGE_NAME_MAX_LENGTH, TITLE_MAX_LENGTH } from "./deal-rules";

/**
 * One schema per form of the deals screens (docs/product/deals.md), for the
 * actions (parseWithZod) and the loaders (getZodConstraint). Messages are
 * keys of the deals namespace. What zod cannot know (whether a stage is lost,
 * whether a contact is the tenant's) the server checks and reports at the
 * same fields (deals.server.ts, stage-moves.server.ts).
 */

const lostReason = z.string().trim().max(LOST_REASON_MAX_LENGTH, "validation.lostReasonTooLong").optional();

/** The deal's value as the user typed it, in their language ("1.234,50" in German); whole minor units. */
const valueIn = (language: string) =>
  z.string({ required_error: "validation.valueRequired" }).transform((text, ctx) => {
    const parsed = parseAmountToCents(text, language);
    if ("problem" in parsed) {
      const message =
        parsed.problem === "amountRequired"
          ? "validation.valueRequired"
          : parsed.problem === "amountTooPrecise"
            ? "validation.valueTooPrecise"
            : "validation.valueInvalid";
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    if (parsed.cents > MAX_VALUE_MINOR) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.valueTooLarge" });
      return z.NEVER;
    }
    return parsed.cents;
  });

/** The deal form (create and edit). Empty contact, owner and date mean none. */
export function dealFormSchema(language: string) {
  return z.object({
    title: z.string({ required_error: "validation.titleRequired" }).trim().min(1, "validation.titleRequired").max(TITLE_MAX_LENGTH, "validation.titleTooLong"),
    value: valueIn(language),
    stageId: z.string({ required_error: "validation.stageRequired" }).min(1, "validation.stageRequired"),
    lostReason,
    contactId: z.string().max(64, "validation.contactUnknown").optional(),
    ownerId: z.string().max(64, "validation.ownerUnknown").optional(),
    expectedCloseOn: z
      .string()
      .refine((value) => calendarDayParam.parse(value) !== null, "validation.closeDateInvalid")
      .optional(),
  });
}

export type DealFormValues = z.infer<ReturnType<typeof dealFormSchema>>;
/** The form's fields as the page sees them (a type only: the page does not load zod). */
export type DealFormFields = z.input<ReturnType<typeof dealFormSchema>>;

/** The board's move: one card's stage select (and the reason, when the stage is lost). */
export const moveSchema = z.object({
  dealId: z.string({ required_error: "validation.dealGone" }).min(1, "validation.dealGone"),
  stageId: z.string({ required_error: "validation.stageRequired" }).min(1, "validation.stageRequired"),
  lostReason,
});

/** Naming a pipeline (a new one, or renaming). */
export const pipelineNameSchema = z.object({
  name: z
    .string({ required_error: "validation.pipelineNameRequired" })
    .trim()
    .min(1, "validation.pipelineNameRequired")
    .max(PIPELINE_NAME_MAX_LENGTH, "validation.pipelineNameTooLong"),
});

/** A stage: added, or renamed with its kind. */
export const stageSchema = z.object({
  name: z
    .string({ required_error: "validation.stageNameRequired" })
    .trim()
    .min(1, "validation.stageNameRequired")
    .max(STAGE_NAME_MAX_LENGTH, "validation.stageNameTooLong"),
  kind: z.enum(STAGE_KINDS, { errorMap: () => ({ message: "validation.kindRequired" }) }),
});

/** Removing a stage: where its deals go (required when it holds any), and why, when that is a lost stage. */
export const removeStageSchema = z.object({
  targetStageId: z.string().optional(),
  lostReason,
});

export type PipelineNameFields = z.input<typeof pipelineNameSchema>;
export type StageFields = z.input<typeof stageSchema>;
export type RemoveStageFields = z.input<typeof removeStageSchema>;
export type MoveFields = z.input<typeof moveSchema>;
