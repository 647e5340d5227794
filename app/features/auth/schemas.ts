import { z } from "zod";
import { isValidPhoneNumber } from "~/features/phone/phone-check";
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES_ERROR } from "./password-rules";

/**
 * One schema per form, for its action; the loaders hand the forms their HTML
 * constraints worked out from it (getZodConstraint), so the pages do not load
 * zod. Messages are translation keys in the auth namespace.
 */
export const emailSchema = z
  .string({ required_error: "validation.emailRequired" })
  .trim()
  .min(1, "validation.emailRequired")
  .email("validation.emailInvalid")
  .max(254, "validation.emailInvalid")
  .transform((value) => value.toLowerCase());

export { PASSWORD_MIN_LENGTH, PASSWORD_RULES_ERROR } from "./password-rules";

export const newPasswordSchema = z
  .string({ required_error: "validation.passwordRequired" })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_RULES_ERROR)
  .max(200, "validation.passwordTooLong")
  // A too-short password already carries this message from min(); saying it twice would list it twice under the field.
  .refine((value) => value.length < PASSWORD_MIN_LENGTH || (/[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value)), {
    message: PASSWORD_RULES_ERROR,
  });

export const nameSchema = z
  .string({ required_error: "validation.nameRequired" })
  .trim()
  .min(2, "validation.nameTooShort")
  .max(100, "validation.nameTooLong")
  .regex(/^[\p{L} ]+$/u, "validation.nameLettersOnly");

/** The organisation the account opens; any characters, since company names carry digits, "&" and dots. */
export const companySchema = z
  .string({ required_error: "validation.companyRequired" })
  .trim()
  .min(2, "validation.companyTooShort")
  .max(100, "validation.companyTooLong");

/** A required phone; numbers typed with a leading 0 are national numbers of `country` (the tenant's, or a registrant's guess). */
export const phoneSchema = (country: string) =>
  z
    .string({ required_error: "validation.phoneRequired" })
    .trim()
    .min(1, "validation.phoneRequired")
    .refine((value) => isValidPhoneNumber(value, country), "validation.phoneInvalid");

export const LoginSchema = z.object({
  email: emailSchema,
  password: z.string({ required_error: "validation.passwordRequired" }).min(1, "validation.passwordRequired"),
  redirectTo: z.string().optional(),
});

/** There is no tenant yet: `phoneCountry` is the registrant's own, as the browser tells it (registration-phone-country.server.ts). */
export const registerSchema = (phoneCountry: string) =>
  z
    .object({
      name: nameSchema,
      company: companySchema,
      email: emailSchema,
      phone: phoneSchema(phoneCountry),
      password: newPasswordSchema,
      confirmPassword: z.string({ required_error: "validation.confirmPasswordRequired" }),
    })
    .refine((data) => data.password === data.confirmPassword, {
      path: ["confirmPassword"],
      message: "validation.passwordsMustMatch",
    });

export const RequestResetSchema = z.object({ email: emailSchema });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: newPasswordSchema,
    confirmPassword: z.string({ required_error: "validation.confirmPasswordRequired" }),
  })
  .refine((data) => data.password === data.confirmPassword, {
    path: ["confirmPassword"],
    message: "validation.passwordsMustMatch",
  });

export const ResendVerificationSchema = z.object({ email: emailSchema });

/** The forms' fields as conform sees them (types only). */
export type LoginFields = z.input<typeof LoginSchema>;
export type RegisterFields = z.input<ReturnType<typeof registerSchema>>;
export type RequestResetFields = z.input<typeof RequestResetSchema>;
export type ResetPasswordFields = z.input<typeof ResetPasswordSchema>;
export type ResendVerificationFields = z.input<typeof ResendVerificationSchema>;

/** Accepting an invitation: the address is the invitation's, so only a name and a password are asked. */
export const AcceptInvitationSchema = z
  .object({
    token: z.string().min(1),
    name: nameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ required_error: "validation.confirmPasswordRequired" }),
  })
  .refine((data) => data.password === data.confirmPassword, { path: ["confirmPassword"], message: "validation.passwordsMustMatch" });

export type AcceptInvitationFields = z.input<typeof AcceptInvitationSchema>;
