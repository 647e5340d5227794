import type { ActionFunctionArgs } from "@remix-run/node";
import { requireOidcSettings, startOidcSignIn } from "~/features/sso/oidc.server";
import { errorResponse } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";

/**
 * POST /auth/oidc: the login page's "Sign in with …" button (a plain form, so
 * it works without JavaScript) starts single sign-on
 * (docs/product/single-sign-on.md). 404 when single sign-on is not configured.
 */
export async function loader() {
  // Only the form's post starts a flow; a GET (a link, a prefetch) must not set a new state cookie.
  requireOidcSettings();
  throw errorResponse(405, "Method Not Allowed", { headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const settings = requireOidcSettings();
  const formData = await readFormData(request);
  const redirectTo = formData.get("redirectTo");
  return startOidcSignIn(settings, typeof redirectTo === "string" ? redirectTo : undefined);
}
