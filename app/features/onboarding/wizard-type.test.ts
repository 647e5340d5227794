import { describe, expect, it } from "vitest";
import { isWizardType, wizardTypeForPath } from "./wizard-type";

describe("wizardTypeForPath (docs/product/behaviour.md#wizard-type-by-path)", () => {
  it.each([
    ["/numbers-managment", "numbers-management"],
    ["/numbers-managment/validate", "numbers-management"],
    ["/organizations", "organizations"],
    ["/organizations/0b6f/teams/1c2d", "organizations"],
    ["/ai-agent-manager", "ai-agent-manager"],
    ["/ai-agent", "ai-agent"],
    ["/ai-agent?create=true&tab=speech", "ai-agent"],
    ["/campaigns", "campaigns"],
    ["/campaigns/new", "campaigns"],
    ["/contacts", "contacts"],
    ["/contacts/import", "contacts"],
    ["/overview", "overview"],
    ["/recordings", "main"],
    ["/billing", "main"],
    ["/", "main"],
    ["", "main"],
  ])("%s → %s", (path, type) => {
    expect(wizardTypeForPath(path)).toBe(type);
  });

  it("keeps the match order's quirk: ai-agent-manager-complete gets the ai-agent-manager wizard", () => {
    expect(wizardTypeForPath("/ai-agent-manager-complete")).toBe("ai-agent-manager");
    expect(wizardTypeForPath("/ai-agent-manager-complete/42")).toBe("ai-agent-manager");
  });

  it("tests the words in order, not by the longest match", () => {
    // Both words occur; numbers-managment comes first in the list.
    expect(wizardTypeForPath("/numbers-managment?from=/campaigns")).toBe("numbers-management");
    // "ai-agent-management" (the super-admin screen) contains "ai-agent" but not "ai-agent-manager".
    expect(wizardTypeForPath("/ai-agent-management")).toBe("ai-agent");
    // "overview-new" contains "overview".
    expect(wizardTypeForPath("/overview-new")).toBe("overview");
  });

  it("knows its types", () => {
    expect(isWizardType("main")).toBe(true);
    expect(isWizardType("numbers-management")).toBe(true);
    expect(isWizardType("numbers-managment")).toBe(false);
    expect(isWizardType(null)).toBe(false);
  });
});
