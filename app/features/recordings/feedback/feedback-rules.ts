/** Customer feedback on a recording: what the form offers and the action accepts (the zod schema is in feedback-schema.ts, for the server). */
export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
export const MAX_FEEDBACK_TEXT_LENGTH = 2000;
/** A moment later than a day into a call is no moment of a call. */
export const MAX_FEEDBACK_MOMENT_SECONDS = 86_400;
