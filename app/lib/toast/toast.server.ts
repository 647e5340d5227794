import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { isHttpsUrl } from "~/lib/security/secure-cookies.server";

export type ToastType = "success" | "error" | "info";

/** A flash message: a translation key (with optional values) shown once after a redirect. */
export interface Toast {
  type: ToastType;
  key: string;
  values?: Record<string, string | number>;
}

type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
let storage: ToastStorage | undefined;
function getToastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: { name: "__toast", path: "/", httpOnly: true, sameSite: "lax", secrets: [getEnv().sessionSecret], secure: isHttpsUrl(getEnv().appUrl) },
  });
  return storage;
}

export async function toastCookie(toast: Toast) {
  const store = getToastStorage();
  const session = await store.getSession();
  session.flash("toast", toast);
  return store.commitSession(session);
}

export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. */
export async function popToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("__toast=")) return { toast: null, setCookie: null };
  const store = getToastStorage();
  const session = await store.getSession(cookieHeader);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return { toast, setCookie: await store.destroySession(session) };
}
