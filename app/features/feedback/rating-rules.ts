/**
 * The emailed rating link (docs/product/feedback.md#rating-link), in words
 * the page and the server share; no zod here, the page imports it.
 */

/** How long a rating link works after its email was sent. */
export const FEEDBACK_LINK_LIFETIME_DAYS = 14;

/**
 * The link's token: 32 random bytes, 43 characters of base64url. 256 bits
 * cannot be guessed, however many tries a visitor makes, so the page needs
 * no rate limit against guessing (docs/decisions/0033-post-call-feedback.md).
 */
export const RATING_TOKEN_BYTES = 32;
export const RATING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Where the link of a token leads. */
export const ratingPath = (token: string) => `/rate/${encodeURIComponent(token)}`;

/** What a link is when someone opens it. */
export type RatingLinkState = "open" | "used" | "expired" | "unknown";
