import { z } from "zod";
import { contactFieldsSchema } from "./contact-rules";
import { LIST_NAME_MAX_LENGTH } from "./list-rules";

/**
 * One schema per form of the contacts screens, for the route actions (and the
 * loaders, which derive the fields' HTML constraints from them). Messages are
 * keys in the `contacts` namespace.
 */

/**
 * The contact form: the contact rules (docs/product/validation.md#contacts), the list it belongs
 * to and the opt-out flag; national numbers are read in `country`, the tenant's.
 */
export function contactFormSchema(country: string) {
  return contactFieldsSchema(country).extend({
    listId: z.string({ required_error: "validation.listRequired" }).trim().min(1, "validation.listRequired"),
    // An unchecked checkbox sends nothing.
    optedOut: z.boolean().default(false),
  });
}

export type ContactFormValues = z.infer<ReturnType<typeof contactFormSchema>>;
/** The form's fields as conform sees them (a type only: the page does not load zod). */
export type ContactFormFields = z.input<ReturnType<typeof contactFormSchema>>;

/** Creating and renaming a list. */
export const ListNameSchema = z.object({
  name: z
    .string({ required_error: "validation.listNameRequired" })
    .trim()
    .min(1, "validation.listNameRequired")
    .max(LIST_NAME_MAX_LENGTH, "validation.listNameTooLong"),
});

/** The quick row action: mark a contact opted out, or take the mark away. */
export const OptOutSchema = z.object({
  optedOut: z.enum(["1", "0"]),
});

/** The list name form's fields as conform sees them (a type only: the page does not load zod). */
export type ListNameFields = z.input<typeof ListNameSchema>;
