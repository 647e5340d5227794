/**
 * Permissions are a map from the first path segment of a screen to the actions
 * allowed there (spec section 6). The sidebar and the route gate read the same
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
