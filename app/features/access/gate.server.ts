import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { clearedSessionCookie, getLiveSession, type SessionRecord } from "~/features/auth/session.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getActiveSubscription, type ActiveSubscription } from "~/features/tenants/plans.server";
import { tenantPhoneCountry } from "~/features/phone/phone-country";
import { identifyRequest, requestMemo } from "~/lib/observability/request-context.server";
import {
  can,
  firstSegment,
  parsePermissions,
  permissionsInOrganization,
  unionPermissions,
  type PermissionAction,
  type PermissionMap,
} from "~/features/roles/permissions";
import { isPublicPath } from "./public-paths";
import { isDashboardSegment, type DashboardSegment } from "~/lib/navigation/routes";
import { readStoredSelection, resolveRequestSelection, type ResolvedSelection } from "~/features/organizations/selection.server";
import { effectiveRoleKey, isCustomRoleKey } from "~/features/roles/role-rank";
import { forbidden, notFound } from "~/lib/http/errors.server";
import { hasTwoFactor } from "~/features/security/two-factor.server";
import { SECURITY_PATH } from "~/features/security/security-forms";

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
  /** The role that decides what the user may do now: the higher of the account's and the selected organization's. */
  roleKey: string;
  /** The user's role in the account, whatever organization is selected. */
  accountRoleKey: string;
  /** The account role's stored name: what a tenant's custom role is called (a built-in role is named by its key's translation). */
  accountRoleName: string;
  isPlatformAdmin: boolean;
  /** What the user may do now: the account role's map, with the selected organization's screens at the effective role (permissionsInOrganization). */
  permissions: PermissionMap;
  /** The account role's own map: creating or deleting organizations, and every account-wide screen, go by this alone. */
  accountPermissions: PermissionMap;
}

export interface GateContext {
  sessionIdHash: string;
  user: SignedInUser;
  /** `country`: ISO 3166 alpha-2, never empty: the tenant's own, else its time zone's, else US (national phone numbers are read in it). */
  tenant: { id: string; name: string; timeZone: string; country: string };
  subscription: ActiveSubscription | null;
  /** The organization and team the dashboard shows (the top bar's selector); later screens list only theirs. */
  selection: ResolvedSelection;
  /** The tenant requires a second factor and this user has none yet: every screen but the enrolment (SECURITY_PATH) sends them there. */
  mustEnrolTwoFactor: boolean;
}

// One lookup per Request; requestMemo shares it across the loaders of a page view, which Remix gives Requests of their own.
const resolved = new WeakMap<Request, Promise<GateContext | null>>();

/**
 * The gate's reads (the user, role and permissions, the tenant, the
 * selection, the subscription, the second-factor rule) for a session and a
 * selection cookie, reused by the next requests while nothing they read has
 * changed: the session query brings the tenant's latest gate_changes entry
 * (written by triggers on every table read here, migration 0037), and an
 * entry built at another one is rebuilt. Kept for seconds at most, and never
 * past the end of a grace or cancelled period, the one change time makes by
 * itself (docs/decisions/0063-gate-cache.md). A signed-out, disabled or
 * expired session never gets here: the session query runs every time.
 */
const GATE_CACHE_MS = 10_000;
const GATE_CACHE_ENTRIES = 5_000;
type CachedGate = { version: string; until: number; context: Omit<GateContext, "sessionIdHash"> };
const gateCache = new Map<string, CachedGate>();
const gateCacheCounts = { hits: 0, misses: 0 };

/** Hits and misses of the gate's cache since start (tests; the /metrics page may show them later). */
export const gateCacheStats = () => ({ ...gateCacheCounts, entries: gateCache.size });

function rememberGate(key: string, entry: CachedGate) {
  gateCache.delete(key);
  gateCache.set(key, entry);
  // Oldest first out: Map keeps insertion order.
  if (gateCache.size > GATE_CACHE_ENTRIES) gateCache.delete(gateCache.keys().next().value!);
}

/** Shared by requests: frozen, so no caller can change what the next request of the session reads. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

async function loadGateContext(request: Request): Promise<GateContext | null> {
  const session = await getLiveSession(request);
  if (!session) return null;
  const key = `${session.idHash} ${JSON.stringify(await readStoredSelection(request))}`;
  const nowMs = Date.now();
  const cached = gateCache.get(key);
  if (cached && cached.version === session.gateVersion && cached.until > nowMs) {
    gateCacheCounts.hits++;
    identifyRequest({ tenantId: cached.context.tenant.id, userId: cached.context.user.id });
    return { sessionIdHash: session.idHash, ...cached.context };
  }
  gateCacheCounts.misses++;
  const context = await readGateContext(request, session);
  if (!context) return null;
  const { sessionIdHash: _, ...shared } = context;
  const periodEnd = context.subscription?.ends_at ? new Date(context.subscription.ends_at).getTime() : Number.POSITIVE_INFINITY;
  rememberGate(key, { version: session.gateVersion, until: Math.min(nowMs + GATE_CACHE_MS, periodEnd), context: deepFreeze(shared) });
  return context;
}

async function readGateContext(request: Request, session: SessionRecord): Promise<GateContext | null> {
  const row = await getDb()
    .selectFrom("users")
    .innerJoin("tenants", "tenants.id", "users.tenant_id")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select([
      "users.id",
      "users.tenant_id",
      "users.email",
      "users.name",
      "users.phone",
      "users.caller_phone",
      "users.email_verified_at",
      "users.profile_picture",
      "users.theme_color",
      "tenants.name as tenant_name",
      "tenants.time_zone",
      "tenants.country",
      "tenants.two_factor_required",
      "roles.key as role_key",
      "roles.name as role_name",
      "roles.permissions",
      "roles.is_platform_admin",
    ])
    .where("users.id", "=", session.userId)
    .where("users.tenant_id", "=", session.tenantId)
    .executeTakeFirst();
  if (!row) return null;
  identifyRequest({ tenantId: row.tenant_id, userId: row.id });
  const selection = await resolveRequestSelection(request, row.tenant_id);
  const role = await roleInSelection(row, selection);
  const accountPermissions = parsePermissions(row.permissions);
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
      roleKey: role.key,
      accountRoleKey: row.role_key,
      accountRoleName: row.role_name,
      isPlatformAdmin: row.is_platform_admin === 1,
      permissions:
        role.key === row.role_key
          ? accountPermissions
          : permissionsInOrganization(accountPermissions, organizationPermissions(row.role_key, accountPermissions, role.permissions)),
      accountPermissions,
    },
    tenant: {
      id: row.tenant_id,
      name: row.tenant_name,
      timeZone: row.time_zone,
      country: tenantPhoneCountry({ country: row.country, timeZone: row.time_zone }),
    },
    subscription: await getActiveSubscription(row.tenant_id),
    selection,
    mustEnrolTwoFactor: row.two_factor_required === 1 && !(await hasTwoFactor(row.id)),
  };
}

/**
 * What the organization's role grants on its screens. A custom account role
 * ranks below every organization role, yet a role in an organization only
 * ever adds (docs/product/roles.md#custom-roles-and-organizations): the two maps are joined.
 */
function organizationPermissions(accountRoleKey: string, accountPermissions: PermissionMap, organizationRolePermissions: string) {
  const organizationMap = parsePermissions(organizationRolePermissions);
  return isCustomRoleKey(accountRoleKey) ? unionPermissions(accountPermissions, organizationMap) : organizationMap;
}

/** The member's role in the selected organization, when it is higher than the account's, with its permission map. */
async function roleInSelection(user: { id: string; role_key: string; permissions: string }, selection: ResolvedSelection) {
  const accountRole = { key: user.role_key, permissions: user.permissions };
  if (!selection.organization) return accountRole;
  const membership = await getDb()
    .selectFrom("organization_members")
    .select("role_key")
    .where("organization_id", "=", selection.organization.id)
    .where("user_id", "=", user.id)
    .executeTakeFirst();
  const key = effectiveRoleKey(user.role_key, membership?.role_key);
  if (key === user.role_key) return accountRole;
  const role = await getDb().selectFrom("roles").select(["key", "permissions"]).where("key", "=", key).executeTakeFirst();
  return role ?? accountRole;
}

/** The signed-in user's context, or null. Never redirects. */
export function getGateContext(request: Request) {
  let pending = resolved.get(request);
  if (!pending) {
    // The loaders of one page view share it too: each gets a Request of its own from Remix (requestMemo).
    pending = requestMemo(`gate\0${request.headers.get("cookie") ?? ""}`, () => loadGateContext(request));
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

/**
 * The dashboard layout's gate: read access to the screen the URL names, the
 * one place where the area comes from the URL (the layout serves every screen;
 * each screen's own loader names its area again).
 */
export async function requireScreenAccess(request: Request): Promise<GateContext> {
  const segment = firstSegment(pathOf(request).pathname);
  // /search is every dashboard user's page, like the overview; it checks read on each area it searches (app/features/search/search.server.ts).
  if (segment === "search") return requireReadAccess(request, "overview");
  if (!isDashboardSegment(segment) && segment !== "choose-plan") notFound();
  return requireReadAccess(request, segment);
}

/** Requires a live session; no subscription or permission check. */
export async function requireUser(request: Request): Promise<GateContext> {
  const context = await getGateContext(request);
  if (!context) return redirectToLogin(request);
  return context;
}

/**
 * The tenant's owner requires a second factor (docs/product/two-factor.md#requiring-it):
 * until the user has one, the enrolment on /profile/security is the only
 * screen, and the only place a form may post to. Resources (an avatar, the
 * organization selector) and signing out stay open: they call requireUser.
 */
function requireEnrolledSecondFactor(request: Request, context: GateContext) {
  if (context.mustEnrolTwoFactor && pathOf(request).pathname !== SECURITY_PATH) throw redirect(SECURITY_PATH);
}

/** The audit log's own area: owners read it (docs/product/audit-log.md), admins do not, though they have every settings action. */
export const AUDIT_LOG_AREA = "audit-log";

/**
 * The area a permission is granted on: a dashboard screen, or the plan
 * choice. Every gate call names it, so what a route checks is read in the
 * route, not inferred from whatever URL it happens to be reached by.
 */
export type PermissionArea = DashboardSegment | "choose-plan" | typeof AUDIT_LOG_AREA;

/**
 * The route gate (docs/product/behaviour.md#route-gate) for a dashboard loader: session, then
 * subscription (except on /choose-plan), then read permission on `area`.
 */
export async function requireReadAccess(request: Request, area: PermissionArea): Promise<GateContext> {
  const context = await requireUser(request);
  requireEnrolledSecondFactor(request, context);
  if (area !== "choose-plan" && !context.subscription) throw redirect("/choose-plan");
  if (area === "choose-plan") return context;
  if (!can(context.user.permissions, area, "read")) {
    if (area === "overview") throw await forbidden(request);
    // Said on arrival, or the user lands on the overview with no word why the screen they asked for did not open.
    throw await redirectWithToast("/overview", { type: "error", key: "errors.noAccess" });
  }
  return context;
}

/**
 * The gate for an action: the same checks as a page, plus the specific action
 * (create, update, delete…). A missing permission is a 403 with a translated
 * message, never a silent redirect, so a crafted POST learns nothing new.
 */
export async function requireActionAccess(request: Request, action: PermissionAction, area: PermissionArea): Promise<GateContext> {
  const context = await requireUser(request);
  requireEnrolledSecondFactor(request, context);
  if (area !== "choose-plan" && !context.subscription) throw redirect("/choose-plan");
  if (!can(context.user.permissions, area, action)) throw await forbidden(request);
  return context;
}

export { isPublicPath };
