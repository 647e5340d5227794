/**
 * HTTP Range requests for call audio (RFC 9110, section 14). Pure functions,
 * so every corner of the grammar is unit-tested without a server.
 *
 * Only the `bytes` unit is understood. A header this server cannot or will
 * not honour is ignored, which RFC 9110 allows ("a server MAY ignore the
 * Range header field"): the answer is then the whole file with 200. That
 * covers other units, malformed syntax and, by choice, several ranges at once
 * (a multipart/byteranges body buys a media player nothing).
 */
export type RangeRequest =
  /** Send the whole representation with 200. */
  | { kind: "whole" }
  /** Send bytes start..end (inclusive) with 206. */
  | { kind: "partial"; start: number; end: number }
  /** Nothing requested overlaps the file: 416 with `Content-Range: bytes *\/size`. */
  | { kind: "unsatisfiable" };

type RangeSpec = { first: number; last: number | null } | { suffix: number };

const DIGITS = /^\d+$/;
const WHOLE: RangeRequest = { kind: "whole" };

/** One range-spec: `first-last`, open-ended `first-`, or suffix `-length`; null when malformed. */
function parseSpec(text: string): RangeSpec | null {
  const dash = text.indexOf("-");
  if (dash === -1) return null;
  const before = text.slice(0, dash);
  const after = text.slice(dash + 1);
  if (before === "") return DIGITS.test(after) ? { suffix: Number(after) } : null;
  if (!DIGITS.test(before) || (after !== "" && !DIGITS.test(after))) return null;
  const first = Number(before);
  const last = after === "" ? null : Number(after);
  // RFC 9110 14.1.1: a last-pos below its first-pos makes the range-spec invalid.
  if (last !== null && last < first) return null;
  return { first, last };
}

/** The bytes a valid spec selects from a file of `size` bytes, or null when it selects none. */
function resolveSpec(spec: RangeSpec, size: number): { start: number; end: number } | null {
  if ("suffix" in spec) {
    // A suffix of zero bytes selects nothing; one longer than the file selects all of it.
    if (spec.suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - spec.suffix), end: size - 1 };
  }
  if (spec.first >= size) return null;
  return { start: spec.first, end: spec.last === null ? size - 1 : Math.min(spec.last, size - 1) };
}

/**
 * What to send for a `Range` header value against a file of `size` bytes.
 * `null` or an empty header means no range was asked for.
 */
export function parseRangeHeader(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return WHOLE;
  const equals = header.indexOf("=");
  if (equals === -1) return WHOLE;
  // Range units are case-insensitive tokens (RFC 9110 14.1).
  if (header.slice(0, equals).trim().toLowerCase() !== "bytes") return WHOLE;
  // A list may carry empty elements, which recipients must accept and skip (RFC 9110 5.6.1).
  const parts = header
    .slice(equals + 1)
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return WHOLE;
  const specs: RangeSpec[] = [];
  for (const part of parts) {
    const spec = parseSpec(part);
    // One malformed spec makes the whole header invalid, and an invalid header is ignored.
    if (!spec) return WHOLE;
    specs.push(spec);
  }
  const satisfiable = specs.map((spec) => resolveSpec(spec, size)).filter((range) => range !== null);
  if (satisfiable.length === 0) return { kind: "unsatisfiable" };
  if (specs.length > 1) return WHOLE;
  return { kind: "partial", ...satisfiable[0]! };
}

/** `Content-Range` of a 206 answer. */
export function contentRange(start: number, end: number, size: number) {
  return `bytes ${start}-${end}/${size}`;
}

/** `Content-Range` of a 416 answer. */
export function unsatisfiedContentRange(size: number) {
  return `bytes */${size}`;
}

/**
 * Whether an `If-Range` precondition lets the Range header apply. Only a
 * strong entity tag can match (RFC 9110 13.1.5); this server sends no
 * Last-Modified, so a date never matches and the whole file is sent, which
 * is always a correct answer.
 */
export function ifRangeAllowsPartial(ifRange: string | null | undefined, etag: string) {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith("W/")) return false;
  return value === etag;
}

/** Whether an `If-None-Match` list names the current entity tag (weak comparison, RFC 9110 13.1.2). */
export function ifNoneMatchMatches(ifNoneMatch: string | null | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
