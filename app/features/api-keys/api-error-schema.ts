import { z } from "zod";

/**
 * The one error shape of /api/v1 (api-request.server.ts builds it), as a
 * schema so the OpenAPI document (app/features/api-docs) describes exactly
 * what clients receive. Clients branch on `code`; `message` is English.
 */
export const ApiErrorDetailSchema = z.object({
  path: z.string().describe('The field at fault, dotted ("call.cost.currency"), or "(event)" / "(body)" for the whole thing.'),
  message: z.string().describe("What is wrong with it, in English."),
});

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe("Stable, machine-readable: branch on this (invalid_request, not_found, slot_taken, rate_limited…)."),
    message: z.string().describe("A human-readable English explanation; may change wording."),
    details: z.array(ApiErrorDetailSchema).optional().describe("Every problem of a rejected body or query at once."),
  }),
});

export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
