import { z } from "zod";
import { PLATFORM_ASSIGNABLE_ROLE_KEYS } from "./user-rules";

/** The super admin's forms on one user's page: one intent each; the role change names a built-in role. */
export const UserActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("disable") }),
  z.object({ intent: z.literal("enable") }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
  z.object({ intent: z.literal("resend-verification") }),
  z.object({ intent: z.literal("send-password-reset") }),
  z.object({ intent: z.literal("change-role"), roleKey: z.enum(PLATFORM_ASSIGNABLE_ROLE_KEYS, { errorMap: () => ({ message: "validation.roleRequired" }) }) }),
]);
