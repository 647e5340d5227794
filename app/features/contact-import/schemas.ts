import { z } from "zod";
import { contactFieldsSchema } from "~/features/contacts/contact-rules";
import { MAPPING_TARGETS, type ColumnMapping } from "./column-mapping";
import { NEW_LIST } from "./import-forms";

/**
 * One schema per form of the import screens, for the route actions (and the
 * loaders, which derive the fields' HTML constraints from them). Messages are
 * keys in the `imports` namespace, except the row correction form, which uses
 * the contact rules (and their keys in the `contacts` namespace) unchanged.
 */

/** The upload form: a file is needed and it must be a .csv (the server checks the content too). */
export const uploadSchema = z.object({
  file: z
    .instanceof(File, { message: "validation.fileRequired" })
    .refine((file) => file.size > 0 || file.name !== "", "validation.fileRequired")
    .refine((file) => /\.csv$/i.test(file.name), "validation.fileType"),
});

const columnChoice = z
  .string()
  .trim()
  .regex(/^\d{0,4}$/, "validation.columnUnknown")
  .optional()
  .transform((value) => (value ? Number(value) : null));

/** The mapping form: one select per target; a first name (or full name) and a phone column are required. */
export const mappingSchema = z
  .object(Object.fromEntries(MAPPING_TARGETS.map((target) => [target, columnChoice])) as Record<keyof ColumnMapping, typeof columnChoice>)
  .superRefine((mapping, context) => {
    if (mapping.firstName === null && mapping.fullName === null) {
      context.addIssue({ code: "custom", path: ["firstName"], message: "validation.firstNameColumnRequired" });
    }
    if (mapping.phone === null) context.addIssue({ code: "custom", path: ["phone"], message: "validation.phoneColumnRequired" });
  });

/** Correcting a row: the contact rules themselves (phones read in the tenant's country), plus the row it is for. */
export const rowEditSchema = (country: string) => contactFieldsSchema(country).extend({ row: z.coerce.number().int().positive() });

export const rowActionSchema = z.object({ row: z.coerce.number().int().positive() });

/** Starting the import: an existing list, or a new one by name. */
export const startImportSchema = z
  .object({
    listId: z.string().trim().optional(),
    // Length and uniqueness are checked by createContactList (lists.server.ts), which owns the list rules.
    newListName: z.string().trim().optional(),
  })
  .superRefine((value, context) => {
    if (value.listId === NEW_LIST && !value.newListName) {
      context.addIssue({ code: "custom", path: ["newListName"], message: "validation.listNameRequired" });
    } else if (!value.listId && !value.newListName) {
      context.addIssue({ code: "custom", path: ["listId"], message: "validation.listRequired" });
    }
  });

/** The forms' fields as conform sees them (types only: the page does not load zod). */
export type RowEditFields = z.input<ReturnType<typeof rowEditSchema>>;
export type StartImportFields = z.input<typeof startImportSchema>;
export type UploadFields = z.input<typeof uploadSchema>;
