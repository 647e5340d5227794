import { getDb, inTransaction, now, type DB } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { canAssignRole, canManageMember, isMemberRole, mayChangeMember, type MemberRole } from "~/features/roles/role-rank";
import type { Language } from "~/i18n/config";
import { inviteToOrganization } from "./invitations.server";

export interface Actor {
  id: string;
  /** The actor's effective role in this organization (organizationAccess). */
  roleKey: string;
  /** The actor's role in the account (gate.user.accountRoleKey): only an account owner changes the account's owner. */
  accountRoleKey: string;
  language: Language;
}

/** The organization's members by name, with their role there and in the account. */
export function listMembers(tenantId: string, organizationId: string, db: DB = getDb()) {
  return db
    .selectFrom("organization_members")
    .innerJoin("users", "users.id", "organization_members.user_id")
    .innerJoin("organizations", "organizations.id", "organization_members.organization_id")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select(["users.id", "users.name", "users.email", "organization_members.role_key", "roles.key as account_role_key", "organization_members.created_at"])
    .where("organizations.tenant_id", "=", tenantId)
    .where("users.tenant_id", "=", tenantId)
    .where("organization_members.organization_id", "=", organizationId)
    .orderBy("users.name")
    .orderBy("users.id")
    .execute();
}

export function listPendingInvitations(tenantId: string, organizationId: string, db: DB = getDb()) {
  return db
    .selectFrom("invitations")
    .select(["id", "email", "role_key", "created_at", "expires_at"])
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", organizationId)
    .where("accepted_at", "is", null)
    .where("expires_at", ">", now())
    .orderBy("created_at", "desc")
    .execute();
}

export type AddMemberOutcome = { kind: "added"; name: string } | { kind: "invited" } | { kind: "already-member" } | { kind: "role-not-allowed" };

/**
 * Adds a user of the account by email, or, when nobody in the account has
 * that address, sends an invitation whose link creates the account's new
 * user. Addresses are compared lower-cased, as sign-in does.
 */
export async function addMemberByEmail(
  tenantId: string,
  organizationId: string,
  input: { email: string; roleKey: MemberRole },
  actor: Actor,
  db: DB = getDb(),
): Promise<AddMemberOutcome> {
  if (!canAssignRole(actor.roleKey, input.roleKey)) return { kind: "role-not-allowed" };
  const email = input.email.trim().toLowerCase();
  const user = await db.selectFrom("users").select(["id", "name"]).where("tenant_id", "=", tenantId).where("email", "=", email).executeTakeFirst();
  if (!user) {
    if (!(await mayTouchInvitation(tenantId, organizationId, email, actor, db))) return { kind: "role-not-allowed" };
    await inviteToOrganization(tenantId, organizationId, { email, roleKey: input.roleKey }, actor, db);
    return { kind: "invited" };
  }
  const added = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("organization_members")
      .values({ organization_id: organizationId, user_id: user.id, role_key: input.roleKey, created_at: now() })
      .onConflict((oc) => oc.columns(["organization_id", "user_id"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await auditMember(trx, tenantId, organizationId, actor, "member.added", { id: user.id, label: `${user.name} <${email}>` }, { role: input.roleKey });
    return true;
  });
  if (!added) return { kind: "already-member" };
  return { kind: "added", name: user.name };
}

/** A pending invitation is withdrawn or replaced only by someone who could have sent it. */
async function mayTouchInvitation(tenantId: string, organizationId: string, email: string, actor: Actor, db: DB) {
  const pending = await db
    .selectFrom("invitations")
    .select("role_key")
    .where("tenant_id", "=", tenantId)
    .where("organization_id", "=", organizationId)
    .where("email", "=", email.trim().toLowerCase())
    .where("accepted_at", "is", null)
    .execute();
  return pending.every((invitation) => canManageMember(actor.roleKey, invitation.role_key));
}

export type MemberChangeOutcome = { kind: "done"; name: string } | { kind: "not-member" } | { kind: "role-not-allowed" } | { kind: "self" };

async function findMember(tenantId: string, organizationId: string, email: string, db: DB) {
  return db
    .selectFrom("organization_members")
    .innerJoin("users", "users.id", "organization_members.user_id")
    .innerJoin("roles", "roles.id", "users.role_id")
    .select(["users.id", "users.name", "organization_members.role_key", "roles.key as account_role_key"])
    .where("users.tenant_id", "=", tenantId)
    .where("organization_members.organization_id", "=", organizationId)
    .where("users.email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * Removes a member by email, with their places in the
 * organization's teams and as a host of its event types, in one transaction.
 * A pending invitation to that address is withdrawn too.
 */
export async function removeMemberByEmail(
  tenantId: string,
  organizationId: string,
  email: string,
  actor: Actor,
  db: DB = getDb(),
): Promise<MemberChangeOutcome> {
  const member = await findMember(tenantId, organizationId, email, db);
  if (!member) {
    if (!(await mayTouchInvitation(tenantId, organizationId, email, actor, db))) return { kind: "role-not-allowed" };
    const withdrawn = await db
      .deleteFrom("invitations")
      .where("tenant_id", "=", tenantId)
      .where("organization_id", "=", organizationId)
      .where("email", "=", email.trim().toLowerCase())
      .where("accepted_at", "is", null)
      .executeTakeFirst();
    return Number(withdrawn.numDeletedRows) > 0 ? { kind: "done", name: email } : { kind: "not-member" };
  }
  if (member.id === actor.id) return { kind: "self" };
  if (!mayChangeMember(actor, { roleKey: member.role_key, accountRoleKey: member.account_role_key })) return { kind: "role-not-allowed" };
  await db.transaction().execute(async (trx) => {
    const teamIds = trx.selectFrom("teams").select("id").where("organization_id", "=", organizationId).where("tenant_id", "=", tenantId);
    const eventTypeIds = trx.selectFrom("event_types").select("id").where("team_id", "in", teamIds);
    await trx.deleteFrom("event_type_hosts").where("user_id", "=", member.id).where("event_type_id", "in", eventTypeIds).execute();
    await trx.deleteFrom("team_members").where("user_id", "=", member.id).where("team_id", "in", teamIds).execute();
    await trx.deleteFrom("organization_members").where("organization_id", "=", organizationId).where("user_id", "=", member.id).execute();
    await auditMember(trx, tenantId, organizationId, actor, "member.removed", memberTarget(member, email), { role: member.role_key });
  });
  return { kind: "done", name: member.name };
}

export async function changeMemberRole(
  tenantId: string,
  organizationId: string,
  input: { email: string; roleKey: string },
  actor: Actor,
  db: DB = getDb(),
): Promise<MemberChangeOutcome> {
  if (!isMemberRole(input.roleKey) || !canAssignRole(actor.roleKey, input.roleKey)) return { kind: "role-not-allowed" };
  const member = await findMember(tenantId, organizationId, input.email, db);
  if (!member) return { kind: "not-member" };
  // Lowering one's own role could leave nobody able to raise it again.
  if (member.id === actor.id) return { kind: "self" };
  if (!mayChangeMember(actor, { roleKey: member.role_key, accountRoleKey: member.account_role_key })) return { kind: "role-not-allowed" };
  if (member.role_key !== input.roleKey) {
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable("organization_members")
        .set({ role_key: input.roleKey })
        .where("organization_id", "=", organizationId)
        .where("user_id", "=", member.id)
        .execute();
      await auditMember(trx, tenantId, organizationId, actor, "member.role-changed", memberTarget(member, input.email), {
        from: member.role_key,
        to: input.roleKey,
      });
    });
  }
  return { kind: "done", name: member.name };
}

const memberTarget = (member: { id: string; name: string }, email: string) => ({ id: member.id, label: `${member.name} <${email.trim().toLowerCase()}>` });

/** An audit entry for a change of membership, naming the organization as it is called now. */
async function auditMember(
  trx: DB,
  tenantId: string,
  organizationId: string,
  actor: Actor,
  action: "member.added" | "member.removed" | "member.role-changed",
  member: { id: string; label: string },
  details: Record<string, string>,
) {
  const organization = await trx
    .selectFrom("organizations")
    .select("name")
    .where("id", "=", organizationId)
    .where("tenant_id", "=", tenantId)
    .executeTakeFirst();
  await recordAudit(trx, {
    tenantId,
    actorUserId: actor.id,
    action,
    target: { kind: "user", ...member },
    details: { organization: organization?.name ?? organizationId, ...details },
  });
}

/** Users of the organization not yet in the team, for the team's "add member" choice. */
export function membersOutsideTeam(tenantId: string, organizationId: string, teamId: string, db: DB = getDb()) {
  return db
    .selectFrom("organization_members")
    .innerJoin("users", "users.id", "organization_members.user_id")
    .select(["users.id", "users.name", "users.email"])
    .where("users.tenant_id", "=", tenantId)
    .where("organization_members.organization_id", "=", organizationId)
    .where("users.id", "not in", db.selectFrom("team_members").select("user_id").where("team_id", "=", teamId))
    .orderBy("users.name")
    .execute();
}
