import { TENANT_BUILT_IN_ROLE_KEYS } from "~/features/roles/custom-role-rules";

/** The built-in roles the super admin hands out: the tenant's four and the platform's own (docs/product/roles.md#users-management). */
export const PLATFORM_ASSIGNABLE_ROLE_KEYS = [...TENANT_BUILT_IN_ROLE_KEYS, "platform-admin"] as const;
export type PlatformAssignableRole = (typeof PLATFORM_ASSIGNABLE_ROLE_KEYS)[number];

export const USER_INTENTS = ["disable", "enable", "sign-out-everywhere", "change-role", "resend-verification", "send-password-reset"] as const;
export type UserIntent = (typeof USER_INTENTS)[number];
