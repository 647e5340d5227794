import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/features/access/public-paths";
import { readSidebar, sidebarCookie, toggleGroup } from "~/lib/preferences/preferences.server";

/** Remembers which sidebar groups are open and whether the sidebar is collapsed. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
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
