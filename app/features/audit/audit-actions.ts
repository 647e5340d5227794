/**
 * What the audit log records (docs/product/audit-log.md): every
 * administrative and security action, one key each. A key is the entry's
 * `action` column and its label is `actions.<key>` in the audit namespace.
 */
export const AUDIT_ACTIONS = ["api-key.created", "api-key.revoked", "member.added", "member.removed", "member.role-changed"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
