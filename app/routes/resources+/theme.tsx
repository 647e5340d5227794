import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { themeCookie } from "~/lib/preferences/preferences.server";
import { normaliseTheme } from "~/lib/theme/theme";
import { readFormData } from "~/lib/http/form-body.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const theme = normaliseTheme(form.get("theme"));
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { headers: { "Set-Cookie": await themeCookie.serialize(theme) } });
}

export const loader = () => redirect("/");
