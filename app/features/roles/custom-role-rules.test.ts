import { describe, expect, it } from "vitest";
import { SUPER_ADMIN_SEGMENTS } from "~/lib/navigation/routes";
import { CUSTOM_ROLE_AREAS, grantableActions, normalizeCustomPermissions, permissionChanges, ungrantable } from "./custom-role-rules";
import { can, permissionsInOrganization, unionPermissions } from "./permissions";
import { canAssignRole, canManageMember, effectiveRoleKey, roleRank } from "./role-rank";

describe("what a custom role may grant", () => {
  it("never the roles, paying, the plan or any screen of the platform's administration", () => {
    for (const area of ["roles", "choose-plan", "add-topup-balance", ...SUPER_ADMIN_SEGMENTS]) {
      expect({ area, rows: CUSTOM_ROLE_AREAS.includes(area), actions: grantableActions(area) }).toEqual({ area, rows: false, actions: [] });
    }
  });

  it("billing screens and the audit log read-only; every other screen every action", () => {
    for (const area of ["billing", "invoices", "subscriptions-history", "audit-log"]) expect(grantableActions(area)).toEqual(["read"]);
    expect(grantableActions("contacts")).toEqual(["read", "create", "update", "delete"]);
    expect(ungrantable({ billing: ["read", "update"], contacts: ["delete"], usersManagement: ["read"] })).toEqual(["billing.update", "usersManagement.read"]);
  });

  it("adds read to every write and to the screens every role has, and drops empty areas", () => {
    expect(normalizeCustomPermissions({ campaigns: ["delete"], contacts: [] })).toEqual({
      overview: ["read"],
      campaigns: ["read", "delete"],
      profile: ["read"],
      help: ["read"],
      affiliates: ["read"],
      notifications: ["read"],
    });
  });

  it("names what an edit granted and withdrew", () => {
    expect(permissionChanges({ contacts: ["read", "update"] }, { contacts: ["read"], campaigns: ["read"] })).toEqual({
      granted: ["campaigns.read"],
      withdrawn: ["contacts.update"],
    });
  });
});

describe("custom roles among the built-in ones", () => {
  it("rank below every built-in role: they hand out and manage nothing in an organization", () => {
    expect(roleRank("custom-1234")).toBeLessThan(roleRank("agent"));
    expect(canAssignRole("custom-1234", "agent")).toBe(false);
    expect(canManageMember("custom-1234", "agent")).toBe(false);
    expect(effectiveRoleKey("custom-1234", "agent")).toBe("agent");
    expect(effectiveRoleKey("custom-1234", null)).toBe("custom-1234");
  });

  it("an organization role only adds to a custom role on the organization's screens (the union), never elsewhere", () => {
    const custom = { appointments: ["read" as const, "create" as const], campaigns: ["read" as const] };
    const agent = { appointments: ["read" as const], calendar: ["read" as const], billing: ["read" as const] };
    const map = permissionsInOrganization(custom, unionPermissions(custom, agent));
    expect(can(map, "appointments", "create")).toBe(true);
    expect(can(map, "calendar")).toBe(true);
    expect(can(map, "campaigns")).toBe(true);
    // Billing is no organization screen: the account role alone decides.
    expect(can(map, "billing")).toBe(false);
  });
});
