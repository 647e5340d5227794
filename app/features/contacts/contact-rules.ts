import { z } from "zod";
import { isValidPhoneNumber, toE164 } from "~/features/phone/phone-check";

/**
 * The rules a contact must meet (docs/product/validation.md#contacts: name required; phone required
 * and valid; email optional but valid; list required), shared by the contact
 * form, the CSV import's row classification and the campaign pre-launch check.
 * Messages are keys in the `contacts` namespace.
 */
export const CONTACT_FIELDS = ["firstName", "lastName", "title", "company", "phone", "email"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldValues = Record<ContactField, string>;

export const FIELD_MAX_LENGTH = 200;

const text = (max = FIELD_MAX_LENGTH) => z.string().trim().max(max, "validation.tooLong").default("");

/**
 * The rules for a tenant whose national numbers (leading 0) are read in
 * `country` (gate.tenant.country). One schema per country, made once: the
 * import checks every row of a file with it.
 */
export function contactFieldsSchema(country: string) {
  let schema = schemasByCountry.get(country);
  if (!schema) {
    schema = contactFieldsSchemaFor(country);
    schemasByCountry.set(country, schema);
  }
  return schema;
}

const contactFieldsSchemaFor = (country: string) =>
  z.object({
    firstName: z.string({ required_error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(FIELD_MAX_LENGTH, "validation.tooLong"),
    lastName: text(),
    title: text(),
    company: text(),
    phone: z
      .string({ required_error: "validation.phoneRequired" })
      .trim()
      .min(1, "validation.phoneRequired")
      .refine((value) => isValidPhoneNumber(value, country), "validation.phoneInvalid"),
    email: z
      .string()
      .trim()
      .max(254, "validation.tooLong")
      .default("")
      .refine((value) => value === "" || z.string().email().safeParse(value).success, "validation.emailInvalid"),
  });

const schemasByCountry = new Map<string, ReturnType<typeof contactFieldsSchemaFor>>();

export type ValidContactFields = z.infer<ReturnType<typeof contactFieldsSchema>>;

/** The first problem of each field, for a row of the import preview; an empty object means valid. */
export function contactFieldProblems(values: Partial<ContactFieldValues>, country: string): Partial<Record<ContactField, string>> {
  const result = contactFieldsSchema(country).safeParse(values);
  if (result.success) return {};
  const problems: Partial<Record<ContactField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    problems[field] ??= issue.message;
  }
  return problems;
}

/** The stored form of a valid phone: E.164. Call only after validation, with the same country. */
export function storedPhone(value: string, country: string): string {
  const e164 = toE164(value, country);
  if (!e164) throw new Error("storedPhone called with an invalid number");
  return e164;
}
