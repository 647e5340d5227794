/**
 * Redaction of stored transcripts (docs/product/agents.md#privacy): card
 * numbers and email addresses an agent's privacy settings say to hide are
 * replaced before the transcript and summary are written, so they are never
 * stored, searched or exported.
 */

/** 13–19 digits, in groups separated by single spaces or dashes, as people read a card number aloud or type it. */
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** The Luhn checksum every payment card number passes; other long digit runs (order numbers, phone numbers) are left alone. */
export function passesLuhn(digits: string) {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface RedactionRules {
  cards: boolean;
  emails: boolean;
}

export function redactText(text: string, rules: RedactionRules) {
  let result = text;
  if (rules.cards) result = result.replace(CARD_CANDIDATE, (match) => (passesLuhn(match.replace(/\D/g, "")) ? "[card]" : match));
  if (rules.emails) result = result.replace(EMAIL, "[email]");
  return result;
}
