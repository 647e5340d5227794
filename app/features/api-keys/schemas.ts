import { z } from "zod";

/**
 * The forms of /api-access, shared by conform in the browser and the route
 * action. Messages are translation keys in the `api` namespace.
 */
export const API_KEY_NAME_MAX = 80;

export const CreateApiKeySchema = z.object({
  intent: z.literal("create"),
  name: z
    .string({ required_error: "validation.nameRequired" })
    .trim()
    .min(1, "validation.nameRequired")
    .max(API_KEY_NAME_MAX, "validation.nameTooLong"),
});

export const RevokeApiKeySchema = z.object({
  intent: z.literal("revoke"),
  keyId: z.string({ required_error: "validation.keyRequired" }).min(1, "validation.keyRequired"),
});

/** The tabs of /api-access (spec section 2); only `keys` is built so far. */
export const API_ACCESS_TABS = ["dashboard", "documentation", "keys", "usage", "account"] as const;
export type ApiAccessTab = (typeof API_ACCESS_TABS)[number];

export function isApiAccessTab(value: unknown): value is ApiAccessTab {
  return typeof value === "string" && (API_ACCESS_TABS as readonly string[]).includes(value);
}
