/**
 * Where a user-supplied target (redirectTo, returnTo, a Back or Cancel link)
 * may send the browser: only somewhere on this site. The target is judged the
 * way a browser reads a Location header or an href: by the WHATWG URL parser,
 * which drops tabs and newlines and reads a backslash as a slash, so
 * "/\t/evil.test" and "/\\evil.test" both mean "//evil.test", another host.
 *
 * The answer is the parser's own path, query and fragment, percent-encoded and
 * therefore plain ASCII: a Location header cannot carry "€", and a raw "ä"
 * would go out as a Latin-1 byte the browser misreads.
 *
 * That path is checked again as what it now is, a new target: removing dot
 * segments can leave one that starts with "//" ("/./\\evil.example" parses to
 * the path "//evil.example"), which a browser reads as another host (issue 22,
 * item 1). Such a path is refused, not repaired: nothing of ours links to one.
 */

// Any origin of our own making does: the target is only compared against it, never fetched.
const PROBE_ORIGIN = "http://same-origin.invalid";

// Our own links never carry raw control characters (URLSearchParams encodes them); a target with one was written by hand.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function safeRedirectPath(target: unknown, fallback = "/overview"): string {
  if (typeof target !== "string" || !target.startsWith("/") || CONTROL_CHARACTER.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return leadsOffSite(path) ? fallback : path;
}

/** True when a browser would read this path as another host, or as something other than the same path. */
function leadsOffSite(path: string) {
  if (path.startsWith("//") || path.startsWith("/\\")) return true;
  const again = new URL(path, PROBE_ORIGIN);
  return again.origin !== PROBE_ORIGIN || `${again.pathname}${again.search}${again.hash}` !== path;
}
