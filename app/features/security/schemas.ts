import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";

/**
 * One schema per form of /profile/security and of the sign-in's second step.
 * Messages are translation keys in the security namespace.
 */
const codeSchema = z.string({ required_error: "validation.codeRequired" }).trim().min(1, "validation.codeRequired").max(40, "validation.codeInvalid");

/** Enrolment is confirmed with a code from the app only (a recovery code does not exist yet). */
export const ConfirmEnrolmentSchema = z.object({
  code: codeSchema.refine((value) => /^\d{6}$/.test(value.replace(/[\s-]/g, "")), "validation.codeFormat"),
});

/** The second step of sign-in: a code from the app or a recovery code. */
export const SecondStepSchema = z.object({ code: codeSchema });

/** The step-up before turning two-factor off or replacing the recovery codes: the password or a current code. */
export const StepUpSchema = z.object({
  proof: z.string({ required_error: "validation.proofRequired" }).min(1, "validation.proofRequired").max(200, "validation.proofInvalid"),
});

export const RequirementSchema = z.object({ required: z.enum(["on", "off"]) });

export const SignOutSessionSchema = z.object({ session: z.string().regex(/^[0-9a-f]{64}$/) });
/** Which linked single sign-on account to unlink: the provider's issuer and its subject (oidc_identities' key). */
export const UnlinkIdentitySchema = z.object({ issuer: z.string().min(1).max(500), subject: z.string().min(1).max(255) });

export function securityFormConstraints() {
  return {
    confirm: getZodConstraint(ConfirmEnrolmentSchema),
    stepUp: getZodConstraint(StepUpSchema),
  };
}

/** The forms' fields as conform sees them (types only). */
export type ConfirmEnrolmentFields = z.input<typeof ConfirmEnrolmentSchema>;
export type SecondStepFields = z.input<typeof SecondStepSchema>;
export type StepUpFields = z.input<typeof StepUpSchema>;
