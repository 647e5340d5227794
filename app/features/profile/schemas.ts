import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";
import { nameSchema, newPasswordSchema, phoneSchema } from "~/features/auth/schemas";
import { isValidPhoneNumber } from "~/features/phone/phone-check";
import { isPaletteName, type PaletteName } from "~/lib/theme/palette";
import { AVATAR_MIME_TYPES } from "./profile-forms";

/**
 * One schema per form of /profile, for the route's action (the page gets the
 * fields' HTML constraints from its loader, not zod). Messages are translation keys in the profile namespace. The
 * name, phone and password rules are registration's own schemas; their
 * `validation.*` keys have twins in locales/<lng>/profile.json so that every
 * message on the page reads from one namespace.
 */

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

/** Each form's HTML constraints, for the page's loader: worked out here, so the browser needs no zod. */
export function profileFormConstraints({ country, maxAvatarBytes, deletePhrase }: { country: string; maxAvatarBytes: number; deletePhrase: string }) {
  return {
    details: getZodConstraint(detailsSchema(country)),
    picture: getZodConstraint(pictureSchema(maxAvatarBytes)),
    theme: getZodConstraint(ThemeSchema),
    password: getZodConstraint(PasswordSchema),
    deleteAccount: getZodConstraint(deleteAccountSchema(deletePhrase)),
  };
}

/** The forms' fields as conform sees them (types only). */
export type DetailsFields = z.input<ReturnType<typeof detailsSchema>>;
export type PictureFields = z.input<ReturnType<typeof pictureSchema>>;
export type ThemeFields = z.input<typeof ThemeSchema>;
export type PasswordFields = z.input<typeof PasswordSchema>;
export type DeleteAccountFields = z.input<ReturnType<typeof deleteAccountSchema>>;
