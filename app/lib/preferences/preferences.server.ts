import { createCookie } from "@remix-run/node";
import { normaliseTheme, type Theme } from "~/lib/theme/theme";
import { NAV_GROUPS } from "~/lib/navigation/routes";

/**
 * Display preferences live in cookies so the server renders the page the way
 * the user left it (theme, open sidebar groups, collapsed sidebar): no flash,
 * no script needed. See docs/decisions/0005-browser-state-in-cookies.md.
 */
const YEAR = 365 * 24 * 3600;
export const themeCookie = createCookie("theme", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR });
export const sidebarCookie = createCookie("sidebar", { path: "/", sameSite: "lax", httpOnly: true, maxAge: YEAR });

export interface SidebarState {
  collapsed: boolean;
  openGroups: string[];
}

const GROUP_IDS = new Set(NAV_GROUPS.map((g) => g.id));
const DEFAULT_SIDEBAR: SidebarState = { collapsed: false, openGroups: ["create", "call-management", "crm"] };

export async function readTheme(request: Request): Promise<Theme> {
  return normaliseTheme(await themeCookie.parse(request.headers.get("Cookie")));
}

export async function readSidebar(request: Request): Promise<SidebarState> {
  const value: unknown = await sidebarCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return DEFAULT_SIDEBAR;
  const raw = value as Partial<SidebarState>;
  return {
    collapsed: raw.collapsed === true,
    openGroups: Array.isArray(raw.openGroups)
      ? raw.openGroups.filter((id): id is string => typeof id === "string" && GROUP_IDS.has(id))
      : DEFAULT_SIDEBAR.openGroups,
  };
}

export function toggleGroup(state: SidebarState, groupId: string): SidebarState {
  if (!GROUP_IDS.has(groupId)) return state;
  const open = state.openGroups.includes(groupId);
  return { ...state, openGroups: open ? state.openGroups.filter((id) => id !== groupId) : [...state.openGroups, groupId] };
}
