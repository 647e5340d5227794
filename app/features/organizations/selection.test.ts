import { describe, expect, it } from "vitest";
import { ALL_TEAMS, chooseOrganization, chooseTeam, resolveSelection, type SelectableOrganization } from "./selection";

const organizations: SelectableOrganization[] = [
  { id: "dental", teams: [{ id: "front-desk" }, { id: "hygiene" }] },
  { id: "garage", teams: [] },
  { id: "gym", teams: [{ id: "trainers" }] },
];

describe("which organization and team are shown", () => {
  it("is the first organization and its first team when nothing is stored", () => {
    expect(resolveSelection(organizations, {})).toEqual({ organizationId: "dental", teamId: "front-desk" });
  });

  it("is the stored organization when it still exists, with its stored team restored", () => {
    expect(resolveSelection(organizations, { organizationId: "dental", teamId: "hygiene" })).toEqual({ organizationId: "dental", teamId: "hygiene" });
    expect(resolveSelection(organizations, { organizationId: "gym", teamId: null })).toEqual({ organizationId: "gym", teamId: "trainers" });
  });

  it("falls back to the first organization when the stored one is gone (deleted, or another tenant's)", () => {
    expect(resolveSelection(organizations, { organizationId: "someone-elses", teamId: "trainers" })).toEqual({
      organizationId: "dental",
      teamId: "front-desk",
    });
  });

  it("never keeps a stored team of another organization", () => {
    expect(resolveSelection(organizations, { organizationId: "gym", teamId: "hygiene" })).toEqual({ organizationId: "gym", teamId: "trainers" });
    expect(resolveSelection(organizations, { organizationId: "garage", teamId: "trainers" })).toEqual({ organizationId: "garage", teamId: null });
  });

  it("is nothing without organizations", () => {
    expect(resolveSelection([], { organizationId: "dental", teamId: "hygiene" })).toEqual({ organizationId: null, teamId: null });
  });
});

describe("choosing", () => {
  const current = { organizationId: "dental", teamId: "hygiene" };

  it("an organization selects its first team, or clears the team when it has none", () => {
    expect(chooseOrganization(organizations, current, "gym")).toEqual({ organizationId: "gym", teamId: "trainers" });
    expect(chooseOrganization(organizations, current, "garage")).toEqual({ organizationId: "garage", teamId: null });
  });

  it("an organization the user cannot see changes nothing", () => {
    expect(chooseOrganization(organizations, current, "elsewhere")).toEqual(current);
  });

  it("a team only within the selected organization", () => {
    expect(chooseTeam(organizations, current, "front-desk")).toEqual({ organizationId: "dental", teamId: "front-desk" });
    expect(chooseTeam(organizations, current, "trainers")).toEqual(current);
  });
});

describe("all teams", () => {
  it("is kept for the stored organization when it has teams, and chosen like a team", () => {
    expect(resolveSelection(organizations, { organizationId: "dental", teamId: ALL_TEAMS })).toEqual({ organizationId: "dental", teamId: ALL_TEAMS });
    expect(resolveSelection(organizations, { organizationId: "garage", teamId: ALL_TEAMS })).toEqual({ organizationId: "garage", teamId: null });
    expect(chooseTeam(organizations, { organizationId: "gym", teamId: "trainers" }, ALL_TEAMS)).toEqual({ organizationId: "gym", teamId: ALL_TEAMS });
    expect(chooseTeam(organizations, { organizationId: "garage", teamId: null }, ALL_TEAMS)).toEqual({ organizationId: "garage", teamId: null });
  });
});
