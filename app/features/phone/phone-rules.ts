/**
 * Our own phone rules (docs/product/validation.md#phone-numbers, decision 0009), without
 * libphonenumber-js: what a page may run before, or without, loading the
 * library (35 KiB gzip). phone.ts builds on these; a number typed the
 * national way (a leading 0) is the one thing only the library can read.
 */

/** Phone numbers have 10 to 15 digits (docs/product/constants.md#phone). */
export const MIN_PHONE_DIGITS = 10;
export const MAX_PHONE_DIGITS = 15;

export const digitsOf = (value: string) => value.replace(/\D/g, "");

export const withinLength = (digits: string) => digits.length >= MIN_PHONE_DIGITS && digits.length <= MAX_PHONE_DIGITS;

/**
 * Whether the number was written with a leading plus. Spreadsheet-safe CSV
 * exports (ours too: /contacts/export.csv writes '+1 (416) 555-0101) put an
 * apostrophe before a cell that starts with + so it is not read as a formula;
 * that apostrophe is not part of the number, so an export re-imports as it was.
 */
export const typedWithPlus = (value: string) => value.trim().replace(/^'/, "").trimStart().startsWith("+");

/** "00" before the country code: how most of the world dials abroad, and what the plus stands for. */
export const INTERNATIONAL_ZEROS = "00";

/**
 * North American area codes start with 2 to 9. libphonenumber only checks
 * the length of +1 numbers (its stricter check also refuses the help card's
 * example, 555 123 4567), so a German number typed the national way in a
 * North American tenant, "030 1234567", would pass as +1 030… and be stored
 * as somebody else's.
 */
export const NORTH_AMERICAN_AREA_CODE = /^\+1[2-9]/;

/** Whether a +1 number is one North America can have: ten digits after the +1, an area code starting with 2 to 9. */
export const isNorthAmericanNumber = (e164: string) => e164.length === 12 && NORTH_AMERICAN_AREA_CODE.test(e164);

/**
 * The countries libphonenumber-js knows whose numbers are dialled nationally
 * with a leading 0 (every one it knows but those of North America's +1),
 * as its metadata lists them; phone-rules.test.ts checks the list against
 * the library, so an update of it that adds a country fails there.
 */
const NATIONAL_NUMBER_COUNTRIES = new Set(
  (
    "AC AD AE AF AL AM AO AR AT AU AW AX AZ BA BD BE BF BG BH BI BJ BL BN BO BQ BR BT BW BY BZ CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX " +
    "CY CZ DE DJ DK DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GE GF GG GH GI GL GM GN GP GQ GR GT GW GY HK HN HR HT HU ID IE IL IM IN IO " +
    "IQ IR IS IT JE JO JP KE KG KH KI KM KP KR KW KZ LA LB LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MQ MR MT MU MV MW MX MY " +
    "MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO " +
    "SR SS ST SV SY SZ TA TD TG TH TJ TK TL TM TN TO TR TV TW TZ UA UG UY UZ VA VE VN VU WF WS XK YE YT ZA ZM ZW"
  ).split(" "),
);

/**
 * Whether a number typed with a leading 0 is a national number of `country`:
 * everywhere libphonenumber knows but North America, which has no trunk 0.
 */
export const readsNationalNumbers = (country: string | null | undefined): country is string => !!country && NATIONAL_NUMBER_COUNTRIES.has(country);

/** How a typed number reads: E.164 by our numbered rules (null: invalid), or a national number only libphonenumber can read. */
export type PhoneReading = { e164: string | null } | { national: string; country: string };

/**
 * International input (+ or 00) keeps its 10 to 15 digits and is never given
 * a +1; input with a leading 0 is a national number of `defaultCountry` where
 * it has them; otherwise the numbered rules of
 * docs/product/validation.md#phone-numbers: 10 digits are North American and
 * get +1; 11 digits starting with 1, or 12 to 15 digits, get a plus; anything
 * else is invalid.
 */
export function readPhone(input: string, defaultCountry?: string | null): PhoneReading {
  const digits = digitsOf(input);
  if (typedWithPlus(input)) return { e164: withinLength(digits) ? `+${digits}` : null };
  if (digits.startsWith(INTERNATIONAL_ZEROS)) {
    const international = digits.slice(INTERNATIONAL_ZEROS.length);
    return { e164: withinLength(international) ? `+${international}` : null };
  }
  if (digits.startsWith("0") && readsNationalNumbers(defaultCountry)) return { national: digits, country: defaultCountry };
  if (digits.length === 10) return { e164: `+1${digits}` };
  if ((digits.length === 11 && digits.startsWith("1")) || (digits.length >= 12 && digits.length <= MAX_PHONE_DIGITS)) return { e164: `+${digits}` };
  return { e164: null };
}
