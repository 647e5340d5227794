import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/features/access/public-paths";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18next.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const requested = form.get("lng");
  const language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { headers: { "Set-Cookie": await languageCookie.serialize(language) } });
}

export const loader = () => redirect("/");
