/**
 * Permissions are a map from the first path segment of a screen to the actions
 * allowed there (docs/product/permissions.md#permission-map). The sidebar and the route gate read the same
 * map, so what is hidden and what is refused can never drift apart.
 */
export const ACTIONS = ["read", "create", "update", "delete"] as const;
export type PermissionAction = (typeof ACTIONS)[number];
export type PermissionMap = Record<string, PermissionAction[]>;

export function can(permissions: PermissionMap, segment: string, action: PermissionAction = "read") {
  return permissions[segment]?.includes(action) ?? false;
}

/** "/call-management/x?tab=y" → "call-management"; "/" → "". */
export function firstSegment(pathname: string) {
  return pathname.split("/").filter(Boolean)[0] ?? "";
}

export function parsePermissions(json: string): PermissionMap {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return {};
    const map: PermissionMap = {};
    for (const [segment, actions] of Object.entries(value)) {
      if (Array.isArray(actions)) {
        map[segment] = actions.filter((a): a is PermissionAction => (ACTIONS as readonly string[]).includes(a));
      }
    }
    return map;
  } catch {
    return {};
  }
}

/** Grants every action on each segment. */
export function grantAll(segments: readonly string[]): PermissionMap {
  return Object.fromEntries(segments.map((s) => [s, [...ACTIONS]]));
}

export function grantRead(segments: readonly string[]): PermissionMap {
  return Object.fromEntries(segments.map((s) => [s, ["read"]]));
}

/**
 * The screens whose data belongs to one organization: its members, teams,
 * event types and staff, its appointments and calendar, its Cal.com
 * connection and its CRM integrations. On these a role in the organization
 * can raise what the account role allows; everywhere else (billing, plans, API
 * keys, numbers, campaigns, contacts, recordings...) the account role alone
 * decides (docs/decisions/0025-organization-roles-stay-in-their-organization.md).
 */
export const ORGANIZATION_SEGMENTS = [
  "organizations",
  "appointments",
  "appointment-insights",
  "calendar",
  "staff",
  "calcom",
  "integrations-hub",
  "crm",
  "crm-logs",
] as const;

const isOrganizationSegment = (segment: string) => (ORGANIZATION_SEGMENTS as readonly string[]).includes(segment);

/**
 * The map the gate uses inside one organization: the account role's for every
 * account-wide screen, the effective role's (the higher of the account's and
 * the organization's) for the organization's own screens.
 */
export function permissionsInOrganization(account: PermissionMap, effective: PermissionMap): PermissionMap {
  const map: PermissionMap = {};
  for (const [segment, actions] of Object.entries(account)) if (!isOrganizationSegment(segment)) map[segment] = actions;
  for (const segment of ORGANIZATION_SEGMENTS) {
    const actions = effective[segment] ?? account[segment];
    if (actions) map[segment] = actions;
  }
  return map;
}

/** Every action either map grants, area by area (in the order of ACTIONS). */
export function unionPermissions(first: PermissionMap, second: PermissionMap): PermissionMap {
  const map: PermissionMap = {};
  for (const segment of new Set([...Object.keys(first), ...Object.keys(second)])) {
    const granted = new Set([...(first[segment] ?? []), ...(second[segment] ?? [])]);
    map[segment] = ACTIONS.filter((action) => granted.has(action));
  }
  return map;
}
