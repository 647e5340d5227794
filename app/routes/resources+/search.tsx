import type { LoaderFunctionArgs } from "@remix-run/node";
import { getGateContext, requireReadAccess } from "~/features/access/gate.server";
import { normalizeSearchTerm, type SearchResourceData } from "~/features/search/search-query";
import { searchForUser } from "~/features/search/search.server";
import { jsonErrorResponse } from "~/lib/http/errors.server";

/**
 * /resources/search?q=: the command palette's data, as JSON. The same gate
 * and the same search as /search (routes/_dashboard+/search.tsx): the overview's
 * read permission for the request, then only the areas the user may read, for
 * the user's tenant. A request without a session gets 401 rather than the
 * sign-in page's HTML, which a script could not read.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getGateContext(request))) return jsonErrorResponse(401, { error: "unauthenticated" }, { headers: { "Cache-Control": "no-store" } });
  const gate = await requireReadAccess(request, "overview");
  const term = normalizeSearchTerm(new URL(request.url).searchParams.get("q"));
  const data: SearchResourceData = { term, groups: await searchForUser(request, gate, term) };
  // Per user and per moment: never stored by a browser or a proxy.
  return Response.json(data, { headers: { "Cache-Control": "private, no-store" } });
}
