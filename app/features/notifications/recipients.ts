import { can, type PermissionMap } from "~/features/roles/permissions";

/**
 * Who is told (docs/decisions/0059-notifications.md). An account-wide event
 * (an import, a campaign, a payment, an appointment) goes to the tenant's
 * owners and admins who may read the area it belongs to; a ticket assignment
 * goes to the assignee alone. Permissions are read when the notification is
 * made, so a role without the area never learns of it; nobody is told what
 * they did themselves.
 */
export interface Candidate {
  id: string;
  roleKey: string;
  permissions: PermissionMap;
  disabled: boolean;
}

export const ACCOUNT_NOTIFIED_ROLES = ["owner", "admin"] as const;

export function accountRecipients(candidates: Candidate[], area: string, actorUserId: string | null = null): string[] {
  return candidates
    .filter(
      (user) =>
        !user.disabled &&
        user.id !== actorUserId &&
        (ACCOUNT_NOTIFIED_ROLES as readonly string[]).includes(user.roleKey) &&
        can(user.permissions, area, "read"),
    )
    .map((user) => user.id);
}

/** One named user (the assignee, an appointment's host), if they may read the area and did not act themselves. */
export function personalRecipient(candidate: Candidate | undefined, area: string, actorUserId: string | null = null): string[] {
  if (!candidate || candidate.disabled || candidate.id === actorUserId || !can(candidate.permissions, area, "read")) return [];
  return [candidate.id];
}
