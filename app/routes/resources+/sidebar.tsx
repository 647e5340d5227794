import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { readSidebar, sidebarCookie, toggleGroup } from "~/lib/preferences/preferences.server";
import { readFormData } from "~/lib/http/form-body.server";

/** Remembers which sidebar groups are open and whether the sidebar is collapsed. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  let state = await readSidebar(request);
  const group = form.get("group");
  if (typeof group === "string") state = toggleGroup(state, group);
  const collapsed = form.get("collapsed");
  if (collapsed === "true" || collapsed === "false") state = { ...state, collapsed: collapsed === "true" };
  const headers = { "Set-Cookie": await sidebarCookie.serialize(state) };
  // Scripted toggles only need the cookie; a plain form post goes back to where it came from.
  if (form.get("_fetcher") === "1") return new Response(null, { status: 204, headers });
  return redirect(safeRedirectPath(form.get("redirectTo"), "/overview"), { headers });
}

export const loader = () => redirect("/");
