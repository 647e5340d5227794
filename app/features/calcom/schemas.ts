import { z } from "zod";

/** The Cal.com page's connect form; messages are keys of the calcom namespace. */
export const ConnectCalcomSchema = z.object({
  intent: z.literal("connect"),
  apiKey: z.string({ required_error: "validation.apiKeyRequired" }).trim().min(1, "validation.apiKeyRequired").max(300, "validation.apiKeyInvalid"),
  baseUrl: z.string().trim().max(2048, "validation.baseUrlInvalid").optional(),
  teamId: z.string({ required_error: "validation.teamRequired" }).min(1, "validation.teamRequired"),
});

export type ConnectCalcomFields = z.input<typeof ConnectCalcomSchema>;
