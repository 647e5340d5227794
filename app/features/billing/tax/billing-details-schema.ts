import { z } from "zod";
import { BILLING_COUNTRIES } from "./billing-countries";
import { checkVatId, isEuCountry, normalizeVatId } from "./vat-id";

/**
 * The billing details form's one schema (the /billing "Billing details" tab).
 * Messages are keys of the billing namespace, shown at their field.
 */

const required = (key: string, max: number) => z.string({ required_error: key }).trim().min(1, key).max(max, "validation.tooLong");

export const billingDetailsSchema = z
  .object({
    legalName: required("validation.legalNameRequired", 200),
    street: required("validation.streetRequired", 200),
    postcode: required("validation.postcodeRequired", 20),
    city: required("validation.cityRequired", 100),
    country: z.enum(BILLING_COUNTRIES, { errorMap: () => ({ message: "validation.countryRequired" }) }),
    vatId: z.string().trim().max(20, "validation.tooLong").optional(),
    taxExempt: z.preprocess((value) => value === "on" || value === "1" || value === "true", z.boolean()),
  })
  .transform((value, ctx) => {
    if (!value.vatId) return { ...value, vatId: null };
    if (!isEuCountry(value.country)) return { ...value, vatId: normalizeVatId(value.vatId) };
    const check = checkVatId(value.country, value.vatId);
    if (!check.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["vatId"], message: check.reason === "prefix" ? "validation.vatIdPrefix" : "validation.vatIdFormat" });
      return z.NEVER;
    }
    return { ...value, vatId: check.vatId };
  });

export type BillingDetailsInput = z.output<typeof billingDetailsSchema>;
