import { describe, expect, it } from "vitest";
import { canAssignRole, canManageMember, effectiveRoleKey, roleRank } from "./role-rank";

describe("member roles", () => {
  it("ranks owner over admin over agent, and the platform's role above all", () => {
    expect(roleRank("owner")).toBeGreaterThan(roleRank("admin"));
    expect(roleRank("admin")).toBeGreaterThan(roleRank("agent"));
    expect(roleRank("platform-admin")).toBeGreaterThan(roleRank("owner"));
  });

  it("ranks support between admin and agent, so a support user never outranks an owner or admin of an organization", () => {
    expect(roleRank("admin")).toBeGreaterThan(roleRank("support"));
    expect(roleRank("support")).toBeGreaterThan(roleRank("agent"));
    expect(effectiveRoleKey("support", "admin")).toBe("admin");
    expect(effectiveRoleKey("support", "agent")).toBe("support");
    expect(canAssignRole("support", "admin")).toBe(false);
    expect(canManageMember("support", "owner")).toBe(false);
  });

  it("takes the higher of the account's role and the organization's", () => {
    expect(effectiveRoleKey("agent", "admin")).toBe("admin");
    expect(effectiveRoleKey("owner", "agent")).toBe("owner");
    expect(effectiveRoleKey("agent", null)).toBe("agent");
    expect(effectiveRoleKey("platform-admin", "owner")).toBe("platform-admin");
    expect(effectiveRoleKey("agent", "made-up")).toBe("agent");
  });

  it("lets nobody hand out more than they hold", () => {
    expect(canAssignRole("admin", "agent")).toBe(true);
    expect(canAssignRole("admin", "admin")).toBe(true);
    expect(canAssignRole("admin", "owner")).toBe(false);
    expect(canAssignRole("owner", "owner")).toBe(true);
    expect(canManageMember("admin", "owner")).toBe(false);
    expect(canManageMember("owner", "admin")).toBe(true);
  });
});
