import { z } from "zod";
import { isValidPhoneNumber } from "~/features/phone/phone-check";

/**
 * The onboarding wizard's forms (docs/product/validation.md#onboarding-phone-step), judged by the
 * route's action; messages are keys of the onboarding namespace.
 */
export const phoneStepSchema = (country: string) =>
  z.object({
    phone: z
      .string({ required_error: "validation.phoneRequired" })
      .trim()
      .min(1, "validation.phoneRequired")
      // One message per problem: an empty field is only "required".
      .refine((value) => value === "" || isValidPhoneNumber(value, country), "validation.phoneInvalid"),
  });

/** Each box is sent only when ticked. */
export const profileStepSchema = z.object({
  inbound: z.boolean().default(false),
  outbound: z.boolean().default(false),
  liveCall: z.boolean().default(false),
});
