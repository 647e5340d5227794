import { z } from "zod";
import { API_KEY_NAME_MAX } from "./key-rules";

/**
 * The forms of /api-access, for the route's action (and its loader, which
 * derives the fields' HTML constraints from them). Messages are translation
 * keys in the `api` namespace.
 */

export const CreateApiKeySchema = z.object({
  intent: z.literal("create"),
  name: z.string({ required_error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(API_KEY_NAME_MAX, "validation.nameTooLong"),
});

export const RevokeApiKeySchema = z.object({
  intent: z.literal("revoke"),
  keyId: z.string({ required_error: "validation.keyRequired" }).min(1, "validation.keyRequired"),
});

/** The create form's fields as conform sees them (a type only). */
export type CreateApiKeyFields = z.input<typeof CreateApiKeySchema>;
