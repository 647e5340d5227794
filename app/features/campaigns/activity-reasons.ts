/**
 * Reasons an activity entry carries that the runner writes and the campaign
 * page reads: here rather than in activity.server.ts, so the page's
 * component can use them (a .server module is empty in the browser bundle).
 */

/** Marks a contact as taken by a run before its call is placed; replaced by the outcome once the platform answers. */
export const DISPATCHING = "dispatching";
/** A taken contact whose runner stopped before hearing back; not retried. */
export const INTERRUPTED = "interrupted";
