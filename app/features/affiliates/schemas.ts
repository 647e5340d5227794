import { z } from "zod";
import { PAYOUT_STATES } from "./payout-states";

/** The member's forms on /affiliates: apply, or request a payout paid one way or the other. */
export const AffiliateMemberSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join") }),
  z.object({ intent: z.literal("request-payout"), method: z.enum(["money", "balance"]) }),
]);

/**
 * A rate typed in percent ("12.5"), empty for the programme's, stored in
 * basis points. Comma decimals are read too (German keyboards).
 */
const ratePercent = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === "") return null;
    const percent = Number(value.replace(",", "."));
    const bps = Math.round(percent * 100);
    if (!Number.isFinite(percent) || percent < 0 || percent > 100 || Math.abs(percent * 100 - bps) > 1e-6) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "refusals.invalid-rate" });
      return z.NEVER;
    }
    return bps;
  });

/** The super admin's forms on /affiliate-management, one intent each. */
export const AffiliateManagementSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), affiliateId: z.string().min(1) }),
  z.object({ intent: z.literal("reject"), affiliateId: z.string().min(1) }),
  z.object({ intent: z.literal("set-rate"), affiliateId: z.string().min(1), rate: ratePercent.optional().transform((v) => v ?? null) }),
  z.object({ intent: z.literal("move-payout"), payoutId: z.string().min(1), to: z.enum(PAYOUT_STATES), reason: z.string().trim().max(500).optional() }),
]);
