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
  // Single sign-on (issue 26, docs/product/single-sign-on.md): an account at an OpenID Connect provider linked to the user by its verified email.
  "sso.identity-linked",
  "sso.identity-unlinked",
  // A stored credential of an integration (hub connection, voice platform, Cal.com) replaced by a new one (issue 26).
  "integration.secret-replaced",
  // The affiliate programme (issue 26, docs/product/affiliates.md): the super admin's decisions and every payout move.
  "affiliate.approved",
  "affiliate.rejected",
  "affiliate.rate-changed",
  "payout.moved",
  // The plan catalogue on /products (issue 26, docs/product/products-and-analytics.md): created, terms changed, retired, reactivated.
  "plan.changed",
  // Invoices that are tax documents (issue 27, docs/decisions/0056-tax-invoices.md): a tenant's billing details saved.
  "billing-details.changed",
  // Tax rates on /products/tax-rates (issue 27, docs/decisions/0066-tax-rates-on-screen.md): a country's rate set from a day on.
  "tax-rate.changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
