import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's `headers` export for forms that can answer 429. Without a
 * `headers` export Remix keeps only an action's Set-Cookie on a document
 * (no-JavaScript) post and drops Retry-After; this passes it on, along with
 * what the parent routes set.
 */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
