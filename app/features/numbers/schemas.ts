import { z } from "zod";
import { isValidPhoneNumber } from "~/features/phone/phone";

/**
 * One schema per form of /numbers-managment, shared by conform in the browser
 * and the route actions. Messages are translation keys in the numbers
 * namespace. Which form a POST comes from is the hidden `intent` field.
 */
export const NUMBER_INTENTS = ["add", "rename", "assign"] as const;
export type NumberIntent = (typeof NUMBER_INTENTS)[number];

export const MAX_LABEL_LENGTH = 60;

const labelSchema = z
  .string()
  .trim()
  .max(MAX_LABEL_LENGTH, "validation.labelTooLong")
  .optional()
  .transform((value) => value ?? "");

/** The onboarding phone step's rules and wording (spec section 5); national numbers are read in the tenant's `country`. */
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

/** Conform's form ids: one per row for the row forms, so errors land on the row they belong to. */
export const addFormId = "number-add";
export const renameFormId = (id: string) => `number-label-${id}`;
export const assignFormId = (id: string) => `number-kb-${id}`;
