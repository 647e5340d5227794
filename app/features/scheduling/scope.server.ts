import { getDb, type DB } from "~/db/db.server";
import type { GateContext } from "~/features/access/gate.server";
import { listEventTypes } from "./event-types/event-types.server";

export interface SchedulingScope {
  organizationId: string;
  teamId: string | null;
}

export function schedulingScope(gate: GateContext): SchedulingScope | null {
  const organization = gate.selection.organization;
  return organization ? { organizationId: organization.id, teamId: gate.selection.team?.id ?? null } : null;
}

/** The event types the selection offers: the selected team's, or every team's of the organization. */
export async function eventTypesInScope(tenantId: string, scope: SchedulingScope, db: DB = getDb()) {
  const teamIds = scope.teamId
    ? [scope.teamId]
    : (await db.selectFrom("teams").select("id").where("tenant_id", "=", tenantId).where("organization_id", "=", scope.organizationId).execute()).map(
        (team) => team.id,
      );
  return listEventTypes(tenantId, teamIds, db);
}
