import { getOrganization } from "~/features/organizations/organizations.server";
import { getTeam, listTeamMembers } from "~/features/organizations/teams.server";
import { notFound } from "~/lib/http/errors.server";
import { getEventType } from "./event-types.server";

/** The organization, team and (when named) event type of an event type page, all the tenant's, or a 404. */
export async function requireEventTypePlace(tenantId: string, params: { id?: string; teamId?: string; eventTypeId?: string }) {
  const organization = await getOrganization(tenantId, params.id ?? "");
  const team = organization ? await getTeam(tenantId, organization.id, params.teamId ?? "") : undefined;
  if (!organization || !team) notFound();
  const eventType = params.eventTypeId !== undefined ? await getEventType(tenantId, params.eventTypeId) : undefined;
  if (params.eventTypeId !== undefined && (!eventType || eventType.team_id !== team.id)) notFound();
  const members = await listTeamMembers(tenantId, team.id);
  return { organization, team, eventType, teamMembers: members.map(({ id, name }) => ({ id, name })) };
}
