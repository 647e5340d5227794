import type { Call } from "~/db/schema";

/**
 * A call's cost as the voice platform reported it (`call.cost` in
 * docs/api/call-events.md): integer minor units of one currency (cents for
 * USD). A part the platform did not name is null; `total` counts it as 0.
 */
export interface CallCost {
  /** ISO 4217, upper case. */
  currency: string;
  telephony: number | null;
  speechToText: number | null;
  llm: number | null;
  textToSpeech: number | null;
  /** The sum of the parts, in the same minor units. */
  total: number;
}

export type CallCostColumns = Pick<Call, "cost_currency" | "cost_telephony_minor" | "cost_stt_minor" | "cost_llm_minor" | "cost_tts_minor">;

/** The stored breakdown of a call, or null when the platform reported none. */
export function callCostOf(call: CallCostColumns): CallCost | null {
  if (call.cost_currency === null) return null;
  const parts = [call.cost_telephony_minor, call.cost_stt_minor, call.cost_llm_minor, call.cost_tts_minor];
  return {
    currency: call.cost_currency,
    telephony: call.cost_telephony_minor,
    speechToText: call.cost_stt_minor,
    llm: call.cost_llm_minor,
    textToSpeech: call.cost_tts_minor,
    total: parts.reduce<number>((sum, part) => sum + (part ?? 0), 0),
  };
}

/** The columns a reported cost sets: every part at once, so a later cost replaces the whole breakdown. */
export function callCostColumns(cost: { currency: string; telephony?: number; speechToText?: number; llm?: number; textToSpeech?: number }): CallCostColumns {
  return {
    cost_currency: cost.currency,
    cost_telephony_minor: cost.telephony ?? null,
    cost_stt_minor: cost.speechToText ?? null,
    cost_llm_minor: cost.llm ?? null,
    cost_tts_minor: cost.textToSpeech ?? null,
  };
}
