import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroySession } from "~/features/auth/session.server";
import { redirectWithToast } from "~/lib/toast/toast.server";

/** Ends the session row and clears the cookie. Only POST: a GET never signs anyone out. */
export async function action({ request }: ActionFunctionArgs) {
  const setCookie = await destroySession(request);
  return redirectWithToast("/login", { type: "info", key: "auth:toast.signedOut" }, { headers: { "Set-Cookie": setCookie } });
}

export const loader = () => redirect("/");
