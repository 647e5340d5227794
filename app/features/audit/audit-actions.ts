/**
 * What the audit log records (docs/product/audit-log.md): every
 * administrative and security action, one key each. A key is the entry's
 * `action` column and its label is `actions.<key>` in the audit namespace.
 */
export const AUDIT_ACTIONS = [
  "api-key.created",
  "api-key.revoked",
  "member.added",
  "member.removed",
  "member.role-changed",
  // Roles and users (issue 26): a tenant's custom roles, and the super admin's actions on a user (docs/product/roles.md).
  "role.created",
  "role.updated",
  "role.deleted",
  "user.disabled",
  "user.enabled",
  "user.signed-out-everywhere",
  "user.password-reset-sent",
  "user.verification-resent",
  // Account security (issue 26): two-factor sign-in and sessions (docs/product/two-factor.md).
  "two-factor.enabled",
  "two-factor.disabled",
  "two-factor.recovery-codes-regenerated",
  "two-factor.requirement-changed",
  "session.signed-out",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
