import { getDb, type DB } from "~/db/db.server";
import { can, type PermissionMap } from "~/features/roles/permissions";
import { FIRST_STEPS, type FirstStepKey, type FirstStepView } from "./first-step-definitions";

/** Which first steps the tenant has taken: each is done once the tenant holds at least one of its things. */
export async function loadFirstStepsDone(tenantId: string, db: DB = getDb()): Promise<Record<FirstStepKey, boolean>> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.exists(eb.selectFrom("phone_numbers").select("id").where("tenant_id", "=", tenantId)).as("number"),
      eb.exists(eb.selectFrom("knowledge_bases").select("id").where("tenant_id", "=", tenantId)).as("knowledgeBase"),
      eb.exists(eb.selectFrom("contacts").select("id").where("tenant_id", "=", tenantId)).as("contacts"),
      eb.exists(eb.selectFrom("campaigns").select("id").where("tenant_id", "=", tenantId)).as("campaign"),
      eb.exists(eb.selectFrom("organizations").select("id").where("tenant_id", "=", tenantId)).as("organization"),
    ])
    .executeTakeFirstOrThrow();
  // SQLite answers EXISTS with 0 or 1.
  return {
    number: Boolean(row.number),
    knowledgeBase: Boolean(row.knowledgeBase),
    contacts: Boolean(row.contacts),
    campaign: Boolean(row.campaign),
    organization: Boolean(row.organization),
  };
}

/**
 * The checklist the overview shows until the onboarding wizard exists; null
 * once every step is done. An open step links to where it is taken only when
 * the user may create there: an agent sees what is missing, not a door that
 * would refuse them.
 */
export async function loadFirstSteps(tenantId: string, permissions: PermissionMap, db: DB = getDb()): Promise<FirstStepView[] | null> {
  const done = await loadFirstStepsDone(tenantId, db);
  if (FIRST_STEPS.every((step) => done[step.key])) return null;
  return FIRST_STEPS.map((step) => ({
    key: step.key,
    done: done[step.key],
    links: !done[step.key] && can(permissions, step.area, "create") ? step.links : [],
  }));
}
