import type { SkipReason } from "~/db/schema";
import { isValidPhoneNumber, toE164 } from "~/features/phone/phone";
import { contactTimeZone, isWithinCallingWindow, type CallingWindow } from "./calling-window";

/**
 * What a campaign would do with each contact of its list at one instant:
 * call it, or skip it and say why. The same rules serve the pre-launch
 * check (at the launch instant) and the job runner (at the moment of
 * dispatch), so the check says exactly what the runner will do.
 * Reasons are tested in this order: a number that is not valid cannot be
 * called; someone who opted out is never called; a number already called
 * earlier in the list is not called again; then the calling window on the
 * contact's own clock.
 */
export interface ClassifiableContact {
  id: string;
  phone: string;
  timeZone: string | null;
  optedOut: boolean;
}

export type Classification = { action: "call"; e164: string } | { action: "skip"; reason: SkipReason };

export const SKIP_REASONS = ["invalid", "opted-out", "duplicate", "outside-window"] as const satisfies readonly SkipReason[];

export interface ClassifierOptions {
  window: CallingWindow;
  tenantTimeZone: string;
  at: Date;
}

/** The E.164 a valid number stands for; null when it cannot be called. */
export function callableNumber(phone: string): string | null {
  return isValidPhoneNumber(phone) ? toE164(phone) : null;
}

/** One contact, when the caller already knows whether an earlier contact of the list has the same number. */
export function classifyContact(contact: ClassifiableContact, duplicate: boolean, { window, tenantTimeZone, at }: ClassifierOptions): Classification {
  const e164 = callableNumber(contact.phone);
  if (!e164) return { action: "skip", reason: "invalid" };
  if (contact.optedOut) return { action: "skip", reason: "opted-out" };
  if (duplicate) return { action: "skip", reason: "duplicate" };
  if (!isWithinCallingWindow(at, contactTimeZone(contact.timeZone, tenantTimeZone), window)) return { action: "skip", reason: "outside-window" };
  return { action: "call", e164 };
}

/**
 * A classifier for contacts fed in list order (oldest first). It remembers
 * the numbers it has seen, so "duplicate" means: the same E.164 as an
 * earlier contact of the list.
 */
export function createContactClassifier(options: ClassifierOptions) {
  const seen = new Set<string>();
  return {
    classify(contact: ClassifiableContact): Classification {
      const e164 = callableNumber(contact.phone);
      const duplicate = e164 !== null && seen.has(e164);
      if (e164) seen.add(e164);
      return classifyContact(contact, duplicate, options);
    },
  };
}

export interface PrelaunchSummary {
  total: number;
  toCall: number;
  skipped: number;
  byReason: Record<SkipReason, number>;
}

export function summarise(contacts: Iterable<ClassifiableContact>, options: ClassifierOptions): PrelaunchSummary {
  const classifier = createContactClassifier(options);
  const byReason: Record<SkipReason, number> = { invalid: 0, "opted-out": 0, duplicate: 0, "outside-window": 0 };
  let total = 0;
  let toCall = 0;
  for (const contact of contacts) {
    total += 1;
    const result = classifier.classify(contact);
    if (result.action === "call") toCall += 1;
    else byReason[result.reason] += 1;
  }
  return { total, toCall, skipped: total - toCall, byReason };
}
