import { z } from "zod";
import { MAX_FEEDBACK_TEXT_LENGTH } from "~/features/recordings/feedback/feedback-rules";

/**
 * The public rating form (/rate/<token>), as its action checks it. The
 * token comes from the URL, not the form. Messages are keys in the
 * `feedback` namespace; the text limit is the recording form's.
 */
export const RatingSchema = z.object({
  rating: z
    .number({ required_error: "rate.validation.ratingRequired", invalid_type_error: "rate.validation.ratingRequired" })
    .int("rate.validation.ratingRequired")
    .min(1, "rate.validation.ratingRequired")
    .max(5, "rate.validation.ratingRequired"),
  text: z
    .string()
    .trim()
    .max(MAX_FEEDBACK_TEXT_LENGTH, "rate.validation.textTooLong")
    .optional()
    .transform((value) => (value ? value : null)),
});

/** The form's fields as the page sees them (a type only). */
export type RatingFields = z.input<typeof RatingSchema>;
