import type { BadgeTone } from "~/components/ui/badge";
import type { PayoutState } from "~/db/schema";
import type { CommissionView } from "./commission";

/** The colours of a commission line's and a payout's states, declared once for both screens. */
export const VIEW_TONES: Record<CommissionView, BadgeTone> = { held: "warning", payable: "success", requested: "info", paid: "neutral", clawed_back: "danger" };
export const PAYOUT_TONES: Record<PayoutState, BadgeTone> = {
  PENDING_APPROVAL: "warning",
  APPROVED_PENDING_PAYMENT: "info",
  PAID: "success",
  REJECTED: "danger",
};
