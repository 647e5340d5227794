import type { DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";

/**
 * The demo's audit log (docs/product/audit-log.md): the memberships the
 * scheduling demo seeds (demo-scheduling.server.ts) were the owner's doing,
 * so each is recorded as the owner adding that member, at the moment it was made.
 */
export async function seedDemoAudit(db: DB, tenantId: string, ownerId: string) {
  const memberships = await db
    .selectFrom("organization_members")
    .innerJoin("organizations", "organizations.id", "organization_members.organization_id")
    .innerJoin("users", "users.id", "organization_members.user_id")
    .select(["users.id", "users.name", "users.email", "organizations.name as organization", "organization_members.role_key", "organization_members.created_at"])
    .where("organizations.tenant_id", "=", tenantId)
    .where("users.id", "!=", ownerId)
    .orderBy("organization_members.created_at")
    .execute();
  for (const member of memberships) {
    await recordAudit(
      db,
      {
        tenantId,
        actorUserId: ownerId,
        action: "member.added",
        target: { kind: "user", id: member.id, label: `${member.name} <${member.email}>` },
        details: { organization: member.organization, role: member.role_key },
      },
      member.created_at,
    );
  }
}
