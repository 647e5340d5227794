import { z } from "zod";
import { API_KEY_NAME_MAX } from "./key-rules";
import { API_SCOPES } from "./scopes";

/**
 * The forms of /api-access, for the route's action (and its loader, which
 * derives the fields' HTML constraints from them). Messages are translation
 * keys in the `api` namespace.
 */

export const CreateApiKeySchema = z.object({
  intent: z.literal("create"),
  name: z.string({ required_error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(API_KEY_NAME_MAX, "validation.nameTooLong"),
  scopes: z
    .array(z.enum(API_SCOPES, { errorMap: () => ({ message: "validation.scopeUnknown" }) }), { required_error: "validation.scopesRequired" })
    .min(1, "validation.scopesRequired"),
  // A calendar day (UTC): the key works through the end of that day. Must lie in the future.
  expiresOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "validation.expiryInvalid")
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), "validation.expiryInvalid")
    .refine((day) => expiryInstant(day) > new Date().toISOString(), "validation.expiryPast")
    .optional(),
});

/** The instant a key chosen to expire on `day` stops working: the start of the next UTC day. */
export function expiryInstant(day: string) {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

export const RevokeApiKeySchema = z.object({
  intent: z.literal("revoke"),
  keyId: z.string({ required_error: "validation.keyRequired" }).min(1, "validation.keyRequired"),
});

/** The create form's fields as conform sees them (a type only). */
export type CreateApiKeyFields = z.input<typeof CreateApiKeySchema>;
