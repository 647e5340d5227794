import { z } from "zod";
import { isValidPhoneNumber } from "~/features/phone/phone-check";
import { MAX_LABEL_LENGTH } from "./number-forms";

/**
 * One schema per form of /numbers-managment, for the route's action (and its
 * loader, which derives the fields' HTML constraints from them). Messages are
 * translation keys in the numbers namespace.
 */

const labelSchema = z
  .string()
  .trim()
  .max(MAX_LABEL_LENGTH, "validation.labelTooLong")
  .optional()
  .transform((value) => value ?? "");

/** The phone rules and wording of docs/product/validation.md#phone-messages; national numbers are read in the tenant's `country`. */
export const businessPhoneSchema = (country: string) =>
  z
    .string({ required_error: "validation.phoneRequired" })
    .trim()
    .min(1, "validation.phoneRequired")
    // Blank is "required" only; the format message would only repeat it.
    .refine((value) => value === "" || isValidPhoneNumber(value, country), "validation.phoneInvalid");

export const addNumberSchema = (country: string) =>
  z.object({
    phone: businessPhoneSchema(country),
    label: labelSchema,
  });

const numberId = z.string({ required_error: "validation.numberRequired" }).min(1, "validation.numberRequired");

export const RenameNumberSchema = z.object({
  id: numberId,
  label: labelSchema,
});

export const AssignKnowledgeBaseSchema = z.object({
  id: numberId,
  knowledgeBaseId: z.string({ required_error: "validation.knowledgeBaseRequired" }).min(1, "validation.knowledgeBaseRequired"),
});

/** The agent answering a number's inbound calls; "" for none (docs/product/agents.md#assignment). */
export const AssignAgentSchema = z.object({
  id: numberId,
  agentId: z.string().trim().default(""),
});

/** The forms' fields as conform sees them (a type only: the page does not load zod). */
export type AddNumberFields = z.input<ReturnType<typeof addNumberSchema>>;
export type RenameNumberFields = z.input<typeof RenameNumberSchema>;
export type AssignKnowledgeBaseFields = z.input<typeof AssignKnowledgeBaseSchema>;
export type AssignAgentFields = z.input<typeof AssignAgentSchema>;
