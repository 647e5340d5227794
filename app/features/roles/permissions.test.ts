import { describe, expect, it } from "vitest";
import { isBuiltSegment, NAV_GROUPS, visibleNavGroups } from "~/lib/navigation/routes";
import { can, firstSegment, grantRead, parsePermissions } from "./permissions";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { isPublicPath } from "~/features/access/public-paths";

describe("permissions", () => {
  it("passes only when the action is listed for the area", () => {
    const map = { contacts: ["read" as const], campaigns: ["read" as const, "create" as const] };
    expect(can(map, "contacts")).toBe(true);
    expect(can(map, "contacts", "delete")).toBe(false);
    expect(can(map, "campaigns", "create")).toBe(true);
    expect(can(map, "billing")).toBe(false);
  });

  it("takes the first path segment", () => {
    expect(firstSegment("/call-management")).toBe("call-management");
    expect(firstSegment("/recordings/abc/audio")).toBe("recordings");
    expect(firstSegment("/")).toBe("");
  });

  it("drops unknown actions and survives broken JSON", () => {
    expect(parsePermissions('{"contacts":["read","fly"],"x":"read"}')).toEqual({ contacts: ["read"] });
    expect(parsePermissions("not json")).toEqual({});
  });

  it("shows a group when any child is readable and hides the rest", () => {
    const groups = visibleNavGroups((segment) => segment === "contacts" || segment === "overview");
    expect(groups.map((g) => g.id)).toEqual(["dashboard", "crm"]);
    expect(groups[1]!.items.map((i) => i.segment)).toEqual(["contacts"]);
    // One readable screen left in a many-screen group does not turn the group into a plain link.
    expect(groups.map((g) => g.standalone)).toEqual([true, false]);
  });

  it("keeps the documented sidebar groups in order; a screen not built yet promises nothing ('soon'), a built one may carry its badge", () => {
    // Most used first (issue 27): the calls, the agents and campaigns, the CRM; the account's settings and the platform last.
    expect(NAV_GROUPS.map((g) => g.id)).toEqual([
      "dashboard",
      "call-management",
      "create",
      "crm",
      "service-desk",
      "appointment",
      "integrations",
      "templates",
      "organizations",
      "settings",
      "super-admin",
    ]);
    const create = NAV_GROUPS.find((g) => g.id === "create")!;
    expect(create.items.map((i) => i.segment)).toEqual(["ai-agent-manager", "campaigns", "knowledge-base", "numbers-managment"]);
    // Built (issue 24): the agents' entry carries its "new" badge, and the editor's screens light it up.
    expect(create.items[0]!.badgeKey).toBe("nav.badges.new");
    expect(create.items[0]!.alsoActiveOn).toEqual(["ai-agent", "create-agent", "create-from-blank"]);
    for (const soon of ["overview-new"]) expect(isBuiltSegment(soon)).toBe(false);
    // Nothing in the sidebar is "soon" any more: every entry is a built screen.
    for (const item of NAV_GROUPS.flatMap((group) => group.items)) expect(isBuiltSegment(item.segment), item.segment).toBe(true);
    const calls = NAV_GROUPS.find((g) => g.id === "call-management")!.items[0]!;
    expect(calls.tabs!.map((t) => t.value)).toEqual(["live-calls", "callqueue", "recordings", "missedcalls"]);
    // The list of recordings is one screen: the sidebar's entry opens it, not a second copy inside call management.
    expect(calls.tabs!.find((t) => t.value === "recordings")!.href).toBe("/recordings");
    // Every built scheduling screen and billing have an entry of their own (issue 22).
    expect(NAV_GROUPS.find((g) => g.id === "appointment")!.items.map((i) => i.segment)).toEqual([
      "appointments",
      "calendar",
      "appointment-insights",
      "staff",
      "calcom",
    ]);
    const settings = NAV_GROUPS.find((g) => g.id === "settings")!;
    // Settings holds API access, billing and the profile (issue 27); the tenant's roles sit there too, not in the platform's super-admin group (issue 26).
    expect(settings.items.map((i) => i.segment)).toEqual(["settings", "api-access", "billing", "profile", "roles"]);
    expect(NAV_GROUPS.find((g) => g.id === "integrations")!.items.map((i) => i.segment)).toEqual(["integrations-hub", "crm", "crm-logs"]);
    expect(NAV_GROUPS.find((g) => g.id === "super-admin")!.items.map((i) => i.segment)).not.toContain("roles");
  });

  it("grants read only", () => {
    expect(grantRead(["overview"])).toEqual({ overview: ["read"] });
  });
});

describe("public paths and redirects", () => {
  it("treats any path containing an auth word as public", () => {
    for (const path of ["/login", "/register", "/reset-password", "/verify-email", "/verify-account", "/registration-successful", "/api-docs", "/x/login/y"]) {
      expect(isPublicPath(path)).toBe(true);
    }
    expect(isPublicPath("/overview")).toBe(false);
    expect(isPublicPath("/choose-plan")).toBe(false);
  });

  it("only follows same-site paths", () => {
    expect(safeRedirectPath("/contacts?page=2")).toBe("/contacts?page=2");
    expect(safeRedirectPath("//evil.test")).toBe("/overview");
    expect(safeRedirectPath("/\\evil.test")).toBe("/overview");
    expect(safeRedirectPath("https://evil.test")).toBe("/overview");
    expect(safeRedirectPath("/ok\r\nSet-Cookie: x")).toBe("/overview");
    expect(safeRedirectPath(null, "/login")).toBe("/login");
  });
});
