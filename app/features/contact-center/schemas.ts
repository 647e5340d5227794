import { z } from "zod";

/**
 * The contact center's quick actions that change the contact, posted to its
 * page (intent): opt out or back in, and move to another list. Message keys
 * are of the contact-center namespace.
 */
export const optOutSchema = z.object({
  intent: z.literal("opt-out"),
  optedOut: z.enum(["1", "0"]),
});

export const moveListSchema = z.object({
  intent: z.literal("move-list"),
  listId: z.string({ required_error: "validation.listRequired" }).trim().min(1, "validation.listRequired").max(64, "validation.listRequired"),
});
