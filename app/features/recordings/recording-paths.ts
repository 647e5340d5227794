/** Where a recording's delete and feedback forms post, and the links to their pages. */
export const deleteAction = (callId: string) => `/recordings/${encodeURIComponent(callId)}/delete`;
export const feedbackAction = (callId: string) => `/recordings/${encodeURIComponent(callId)}/feedback`;

/** A link that keeps the page to come back to. */
export function withReturnTo(path: string, returnTo: string) {
  return `${path}?${new URLSearchParams({ returnTo })}`;
}
