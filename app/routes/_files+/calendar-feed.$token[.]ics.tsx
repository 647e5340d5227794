import type { LoaderFunctionArgs } from "@remix-run/node";
import { feedForToken } from "~/features/scheduling/calendar/feed.server";
import { errorResponse } from "~/lib/http/errors.server";

/**
 * GET /calendar-feed/<token>.ics: a host's appointments for calendar apps,
 * which poll without a session; the secret token is the only key. A revoked
 * or unknown token is a 404 that says nothing more.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const feed = params.token ? await feedForToken(params.token) : null;
  if (feed === null) return errorResponse(404, "Not found", { headers: { "Cache-Control": "no-store" } });
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="appointments.ics"',
      // Private: the URL is a credential, so no shared cache may keep the answer.
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
