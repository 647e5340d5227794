import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/features/access/public-paths";
import { themeCookie } from "~/lib/preferences/preferences.server";
import { normaliseTheme } from "~/lib/theme/theme";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const theme = normaliseTheme(form.get("theme"));
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { headers: { "Set-Cookie": await themeCookie.serialize(theme) } });
}

export const loader = () => redirect("/");
