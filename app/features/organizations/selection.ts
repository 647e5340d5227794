/**
 * Which organization and team the dashboard shows
 * (docs/product/behaviour.md#organization-selection), decided on the server from the stored choice
 * (a cookie) and the organizations the user can see:
 * - the stored organization when it is still one of them, else the first;
 * - the stored team when it belongs to that organization, else its first
 *   team, else none;
 * - choosing an organization selects its first team, or no team;
 * - "all teams" (ALL_TEAMS) is a choice of its own, kept like a team, so a
 *   manager can see the whole organization's appointments and staff.
 */
export const ALL_TEAMS = "all";

export interface SelectableOrganization {
  id: string;
  /** In the order the selector lists them: the first is the default. */
  teams: ReadonlyArray<{ id: string }>;
}

export interface Selection {
  organizationId: string | null;
  teamId: string | null;
}

export function resolveSelection(organizations: readonly SelectableOrganization[], stored: Partial<Selection>): Selection {
  const organization = organizations.find((candidate) => candidate.id === stored.organizationId) ?? organizations[0];
  if (!organization) return { organizationId: null, teamId: null };
  if (stored.teamId === ALL_TEAMS && stored.organizationId === organization.id && organization.teams.length > 0)
    return { organizationId: organization.id, teamId: ALL_TEAMS };
  const team = organization.teams.find((candidate) => candidate.id === stored.teamId) ?? organization.teams[0];
  return { organizationId: organization.id, teamId: team?.id ?? null };
}

/** The selector's "choose this organization": its first team comes with it. An organization the user cannot see changes nothing. */
export function chooseOrganization(organizations: readonly SelectableOrganization[], current: Selection, organizationId: string): Selection {
  const organization = organizations.find((candidate) => candidate.id === organizationId);
  if (!organization) return current;
  return { organizationId: organization.id, teamId: organization.teams[0]?.id ?? null };
}

/** The selector's "choose this team": only a team of the selected organization. */
export function chooseTeam(organizations: readonly SelectableOrganization[], current: Selection, teamId: string): Selection {
  const organization = organizations.find((candidate) => candidate.id === current.organizationId);
  if (teamId === ALL_TEAMS && organization && organization.teams.length > 0) return { organizationId: organization.id, teamId: ALL_TEAMS };
  if (!organization?.teams.some((team) => team.id === teamId)) return current;
  return { organizationId: organization.id, teamId };
}
