/**
 * What the forms of /profile share between the page and the route's action
 * (the zod schemas are in schemas.ts, for the server).
 */

/** Which form a POST to /profile comes from (the hidden `intent` field). */
export const PROFILE_INTENTS = ["update-details", "upload-picture", "remove-picture", "update-theme", "change-password", "delete-account"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

export const AVATAR_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
