import { getTranslator } from "~/i18n/i18next.server";
import { formProblemBody, type FormProblem, type FormProblemBody } from "./form-problem";
import type { LoadFailureBody } from "./operation-failure";

/**
 * The one place an error Response is made. A loader or action throws one of
 * these when a request cannot go on; Remix renders the route's ErrorBoundary
 * (app/components/general-error-boundary.tsx) with the status, so the user
 * sees a translated page and the status code tells clients and tests what
 * happened. A resource route hands the body to its client as it is.
 *
 * Bodies are English except where an error page shows them: the 403's text is
 * the page's message, so `forbidden` translates it in the request's language
 * (the language cookie, then Accept-Language). The error pages say "not
 * found" and "unexpected" in their own translated words, whatever the body.
 *
 * Not made here, because their bodies are contracts of their own: the JSON
 * API's errors (`apiError` in app/features/api-keys/api-request.server.ts,
 * docs/api/) and the answers webhooks give their provider.
 * eslint.config.js refuses a `new Response` with a 4xx or 5xx status anywhere
 * else in app/.
 */

const PLAIN_TEXT = "text/plain; charset=utf-8";
const JSON_TEXT = "application/json; charset=utf-8";

/**
 * An error Response with a plain-text body, for the few places that return
 * one rather than throw it (a resource route answering a calendar app or an
 * audio player). `init.headers` may add headers or name another Content-Type.
 */
export function errorResponse(status: number, body: string | null, init: Omit<ResponseInit, "status"> = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", PLAIN_TEXT);
  return new Response(body, { ...init, status, headers });
}

/** An error Response with a JSON body the error page or the client reads; `init.headers` may name another Content-Type. */
export function jsonErrorResponse(status: number, body: unknown, init: Omit<ResponseInit, "status"> = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", JSON_TEXT);
  return new Response(JSON.stringify(body), { ...init, status, headers });
}

/** 404: the record, page or file is not there (or not the tenant's, which must look the same). */
export function notFound(message = "Not found"): never {
  throw errorResponse(404, message);
}

/** 400: a request no form of ours sends (an unknown intent, a field that cannot be read). */
export function badRequest(message = "Bad Request"): never {
  throw errorResponse(400, message);
}

/** 413: an uploaded part past its hard cap. */
export function payloadTooLarge(message = "Payload Too Large"): never {
  throw errorResponse(413, message);
}

/**
 * 403 with the translated "You do not have permission to do that." as its
 * body: the error page shows the body as its message, and a crafted POST
 * learns nothing more (docs/decisions/0006-gate-and-permissions.md). Call
 * sites write `throw await forbidden(request)`, so the refusal reads as one.
 */
export async function forbidden(request: Request): Promise<never> {
  const t = await getTranslator(request);
  throw errorResponse(403, t("errors.forbidden"), { statusText: "Forbidden" });
}

/**
 * Throws a response with the given status unless the condition holds, and
 * narrows the type when it does: `invariantResponse(contact, "Not found", { status: 404 })`.
 */
export function invariantResponse(condition: unknown, message: string | (() => string), init: ResponseInit = { status: 400 }): asserts condition {
  if (!condition) {
    const { status = 400, ...rest } = init;
    throw errorResponse(status, typeof message === "function" ? message() : message, rest);
  }
}

/** 400 or 413: a form post that could not be read at all (app/lib/http/form-problem.ts); the error page says why in the user's language. */
export function formProblem(problem: FormProblem, extra: Omit<FormProblemBody, "formProblem"> = {}): never {
  const { status, body } = formProblemBody(problem, extra);
  throw jsonErrorResponse(status, body);
}

/**
 * 500: what a loader reads failed (app/lib/http/operation-failure.ts). `key`
 * is the catalogue message the route's error page shows; `message` is for
 * clients without the page.
 */
export function loadFailed(key: string, message: string): never {
  const body: LoadFailureBody = { loadFailed: key, message };
  throw jsonErrorResponse(500, body);
}
