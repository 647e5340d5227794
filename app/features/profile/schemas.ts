import { z } from "zod";
import { nameSchema, newPasswordSchema, phoneSchema } from "~/features/auth/schemas";
import { isValidPhoneNumber } from "~/features/phone/phone";
import { isPaletteName, type PaletteName } from "~/lib/theme/palette";

/**
 * One schema per form of /profile, shared by conform in the browser and the
 * route action. Messages are translation keys in the profile namespace. The
 * name, phone and password rules are registration's own schemas; their
 * `validation.*` keys have twins in locales/<lng>/profile.json so that every
 * message on the page reads from one namespace.
 */

/** Which form a POST to /profile comes from (the hidden `intent` field). */
export const PROFILE_INTENTS = ["update-details", "upload-picture", "remove-picture", "update-theme", "change-password", "delete-account"] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** Numbers typed with a leading 0 are national numbers of `country`, the tenant's (gate.tenant.country). */
export const detailsSchema = (country: string) =>
  z.object({
    name: nameSchema,
    phone: phoneSchema(country),
    // The number shown to people the agents call; optional, and when given it must be a real number.
    callerPhone: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || isValidPhoneNumber(value, country), "validation.phoneInvalid"),
  });

export const AVATAR_MIME_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;

/** The byte limit comes from the server's configuration (MAX_AVATAR_BYTES), so the schema is made per request. */
export function pictureSchema(maxBytes: number) {
  return z.object({
    picture: z
      .instanceof(File, { message: "validation.pictureRequired" })
      .refine((file) => (AVATAR_MIME_TYPES as readonly string[]).includes(file.type), "validation.pictureType")
      .refine((file) => file.size <= maxBytes, "validation.pictureTooLarge"),
  });
}

export const ThemeSchema = z.object({
  themeColor: z
    .string({ required_error: "validation.themeColorRequired" })
    .refine((value): value is PaletteName => isPaletteName(value), "validation.themeColorRequired"),
});

export const PasswordSchema = z.object({
  currentPassword: z.string({ required_error: "validation.currentPasswordRequired" }).min(1, "validation.currentPasswordRequired"),
  // "New password required" first; then registration's password rules.
  newPassword: z.string({ required_error: "validation.newPasswordRequired" }).pipe(newPasswordSchema),
});

/** The phrase is a translation, so the check uses the one the user was shown. */
export function deleteAccountSchema(phrase: string) {
  return z.object({
    confirmation: z
      .string({ required_error: "validation.deleteConfirmationInvalid" })
      .refine((value) => value.trim() === phrase, "validation.deleteConfirmationInvalid"),
  });
}
