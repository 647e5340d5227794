import { formatDateTime } from "~/i18n/format";

export interface TitledCall {
  direction: string;
  from: string | null;
  to: string | null;
  userName: string | null;
  /** The caller details as the platform sent them (a JSON object), whose `name` stands in for a missing user name. */
  caller: unknown;
  campaignName: string | null;
  createdAt: string;
}

export interface TitleWords {
  /** "Call with {{who}}" */
  with: (who: string) => string;
  /** "Call on {{date}}" */
  on: (date: string) => string;
  language: string;
  timeZone: string;
  formatPhone: (value: string) => string;
}

const nonEmpty = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

function callerName(caller: unknown) {
  return caller && typeof caller === "object" && !Array.isArray(caller) ? nonEmpty((caller as Record<string, unknown>).name) : null;
}

/** The other end of the call: who was called on an outbound call, who called on an inbound one. */
function otherNumber(call: TitledCall) {
  return nonEmpty(call.direction === "inbound" ? call.from : call.to);
}

/**
 * A recording's heading: who was on the call and the campaign it belonged to
 * ("Call with Anna Schmidt · Spring leads"). Without a name it names the
 * number, formatted for display; without either, the time of the call.
 */
export function recordingTitle(call: TitledCall, words: TitleWords) {
  const name = nonEmpty(call.userName) ?? callerName(call.caller);
  const number = otherNumber(call);
  const who = name ?? (number ? words.formatPhone(number) || number : null);
  const title = who ? words.with(who) : words.on(formatDateTime(call.createdAt, words.language, words.timeZone));
  const campaign = nonEmpty(call.campaignName);
  return campaign ? `${title} · ${campaign}` : title;
}
