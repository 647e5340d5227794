import { z } from "zod";
import { ORGANIZATION_NAME_MAX } from "./organization-rules";

/**
 * The organization form (business name, website; the logo is a file part
 * checked by its bytes on the server). Messages are keys of the
 * organizations namespace. A website typed without a scheme gets https://.
 */

export const OrganizationSchema = z.object({
  name: z
    .string({ required_error: "validation.nameRequired" })
    .trim()
    .min(1, "validation.nameRequired")
    .min(2, "validation.nameTooShort")
    .max(ORGANIZATION_NAME_MAX, "validation.nameTooLong"),
  website: z
    .string()
    .trim()
    .max(2048, "validation.websiteInvalid")
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
      try {
        const url = new URL(withScheme);
        if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".")) return url.toString();
      } catch {
        // reported below
      }
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.websiteInvalid" });
      return z.NEVER;
    }),
});

export type OrganizationFields = z.input<typeof OrganizationSchema>;
