import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { clearedSessionCookie, getLiveSession } from "~/features/auth/session.server";
import { getTranslator } from "~/i18n/i18next.server";
import { getActiveSubscription, type ActiveSubscription } from "~/features/tenants/plans.server";
import { can, firstSegment, parsePermissions, type PermissionAction, type PermissionMap } from "./permissions";
import { isPublicPath } from "./public-paths";

export interface SignedInUser {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  phone: string | null;
  callerPhone: string | null;
  emailVerified: boolean;
  profilePicture: string | null;
  themeColor: string;
  roleKey: string;
  isPlatformAdmin: boolean;
  permissions: PermissionMap;
}

export interface GateContext {
  sessionIdHash: string;
  user: SignedInUser;
  tenant: { id: string; name: string; timeZone: string };
  subscription: ActiveSubscription | null;
}

// Remix hands the same Request to every loader of a navigation; one lookup serves them all.
const resolved = new WeakMap<Request, Promise<GateContext | null>>();

async function loadGateContext(request: Request): Promise<GateContext | null> {
  const session = await getLiveSession(request);
  if (!session) return null;
  const row = await getDb()
    .selectFrom("users")
    .innerJoin("tenants", "tenants.id", "users.tenant_id")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select([
      "users.id", "users.tenant_id", "users.email", "users.name", "users.phone", "users.caller_phone",
      "users.email_verified_at", "users.profile_picture", "users.theme_color",
      "tenants.name as tenant_name", "tenants.time_zone",
      "roles.key as role_key", "roles.permissions", "roles.is_platform_admin",
    ])
    .where("users.id", "=", session.userId)
    .where("users.tenant_id", "=", session.tenantId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    sessionIdHash: session.idHash,
    user: {
      id: row.id,
      tenantId: row.tenant_id,
      email: row.email,
      name: row.name,
      phone: row.phone,
      callerPhone: row.caller_phone,
      emailVerified: row.email_verified_at !== null,
      profilePicture: row.profile_picture,
      themeColor: row.theme_color,
      roleKey: row.role_key,
      isPlatformAdmin: row.is_platform_admin === 1,
      permissions: parsePermissions(row.permissions),
    },
    tenant: { id: row.tenant_id, name: row.tenant_name, timeZone: row.time_zone },
    subscription: await getActiveSubscription(row.tenant_id),
  };
}

/** The signed-in user's context, or null. Never redirects. */
export function getGateContext(request: Request) {
  let pending = resolved.get(request);
  if (!pending) {
    pending = loadGateContext(request);
    resolved.set(request, pending);
  }
  return pending;
}

function pathOf(request: Request) {
  const url = new URL(request.url);
  // Single-fetch data requests arrive as /path.data; the gate judges the page they belong to.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  return { pathname, search: url.search };
}

export async function redirectToLogin(request: Request): Promise<never> {
  const { pathname, search } = pathOf(request);
  const params = new URLSearchParams();
  const target = pathname + search.replace(/([?&])_data=[^&]*&?/, "$1").replace(/[?&]$/, "");
  if (pathname !== "/" && !pathname.startsWith("/login")) params.set("redirectTo", target);
  const query = params.toString();
  throw redirect(`/login${query ? `?${query}` : ""}`, { headers: { "Set-Cookie": await clearedSessionCookie() } });
}

/** Requires a live session; no subscription or permission check. */
export async function requireUser(request: Request): Promise<GateContext> {
  const context = await getGateContext(request);
  if (!context) return redirectToLogin(request);
  return context;
}

/**
 * The route gate of spec section 4 for a dashboard loader: session, then
 * subscription (except on /choose-plan), then read permission on the first
 * path segment. `segment` overrides the one taken from the URL.
 */
export async function requireReadAccess(request: Request, segment?: string): Promise<GateContext> {
  const { pathname } = pathOf(request);
  const context = await requireUser(request);
  const area = segment ?? firstSegment(pathname);
  if (area !== "choose-plan" && !context.subscription) throw redirect("/choose-plan");
  if (area === "choose-plan") return context;
  if (!can(context.user.permissions, area, "read")) {
    if (area === "overview") throw await forbidden(request);
    throw redirect("/overview");
  }
  return context;
}

/**
 * The gate for an action: the same checks as a page, plus the specific action
 * (create, update, delete…). A missing permission is a 403 with a translated
 * message, never a silent redirect, so a crafted POST learns nothing new.
 */
export async function requireActionAccess(request: Request, action: PermissionAction, segment?: string): Promise<GateContext> {
  const { pathname } = pathOf(request);
  const area = segment ?? firstSegment(pathname);
  const context = await requireUser(request);
  if (area !== "choose-plan" && !context.subscription) throw redirect("/choose-plan");
  if (!can(context.user.permissions, area, action)) throw await forbidden(request);
  return context;
}

export async function forbidden(request: Request) {
  const t = await getTranslator(request);
  return new Response(t("errors.forbidden"), { status: 403, statusText: "Forbidden", headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export { isPublicPath };
