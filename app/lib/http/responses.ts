/**
 * Responses a loader or action throws when a request cannot go on. Remix
 * renders the route's ErrorBoundary with the status, so the user sees a
 * translated page and the status code tells clients and tests what happened.
 */

export function notFound(message = "Not found"): never {
  throw new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function badRequest(message = "Bad request"): never {
  throw new Response(message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function forbidden(message = "Forbidden"): never {
  throw new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * Throws a response with the given status unless the condition holds, and
 * narrows the type when it does: `invariantResponse(contact, "Not found", { status: 404 })`.
 */
export function invariantResponse(condition: unknown, message: string | (() => string), init: ResponseInit = { status: 400 }): asserts condition {
  if (!condition) {
    throw new Response(typeof message === "function" ? message() : message, {
      ...init,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...init.headers },
    });
  }
}
