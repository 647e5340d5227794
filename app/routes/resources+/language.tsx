import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { DEFAULT_LANGUAGE, isLanguage } from "~/i18n/config";
import { languageCookie } from "~/i18n/i18next.server";
import { readFormData } from "~/lib/http/form-body.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const requested = form.get("lng");
  const language = isLanguage(requested) ? requested : DEFAULT_LANGUAGE;
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { headers: { "Set-Cookie": await languageCookie.serialize(language) } });
}

export const loader = () => redirect("/");
