/**
 * Amounts typed by a user, in whole cents (minor units), shared by billing's
 * top-ups and the value of a deal. Money is never a float here: the
 * text is read digit by digit, so "10.1" is 1010 cents. The user's language
 * decides the decimal mark ("1,234.50" in English, "1.234,50" in German);
 * the other mark is read as a decimal mark too when one or two digits follow
 * it once ("50.5" typed in German is 50,50), and as grouping otherwise.
 */
export type AmountProblem = "amountRequired" | "amountInvalid" | "amountTooPrecise";

export function parseAmountToCents(input: string, language: string): { cents: number } | { problem: AmountProblem } {
  const text = input.trim().replace(/[\s\u00a0\u202f$€]/g, "");
  if (text === "") return { problem: "amountRequired" };
  if (!/^\d[\d.,]*$/.test(text)) return { problem: "amountInvalid" };
  const decimal = language.startsWith("de") ? "," : ".";
  const group = decimal === "," ? "." : ",";
  const count = (mark: string) => text.split(mark).length - 1;

  let decimalAt = -1;
  if (count(decimal) > 0 && count(group) > 0) decimalAt = Math.max(text.lastIndexOf(decimal), text.lastIndexOf(group));
  else if (count(decimal) === 1) decimalAt = text.indexOf(decimal);
  else if (count(decimal) > 1) return { problem: "amountInvalid" };
  else if (count(group) === 1 && /[.,]\d{1,2}$/.test(text)) decimalAt = text.indexOf(group);

  const whole = decimalAt >= 0 ? text.slice(0, decimalAt) : text;
  const fraction = decimalAt >= 0 ? text.slice(decimalAt + 1) : "";
  if (whole === "" || !/^\d*$/.test(fraction) || !groupsAreWellFormed(whole)) return { problem: "amountInvalid" };
  if (fraction.length > 2) return { problem: "amountTooPrecise" };
  const cents = Number(whole.replace(/[.,]/g, "")) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return { problem: "amountInvalid" };
  return { cents };
}

/** "1,234" and "1.234.567" group by threes with one mark; "12,34,5" is not an amount. */
function groupsAreWellFormed(whole: string) {
  if (!/[.,]/.test(whole)) return /^\d+$/.test(whole);
  return /^\d{1,3}([.,]\d{3})+$/.test(whole) && new Set(whole.replace(/\d/g, "")).size === 1;
}

/** Cents as a form shows them back for editing, in the user's decimal mark: "50.00" / "50,00". */
export function centsToInput(cents: number, language: string) {
  const text = (cents / 100).toFixed(2);
  return language.startsWith("de") ? text.replace(".", ",") : text;
}
