import { formatPhoneAsTyped } from "./phone";

/**
 * What a phone input shows after a keystroke: the typing format of
 * docs/product/validation.md#typing-format with the caret kept beside the same digit it was next to, so
 * typing or deleting in the middle of a number does not throw the caret to
 * the end. Deleting a bracket, space or dash removes the digit beyond it
 * instead; otherwise the formatter would put the character straight back
 * and the key would seem to do nothing.
 */
export interface TypedPhone {
  value: string;
  caret: number;
  /**
   * The leading plus is the formatter's (more than ten digits typed without
   * one, docs/product/validation.md#typing-format), not the person's: deleting back to ten digits
   * brings the brackets back, where a typed plus keeps the number
   * international (decision 0009). Carried from one keystroke to the next.
   */
  autoPlus?: boolean;
}

export type EditKind = "insert" | "deleteBackward" | "deleteForward";

const isDigit = (char: string | undefined) => char !== undefined && char >= "0" && char <= "9";
const countDigits = (text: string) => [...text].filter(isDigit).length;

/** The index just after the n-th digit of `text` (n ≥ 1), or the end. */
function indexAfterDigit(text: string, n: number) {
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (isDigit(text[i]) && ++seen === n) return i + 1;
  }
  return text.length;
}

/** Removes the n-th digit (1-based) of `text`. */
function withoutDigit(text: string, n: number) {
  const end = indexAfterDigit(text, n);
  return text.slice(0, end - 1) + text.slice(end);
}

/**
 * `value` and `caret` are what the input holds right after the browser
 * applied the keystroke; `previous` is what it held before.
 */
export function reformatTypedPhone({
  value,
  caret,
  previous,
  kind,
  country,
  autoPlus = false,
}: {
  value: string;
  caret: number;
  previous: string;
  kind: EditKind;
  /** The tenant's country, for national numbers typed with a leading 0. */
  country?: string | null;
  /** What the previous keystroke's result said of its plus. */
  autoPlus?: boolean;
}): TypedPhone {
  // Only digits count for the caret, so taking the formatter's plus away does not move it.
  const typed = autoPlus ? value.replace(/^(\s*)\+/, "$1") : value;
  let raw = typed;
  let digitsBeforeCaret = countDigits(value.slice(0, caret));
  const onlySeparatorRemoved = kind !== "insert" && value.length < previous.length && countDigits(value) === countDigits(previous);
  if (onlySeparatorRemoved) {
    if (kind === "deleteBackward" && digitsBeforeCaret > 0) {
      raw = withoutDigit(typed, digitsBeforeCaret);
      digitsBeforeCaret -= 1;
    } else if (kind === "deleteForward" && digitsBeforeCaret < countDigits(value)) {
      raw = withoutDigit(typed, digitsBeforeCaret + 1);
    }
  }
  const formatted = formatPhoneAsTyped(raw, country);
  const plusTyped = raw.trimStart().startsWith("+");
  // The formatter keeps at most 15 digits of the number; the caret cannot sit after a digit that was cut off.
  const digitsKept = Math.min(digitsBeforeCaret, countDigits(formatted));
  const leadingPlus = formatted.startsWith("+") ? 1 : 0;
  const position = digitsKept === 0 ? (countDigits(formatted) === 0 ? formatted.length : leadingPlus) : indexAfterDigit(formatted, digitsKept);
  return { value: formatted, caret: position, autoPlus: !plusTyped && formatted.startsWith("+") };
}

/** Maps an InputEvent's inputType to the kinds of edit that matter here. */
export function editKindOf(inputType: string | undefined): EditKind {
  if (inputType === "deleteContentBackward" || inputType === "deleteWordBackward") return "deleteBackward";
  if (inputType === "deleteContentForward" || inputType === "deleteWordForward") return "deleteForward";
  return "insert";
}
