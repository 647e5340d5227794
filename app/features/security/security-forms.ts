/**
 * What the forms of /profile/security and the sign-in's second step share
 * between the pages and the actions (the zod schemas are in schemas.ts, for the server).
 */
export const SECURITY_PATH = "/profile/security";

/** Which form a POST to /profile/security comes from (the hidden `intent` field). */
export const SECURITY_INTENTS = [
  "start-enrolment",
  "cancel-enrolment",
  "confirm-enrolment",
  "disable-two-factor",
  "regenerate-codes",
  "set-requirement",
  "sign-out-session",
  "sign-out-others",
  "unlink-identity",
] as const;
export type SecurityIntent = (typeof SECURITY_INTENTS)[number];
