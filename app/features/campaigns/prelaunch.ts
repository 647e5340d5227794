import type { SkipReason } from "~/db/schema";
import { isValidPhoneNumber, toE164 } from "~/features/phone/phone-check";
import { contactTimeZone, isWithinCallingWindow, nextWindowOpening, type CallingWindow } from "./schedule/calling-window";

/**
 * What a campaign does with each contact of its list: call it now, let it
 * wait for its calling window, or skip it and say why. The same rules serve
 * the pre-launch check (at the launch instant) and the job runner (at the
 * moment of dispatch), so the check says exactly what the runner will do.
 * Reasons are tested in this order: a number that is not valid cannot be
 * called; someone who opted out is never called; a number already called
 * earlier in the list is not called again; then the calling window on the
 * contact's own clock. Only the window is a matter of time: a contact
 * outside it waits for it to open, unless it would open only after the run
 * must end (a recurring campaign's next occurrence) or never (no weekday).
 */
export interface ClassifiableContact {
  id: string;
  phone: string;
  timeZone: string | null;
  optedOut: boolean;
}

export type Classification = { action: "call"; e164: string } | { action: "skip"; reason: SkipReason };
export type RunDecision = Classification | { action: "wait"; opensAt: Date };

export const SKIP_REASONS = ["invalid", "opted-out", "duplicate", "outside-window"] as const satisfies readonly SkipReason[];

export interface ClassifierOptions {
  window: CallingWindow;
  tenantTimeZone: string;
  at: Date;
  /** When the run must be over (a recurring campaign's next occurrence); null when it may wait as long as it takes. */
  deadline?: Date | null;
}

/** The E.164 a valid number stands for; null when it cannot be called. */
export function callableNumber(phone: string): string | null {
  return isValidPhoneNumber(phone) ? toE164(phone) : null;
}

/** One contact at one instant, when the caller already knows whether an earlier contact of the list has the same number. */
export function classifyContact(contact: ClassifiableContact, duplicate: boolean, { window, tenantTimeZone, at }: ClassifierOptions): Classification {
  const e164 = callableNumber(contact.phone);
  if (!e164) return { action: "skip", reason: "invalid" };
  if (contact.optedOut) return { action: "skip", reason: "opted-out" };
  if (duplicate) return { action: "skip", reason: "duplicate" };
  if (!isWithinCallingWindow(at, contactTimeZone(contact.timeZone, tenantTimeZone), window)) return { action: "skip", reason: "outside-window" };
  return { action: "call", e164 };
}

/** What a run does with the contact now: as classifyContact, except that a contact outside its window waits for it when it opens in time. */
export function decideContact(contact: ClassifiableContact, duplicate: boolean, options: ClassifierOptions): RunDecision {
  const classification = classifyContact(contact, duplicate, options);
  if (classification.action === "call" || classification.reason !== "outside-window") return classification;
  const opensAt = nextWindowOpening(options.at, contactTimeZone(contact.timeZone, options.tenantTimeZone), options.window);
  if (!opensAt || (options.deadline && opensAt.getTime() >= options.deadline.getTime())) return classification;
  return { action: "wait", opensAt };
}

/**
 * A classifier for contacts fed in list order (oldest first). It remembers
 * the numbers it has seen, so "duplicate" means: the same E.164 as an
 * earlier contact of the list.
 */
export function createContactClassifier(options: ClassifierOptions) {
  const seen = new Set<string>();
  return {
    classify(contact: ClassifiableContact): RunDecision {
      const e164 = callableNumber(contact.phone);
      const duplicate = e164 !== null && seen.has(e164);
      if (e164) seen.add(e164);
      return decideContact(contact, duplicate, options);
    },
  };
}

export interface PrelaunchSummary {
  total: number;
  /** Callable at the instant judged. */
  toCall: number;
  /** Outside their window then, called once it opens. */
  waiting: number;
  /** Never called in this run. */
  skipped: number;
  byReason: Record<SkipReason, number>;
  /** The first opening among the waiting contacts' windows (UTC ISO), or null when nobody waits. */
  nextWindowAt: string | null;
}

/** Adds contacts to a summary one decision at a time. */
export function createSummary() {
  const summary: PrelaunchSummary = {
    total: 0,
    toCall: 0,
    waiting: 0,
    skipped: 0,
    byReason: { invalid: 0, "opted-out": 0, duplicate: 0, "outside-window": 0 },
    nextWindowAt: null,
  };
  return {
    summary,
    add(decision: RunDecision) {
      summary.total += 1;
      if (decision.action === "call") summary.toCall += 1;
      else if (decision.action === "skip") {
        summary.skipped += 1;
        summary.byReason[decision.reason] += 1;
      } else {
        summary.waiting += 1;
        const opensAt = decision.opensAt.toISOString();
        if (!summary.nextWindowAt || opensAt < summary.nextWindowAt) summary.nextWindowAt = opensAt;
      }
    },
  };
}

export function summarise(contacts: Iterable<ClassifiableContact>, options: ClassifierOptions): PrelaunchSummary {
  const classifier = createContactClassifier(options);
  const { summary, add } = createSummary();
  for (const contact of contacts) add(classifier.classify(contact));
  return summary;
}

/**
 * Why a campaign cannot start at all: an empty list, a window without a
 * weekday, or a list where nobody is or will become callable. Null when
 * someone will be called.
 */
export type LaunchBlocker = "empty-list" | "no-weekday" | "nobody-callable";

export function launchBlocker(summary: Pick<PrelaunchSummary, "total" | "toCall" | "waiting">, window: Pick<CallingWindow, "days">): LaunchBlocker | null {
  if (summary.total === 0) return "empty-list";
  if (window.days.length === 0) return "no-weekday";
  if (summary.toCall + summary.waiting === 0) return "nobody-callable";
  return null;
}
