/**
 * The roles a member of an organization can hold, highest first (issue 12).
 * A member's role in the selected organization decides the permission map
 * the gate uses, but never below the user's role in the account: an account
 * owner is an owner everywhere, and a role in one organization can only add.
 */
export const MEMBER_ROLES = ["owner", "admin", "agent"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const isMemberRole = (value: unknown): value is MemberRole => typeof value === "string" && (MEMBER_ROLES as readonly string[]).includes(value);

/**
 * Every built-in account role, highest first. Support works the service desk
 * and sits above the read-only agent; it is no organization role (it has no
 * organization screen to raise), so MEMBER_ROLES leaves it out.
 */
export const ACCOUNT_ROLE_LADDER = ["owner", "admin", "support", "agent"] as const;

/**
 * A tenant's own role (docs/product/roles.md) has a generated key with this
 * prefix. It is an account role only, never an organization role, and it
 * ranks below every built-in role: it hands out nothing and manages nobody in
 * an organization, and an organization role can only add to it there.
 */
export const CUSTOM_ROLE_KEY_PREFIX = "custom-";
export const isCustomRoleKey = (roleKey: string) => roleKey.startsWith(CUSTOM_ROLE_KEY_PREFIX);

/** Higher is more; a role outside the ladder (the platform's super-admin) ranks above all, so it is never replaced; a custom role ranks below all. */
export function roleRank(roleKey: string) {
  if (isCustomRoleKey(roleKey)) return -1;
  const index = (ACCOUNT_ROLE_LADDER as readonly string[]).indexOf(roleKey);
  return index === -1 ? ACCOUNT_ROLE_LADDER.length : ACCOUNT_ROLE_LADDER.length - 1 - index;
}

/** The role that decides: the higher of the account's and the organization's. */
export function effectiveRoleKey(accountRoleKey: string, organizationRoleKey: string | null | undefined) {
  if (!organizationRoleKey || !isMemberRole(organizationRoleKey)) return accountRoleKey;
  return roleRank(organizationRoleKey) > roleRank(accountRoleKey) ? organizationRoleKey : accountRoleKey;
}

/** Nobody hands out more than they hold, and only an owner changes or removes another owner. */
export function canAssignRole(actorRoleKey: string, roleKey: MemberRole) {
  return roleRank(actorRoleKey) >= roleRank(roleKey);
}

export function canManageMember(actorRoleKey: string, memberRoleKey: string) {
  return roleRank(actorRoleKey) >= roleRank(memberRoleKey);
}

/**
 * Whether an actor may remove a member or change their role in an
 * organization. The member stands at the higher of their two roles, and the
 * account's owner is changed or removed by an account owner alone: an owner of
 * one organization cannot push the account's owner out of it (issue 22, item 2).
 */
export function mayChangeMember(actor: { roleKey: string; accountRoleKey: string }, member: { roleKey: string; accountRoleKey: string }) {
  if (member.accountRoleKey === "owner" && roleRank(actor.accountRoleKey) < roleRank("owner")) return false;
  return canManageMember(actor.roleKey, effectiveRoleKey(member.accountRoleKey, member.roleKey));
}
