import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { referralVisitCookie } from "~/features/affiliates/attribution.server";

/**
 * GET /r/<code>: an affiliate's referral link (docs/product/affiliates.md).
 * A known code sets the first-party attribution cookie (decision 0053) and
 * the visitor lands on the registration form either way; nothing about the
 * affiliate is revealed, so an unknown code looks the same.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const cookie = await referralVisitCookie(params.code);
  return redirect("/register", cookie ? { headers: { "Set-Cookie": cookie, "Cache-Control": "private, no-store" } } : undefined);
}
