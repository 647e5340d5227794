import { z } from "zod";
import { MAX_FEEDBACK_MOMENT_SECONDS, MAX_FEEDBACK_TEXT_LENGTH } from "./feedback-rules";

/**
 * Customer feedback on a recording, as the action checks it (the page gets
 * the form's HTML constraints from its loader, not zod). Messages are
 * translation keys in the `recording` namespace.
 */
export const FeedbackSchema = z.object({
  rating: z
    .number({ required_error: "feedback.validation.ratingRequired", invalid_type_error: "feedback.validation.ratingRange" })
    .int("feedback.validation.ratingRange")
    .min(1, "feedback.validation.ratingRange")
    .max(5, "feedback.validation.ratingRange"),
  text: z
    .string()
    .trim()
    .max(MAX_FEEDBACK_TEXT_LENGTH, "feedback.validation.textTooLong")
    .optional()
    .transform((value) => (value ? value : null)),
  /** The moment (seconds into the call) the feedback is about; left out: the call as a whole. */
  moment: z
    .number({ invalid_type_error: "feedback.validation.momentInvalid" })
    .min(0, "feedback.validation.momentInvalid")
    .max(MAX_FEEDBACK_MOMENT_SECONDS, "feedback.validation.momentInvalid")
    .optional()
    .transform((value) => value ?? null),
});

export type Feedback = z.output<typeof FeedbackSchema>;
/** The form's fields as conform sees them (a type only). */
export type FeedbackFields = z.input<typeof FeedbackSchema>;
