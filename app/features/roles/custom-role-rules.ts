import { SUPER_ADMIN_SEGMENTS, TENANT_SEGMENTS } from "~/lib/navigation/routes";
import { ACTIONS, type PermissionAction, type PermissionMap } from "./permissions";

/**
 * What a tenant's custom role may grant (docs/product/roles.md#what-a-custom-role-may-grant).
 * Zod-free: the permission editor reads the same lists the server checks.
 */

/** The built-in roles every tenant has, in the order /roles lists them; the platform's own role is not a tenant's. */
export const TENANT_BUILT_IN_ROLE_KEYS = ["owner", "admin", "support", "agent"] as const;

/** Read on these comes with every custom role: the landing page, one's own profile (password, sign-out), help, the affiliate programme (the user's own, docs/product/affiliates.md) and one's own notifications (decision 0059). */
export const ALWAYS_READ_AREAS = ["overview", "profile", "help", "affiliates", "notifications"] as const;

/**
 * Read, never more: what was billed (paying, topping up and changing the plan
 * stay the owner's), and the audit log, which is read-only for everyone and
 * which an owner may open to a custom role on purpose (it shows who did what
 * in the whole account).
 */
export const READ_ONLY_AREAS = ["billing", "subscriptions-history", "invoices", "audit-log"] as const;

/**
 * Never granted: the roles themselves (whoever shapes roles could hand
 * themselves anything), paying (top-up, the plan choice) and the platform's
 * administration. is_platform_admin is never set on a custom role either.
 */
export const NEVER_GRANTED_AREAS: readonly string[] = ["roles", "choose-plan", "add-topup-balance", ...SUPER_ADMIN_SEGMENTS];

/** The rows of the permission editor, in the order of the screens. */
export const CUSTOM_ROLE_AREAS: readonly string[] = [...TENANT_SEGMENTS.filter((area) => !NEVER_GRANTED_AREAS.includes(area)), "audit-log"];

const includes = (list: readonly string[], value: string) => list.includes(value);

/** The checkboxes an area's row offers. */
export function grantableActions(area: string): readonly PermissionAction[] {
  if (!includes(CUSTOM_ROLE_AREAS, area)) return [];
  if (includes(READ_ONLY_AREAS, area)) return ["read"];
  return ACTIONS;
}

/** Each action a map asks for that a custom role may not grant, as "area.action". */
export function ungrantable(map: PermissionMap): string[] {
  const refused: string[] = [];
  for (const [area, actions] of Object.entries(map)) {
    const allowed = grantableActions(area);
    for (const action of actions) if (!allowed.includes(action)) refused.push(`${area}.${action}`);
  }
  return refused;
}

/**
 * The map as stored: the always-read areas added, and read added wherever
 * something else is granted (a screen one may change but not open is of no
 * use), areas without actions left out, actions in the order of ACTIONS.
 */
export function normalizeCustomPermissions(map: PermissionMap): PermissionMap {
  const normalized: PermissionMap = {};
  for (const area of CUSTOM_ROLE_AREAS) {
    const asked = new Set(map[area] ?? []);
    if (includes(ALWAYS_READ_AREAS, area) || asked.size > 0) asked.add("read");
    const actions = ACTIONS.filter((action) => asked.has(action));
    if (actions.length > 0) normalized[area] = actions;
  }
  return normalized;
}

/** The changes between two maps, as "area.action" lists: for the audit entry of an edited role. */
export function permissionChanges(before: PermissionMap, after: PermissionMap) {
  const flatten = (map: PermissionMap) => new Set(Object.entries(map).flatMap(([area, actions]) => actions.map((action) => `${area}.${action}`)));
  const was = flatten(before);
  const is = flatten(after);
  return { granted: [...is].filter((entry) => !was.has(entry)), withdrawn: [...was].filter((entry) => !is.has(entry)) };
}

export const ROLE_NAME_MAX_LENGTH = 50;
