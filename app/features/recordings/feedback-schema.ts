import { z } from "zod";

export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
export const MAX_FEEDBACK_TEXT_LENGTH = 2000;

/**
 * Customer feedback on a recording, shared by the form (conform, on the
 * client) and the action (on the server). Messages are translation keys in
 * the `recording` namespace.
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
});

export type Feedback = z.output<typeof FeedbackSchema>;
