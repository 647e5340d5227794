import fc from "fast-check";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { countryOfPhone, formatPhoneAsTyped, formatPhoneForDisplay, isValidPhoneNumber, toE164 } from "./phone";

const digitsOf = (value: string) => value.replace(/\D/g, "");

describe("toE164, rule by rule (docs/product/validation.md#phone-numbers)", () => {
  it("rule 1: strips everything but digits before counting", () => {
    expect(toE164("(416) 555-0101")).toBe("+14165550101");
    expect(toE164("416.555.0101")).toBe("+14165550101");
    expect(toE164(" 416 555 0101 ")).toBe("+14165550101");
    expect(toE164("tel: 416/555/0101")).toBe("+14165550101");
  });

  it("rule 2: ten digits get +1", () => {
    expect(toE164("5551234567")).toBe("+15551234567");
    expect(toE164("555 123 4567")).toBe("+15551234567");
  });

  it("rule 3: eleven digits starting with 1 get a plus", () => {
    expect(toE164("15551234567")).toBe("+15551234567");
    expect(toE164("1 (416) 555-0101")).toBe("+14165550101");
    expect(toE164("+1 416 555 0101")).toBe("+14165550101");
  });

  it("rule 3: twelve to fifteen digits get a plus", () => {
    expect(toE164("447911123456")).toBe("+447911123456");
    expect(toE164("4930123456789")).toBe("+4930123456789");
    expect(toE164("86 138 0013 8000")).toBe("+8613800138000");
    expect(toE164("123456789012345")).toBe("+123456789012345");
  });

  it("rule 4: a value typed with + keeps its digits, ten of them too (decision 0009: never a +1 after a plus)", () => {
    expect(toE164("+49 30 123456")).toBe("+4930123456");
    expect(toE164("+4930123456")).toBe("+4930123456");
    expect(toE164("+44 7911 12345")).toBe("+44791112345");
    expect(toE164("+49 30 1234567")).toBe("+49301234567");
    expect(toE164("  +39 06 1234567")).toBe("+39061234567");
  });

  it("rule 4 also holds behind the apostrophe a spreadsheet-safe export puts before a leading +", () => {
    expect(toE164("'+49 30 1234567")).toBe("+49301234567");
    expect(toE164(" '+44 7911 12345 ")).toBe("+44791112345");
    expect(toE164("'+1 (416) 555-0101")).toBe("+14165550101");
    expect(isValidPhoneNumber("'+49 30 1234567")).toBe(true);
    // Only a leading apostrophe is the export's; anything else before the plus is not.
    expect(toE164("x'+49 30 1234567")).toBeNull();
    expect(toE164("''+49 30 1234567")).toBeNull();
  });

  it("rule 5: everything else is invalid", () => {
    for (const input of ["", "   ", "call me", "12345", "123456789", "+123456789", "25551234567", "44791112345", "1234567890123456", "+1234567890123456"]) {
      expect(toE164(input), input).toBeNull();
    }
  });

  it("is idempotent on every input (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789 +-().abc"), maxLength: 24 }), (input) => {
        const once = toE164(input);
        expect(once === null ? null : toE164(once)).toBe(once);
      }),
    );
  });

  it("always yields a plus and 10 to 15 digits, or null, in every country (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(..."0123456789 +-()"), maxLength: 24 }),
        fc.constantFrom(undefined, "US", "DE", "GB", "FR"),
        (input, country) => {
          const e164 = toE164(input, country);
          if (e164 !== null) expect(e164).toMatch(/^\+\d{10,15}$/);
        },
      ),
    );
  });
});

describe("isValidPhoneNumber", () => {
  it("its shortcut for +1 numbers agrees with libphonenumber on every valid area code (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 9_999_999 }), (area, subscriber) => {
        const e164 = `+1${area}${String(subscriber).padStart(7, "0")}`;
        const parsed = parsePhoneNumberFromString(e164);
        expect(isValidPhoneNumber(e164)).toBe(Boolean(parsed && parsed.number === e164 && parsed.isPossible()));
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts numbers that normalise and that libphonenumber finds possible", () => {
    for (const input of ["+1 416 555 0101", "555 123 4567", "15551234567", "447911123456", "+49 30 123456789", "+33 6 12 34 56 78"]) {
      expect(isValidPhoneNumber(input), input).toBe(true);
    }
  });

  it("rejects numbers that do not normalise", () => {
    for (const input of ["", "12345", "call me", "25551234567", "1234567890123456"]) {
      expect(isValidPhoneNumber(input), input).toBe(false);
    }
  });

  it("rejects ten digits whose area code North America cannot have (a German number typed nationally in a North American tenant)", () => {
    expect(toE164("030 1234567")).toBe("+10301234567");
    expect(isValidPhoneNumber("030 1234567")).toBe(false);
    expect(isValidPhoneNumber("030 1234567", "US")).toBe(false);
    expect(isValidPhoneNumber("030 1234567", "CA")).toBe(false);
    expect(isValidPhoneNumber("1234567890")).toBe(false);
    expect(isValidPhoneNumber("+1 123 456 7890")).toBe(false);
    // The exchange may start with 1: the help card's own example.
    expect(isValidPhoneNumber("555 123 4567")).toBe(true);
  });

  it("rejects a trunk prefix after the country code, which libphonenumber would drop", () => {
    expect(toE164("+44 020 7946 0958")).toBe("+4402079460958");
    expect(isValidPhoneNumber("+44 020 7946 0958")).toBe(false);
    expect(isValidPhoneNumber("+44 20 7946 0958")).toBe(true);
    // In Italy the leading 0 belongs to the number.
    expect(isValidPhoneNumber("+39 06 1234 5678")).toBe(true);
  });

  it("rejects normalisable numbers no country can have", () => {
    // Country code 999 does not exist; +1 with 12 more digits is too long for North America.
    expect(isValidPhoneNumber("999123456789")).toBe(false);
    expect(isValidPhoneNumber("1234567890123")).toBe(false);
  });
});

describe("formatPhoneForDisplay (docs/product/validation.md#display-format)", () => {
  it("shows ten digits as (xxx) xxx-xxxx", () => {
    expect(formatPhoneForDisplay("5551234567")).toBe("(555) 123-4567");
    expect(formatPhoneForDisplay("555 123 4567")).toBe("(555) 123-4567");
  });

  it("shows eleven digits starting with 1 as +1 (xxx) xxx-xxxx, stored E.164 included", () => {
    expect(formatPhoneForDisplay("15551234567")).toBe("+1 (555) 123-4567");
    expect(formatPhoneForDisplay("+14165550101")).toBe("+1 (416) 555-0101");
  });

  it("leaves already formatted strings unchanged", () => {
    for (const value of ["(416) 555-0101", "+1 (416) 555-0101", "+44 (0)20 7946 0958", "416-555-0101", "416.555.0101", "+49 30/1234567"]) {
      expect(formatPhoneForDisplay(value)).toBe(value);
    }
  });

  it("shows other international numbers the way libphonenumber writes them", () => {
    expect(formatPhoneForDisplay("+447911123456")).toBe("+44 7911 123456");
    expect(formatPhoneForDisplay("+4930123456789")).toBe("+49 30 123456789");
    expect(formatPhoneForDisplay("+33612345678")).toBe("+33 6 12 34 56 78");
  });

  it("leaves numbers libphonenumber cannot place, or would shorten, as they are, and shows nothing for nothing", () => {
    expect(formatPhoneForDisplay("+999123456789")).toBe("+999123456789");
    expect(formatPhoneForDisplay("+86000000000")).toBe("+86000000000");
    expect(formatPhoneForDisplay("")).toBe("");
    expect(formatPhoneForDisplay(null)).toBe("");
    expect(formatPhoneForDisplay(undefined)).toBe("");
  });
});

describe("formatPhoneAsTyped (docs/product/validation.md#typing-format: progressive parentheses up to 10 digits, a plus beyond)", () => {
  it("brackets digit by digit up to ten", () => {
    const steps = ["(4", "(41", "(416", "(416) 5", "(416) 55", "(416) 555", "(416) 555-0", "(416) 555-01", "(416) 555-010", "(416) 555-0101"];
    steps.forEach((expected, index) => expect(formatPhoneAsTyped("4165550101".slice(0, index + 1))).toBe(expected));
  });

  it("puts a plus in front beyond ten digits", () => {
    expect(formatPhoneAsTyped("14165550101")).toBe("+1 (416) 555-0101");
    expect(formatPhoneAsTyped("447911123456")).toBe("+44 7911 123456");
    expect(formatPhoneAsTyped("44791112345")).toBe("+44 7911 12345");
    expect(formatPhoneAsTyped("4930123456789")).toBe("+49 30 123456789");
  });

  it("reformats what is already formatted, and ignores letters", () => {
    expect(formatPhoneAsTyped("(416) 555-01012")).toBe(formatPhoneAsTyped("41655501012"));
    expect(formatPhoneAsTyped("416-555-0101")).toBe("(416) 555-0101");
    expect(formatPhoneAsTyped("416abc5550101")).toBe("(416) 555-0101");
  });

  it("keeps a plus the person typed and groups the number as international from the first digits", () => {
    expect(formatPhoneAsTyped("+")).toBe("+");
    expect(formatPhoneAsTyped("+4")).toBe("+4");
    expect(formatPhoneAsTyped("+493012345")).toBe("+49 30 12345");
    expect(formatPhoneAsTyped("+447911123456")).toBe("+44 7911 123456");
    expect(formatPhoneAsTyped("+14165550101")).toBe("+1 (416) 555-0101");
  });

  it("shows ten digits after a plus as the international number they are saved as (decision 0009)", () => {
    expect(formatPhoneAsTyped("+4930123456")).toBe("+49 30 123456");
    expect(toE164(formatPhoneAsTyped("+4930123456"))).toBe("+4930123456");
  });

  it("shows nothing for nothing and stops at fifteen digits", () => {
    expect(formatPhoneAsTyped("")).toBe("");
    expect(formatPhoneAsTyped("abc")).toBe("");
    expect(digitsOf(formatPhoneAsTyped("1234567890123456789"))).toBe("123456789012345");
  });
});

describe("the help card's examples (docs/product/validation.md#help-card)", () => {
  it("US numbers such as 555 123 4567 get brackets and +1 automatically", () => {
    expect(formatPhoneAsTyped("5551234567")).toBe("(555) 123-4567");
    expect(toE164("555 123 4567")).toBe("+15551234567");
    expect(formatPhoneForDisplay(toE164("555 123 4567"))).toBe("+1 (555) 123-4567");
  });

  it("international numbers (starting 44) get a +", () => {
    expect(formatPhoneAsTyped("447911123456")).toMatch(/^\+44 /);
    expect(toE164("447911123456")).toBe("+447911123456");
  });

  it("a plain digit string such as 15551234567 gets a +", () => {
    expect(formatPhoneAsTyped("15551234567")).toBe("+1 (555) 123-4567");
    expect(toE164("15551234567")).toBe("+15551234567");
  });
});

describe("countryOfPhone", () => {
  it("names the country when libphonenumber can tell", () => {
    expect(countryOfPhone("+14165550101")).toBe("CA");
    expect(countryOfPhone("+442079460958")).toBe("GB");
    expect(countryOfPhone("+4930123456789")).toBe("DE");
    expect(countryOfPhone("+999123456789")).toBeNull();
  });
});

/** Digit strings of an accepted length (10 to 15, docs/product/constants.md#phone), starting with any digit. */
const phoneDigits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 10, maxLength: 15 });
/** Some of them with the country codes people actually type, so libphonenumber's formatting paths get exercised. */
const internationalDigits = fc
  .tuple(
    fc.constantFrom("1", "44", "49", "33", "39", "61", "81", "86", "91", "353", "7", "55", "34"),
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 8, maxLength: 12 }),
  )
  .map(([code, rest]) => (code + rest).slice(0, 15));
const anyDigits = fc.oneof(phoneDigits, internationalDigits);

describe("formatting and normalising agree (properties)", () => {
  it("toE164(formatPhoneForDisplay(e164)) === e164 for every number that normalises", () => {
    fc.assert(
      fc.property(anyDigits, fc.boolean(), (digits, typedPlus) => {
        const e164 = toE164(typedPlus ? `+${digits}` : digits);
        fc.pre(e164 !== null);
        expect(toE164(formatPhoneForDisplay(e164))).toBe(e164);
      }),
      { numRuns: 2000 },
    );
  });

  it("toE164(formatPhoneAsTyped(x)) === toE164(x) for every input that normalises", () => {
    fc.assert(
      fc.property(anyDigits, fc.constantFrom("", "+", " "), (digits, prefix) => {
        const input = prefix + digits;
        const e164 = toE164(input);
        fc.pre(e164 !== null);
        expect(toE164(formatPhoneAsTyped(input))).toBe(e164);
      }),
      { numRuns: 2000 },
    );
  });

  it("the typing format never loses or invents a digit (up to 15)", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."0123456789"), maxLength: 15 }), fc.boolean(), (digits, typedPlus) => {
        expect(digitsOf(formatPhoneAsTyped(typedPlus ? `+${digits}` : digits))).toBe(digits);
      }),
      { numRuns: 2000 },
    );
  });

  it("formatting what the typing format made changes nothing (stable while typing on)", () => {
    fc.assert(
      fc.property(anyDigits, (digits) => {
        const typed = formatPhoneAsTyped(digits);
        expect(formatPhoneAsTyped(typed)).toBe(typed);
      }),
      { numRuns: 2000 },
    );
  });

  it("validity survives formatting for display and for typing", () => {
    fc.assert(
      fc.property(anyDigits, (digits) => {
        const e164 = toE164(digits);
        fc.pre(e164 !== null);
        expect(isValidPhoneNumber(formatPhoneForDisplay(e164))).toBe(isValidPhoneNumber(e164));
        expect(isValidPhoneNumber(formatPhoneAsTyped(digits))).toBe(isValidPhoneNumber(digits));
      }),
      { numRuns: 2000 },
    );
  });

  it("the one place typing and plain input differ: eleven digits not starting with 1 become international", () => {
    // docs/product/validation.md#typing-format: beyond ten digits the typing format adds a plus, and rule 4 keeps a plus with eleven digits.
    expect(toE164("44791112345")).toBeNull();
    expect(toE164(formatPhoneAsTyped("44791112345"))).toBe("+44791112345");
  });
});

describe("international and national input (decision 0009)", () => {
  it("never gives a +1 to a number typed or pasted with a plus", () => {
    expect(toE164("+49 30 123456")).toBe("+4930123456");
    expect(toE164("+4930123456")).toBe("+4930123456");
    expect(isValidPhoneNumber("+4930123456")).toBe(true);
    expect(countryOfPhone(toE164("+4930123456")!)).toBe("DE");
    expect(formatPhoneForDisplay(toE164("+4930123456"))).toBe("+49 30 123456");
  });

  it("reads 00 as the plus", () => {
    expect(toE164("0049 30 123456")).toBe("+4930123456");
    expect(toE164("0049 30 5550 1234", "US")).toBe("+493055501234");
    expect(toE164("0044 20 7946 0018", "DE")).toBe("+442079460018");
    expect(toE164("001 416 555 0101")).toBe("+14165550101");
    expect(formatPhoneAsTyped("0049 30 123456")).toBe("0049 30 123456");
    expect(formatPhoneForDisplay("0049 30 123456")).toBe("+49 30 123456");
    // 00 and too few digits behind it is no number, and no North American one either.
    expect(toE164("00 123 456")).toBeNull();
  });

  it("reads a single leading 0 as a national number of the tenant's country", () => {
    expect(toE164("030 5550 1234", "DE")).toBe("+493055501234");
    expect(toE164("020 7946 0018", "GB")).toBe("+442079460018");
    expect(toE164("01 23 45 67 89", "FR")).toBe("+33123456789");
    // Italy's leading 0 belongs to the number, and libphonenumber knows it.
    expect(toE164("06 1234 5678", "IT")).toBe("+390612345678");
    for (const [input, country] of [
      ["030 5550 1234", "DE"],
      ["020 7946 0018", "GB"],
      ["01 23 45 67 89", "FR"],
    ] as const) {
      expect(isValidPhoneNumber(input, country), input).toBe(true);
    }
    expect(formatPhoneAsTyped("020 7946 0018", "GB")).toBe("020 7946 0018");
    expect(formatPhoneAsTyped("0123456789", "FR")).toBe("01 23 45 67 89");
    expect(formatPhoneForDisplay("030 5550 1234", "DE")).toBe("+49 30 55501234");
  });

  it("leaves North American input to the numbered rules, whatever the country", () => {
    for (const country of [undefined, "US", "CA", "DE", "GB", "FR"]) {
      expect(toE164("416 555 0101", country)).toBe("+14165550101");
      expect(toE164("1 416 555 0101", country)).toBe("+14165550101");
      expect(toE164("447911123456", country)).toBe("+447911123456");
      expect(formatPhoneAsTyped("4165550101", country)).toBe("(416) 555-0101");
      expect(isValidPhoneNumber("555 123 4567", country)).toBe(true);
    }
    // In North America a leading 0 is no trunk prefix: the ten digits follow rule 2 (and no area code starts with 0).
    expect(toE164("030 5550 123", "US")).toBe("+10305550123");
    expect(toE164("030 5550 123", "CA")).toBe("+10305550123");
    expect(isValidPhoneNumber("030 5550 123", "US")).toBe(false);
  });

  it("ignores a country it does not know, as if none were given", () => {
    expect(toE164("030 5550 1234", "XX")).toBe(toE164("030 5550 1234"));
    expect(toE164("030 5550 1234", "")).toBe(toE164("030 5550 1234"));
  });

  it("reads a stored number the same in every country (property)", () => {
    fc.assert(
      fc.property(anyDigits, fc.constantFrom(undefined, "US", "CA", "DE", "GB", "FR", "IT"), (digits, country) => {
        const e164 = toE164(`+${digits}`);
        fc.pre(e164 !== null);
        expect(toE164(e164, country)).toBe(e164);
        expect(isValidPhoneNumber(e164, country)).toBe(isValidPhoneNumber(e164));
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * German, British and French numbers as people write them: a national
 * significant number after a real area or mobile prefix, typed nationally
 * (0…) or internationally (+cc… or 00cc…), with spaces anywhere.
 */
const EUROPEAN = [
  { country: "DE", code: "49", prefixes: ["30", "40", "69", "89", "221", "151", "160", "170", "176"], length: [10, 11] },
  { country: "GB", code: "44", prefixes: ["20", "113", "121", "131", "161", "7700", "7911"], length: [10, 10] },
  { country: "FR", code: "33", prefixes: ["1", "2", "3", "4", "5", "6", "7", "9"], length: [9, 9] },
] as const;

const europeanNumber = fc
  .constantFrom(...EUROPEAN)
  .chain((plan) =>
    fc.record({
      plan: fc.constant(plan),
      nsn: fc
        .tuple(fc.constantFrom(...plan.prefixes), fc.integer({ min: plan.length[0], max: plan.length[1] }))
        .chain(([prefix, length]) =>
          fc
            .string({ unit: fc.constantFrom(..."0123456789"), minLength: length - prefix.length, maxLength: length - prefix.length })
            .map((rest) => prefix + rest),
        ),
      form: fc.constantFrom("national", "plus", "zeros"),
      spaces: fc.array(fc.nat(16), { maxLength: 3 }),
    }),
  )
  .map(({ plan, nsn, form, spaces }) => {
    const written = form === "national" ? `0${nsn}` : form === "plus" ? `+${plan.code}${nsn}` : `00${plan.code}${nsn}`;
    // Spaces where people put them, never inside the leading + or 00.
    const start = form === "national" ? 1 : form === "plus" ? 1 : 2;
    const withSpaces = [...new Set(spaces)]
      .sort((a, b) => b - a)
      .reduce((text, at) => (at >= start && at < text.length ? `${text.slice(0, at)} ${text.slice(at)}` : text), written);
    return { country: plan.country, e164: `+${plan.code}${nsn}`, input: withSpaces, form };
  });

describe("German, UK and French numbers typed nationally and internationally (properties)", () => {
  it("every form of a number normalises to the same E.164 in its country", () => {
    fc.assert(
      fc.property(europeanNumber, ({ country, e164, input }) => {
        expect(toE164(input, country)).toBe(e164);
      }),
      { numRuns: 500 },
    );
  });

  it("international forms normalise the same in every country, and are never given a +1", () => {
    fc.assert(
      fc.property(europeanNumber, fc.constantFrom(undefined, "US", "CA", "DE", "GB", "FR"), ({ e164, input, form }, tenantCountry) => {
        fc.pre(form !== "national");
        expect(toE164(input, tenantCountry)).toBe(e164);
      }),
      { numRuns: 500 },
    );
  });

  it("display → normalise gives the number back", () => {
    fc.assert(
      fc.property(europeanNumber, fc.constantFrom(undefined, "US", "DE", "GB", "FR"), ({ e164 }, tenantCountry) => {
        expect(toE164(formatPhoneForDisplay(e164), tenantCountry)).toBe(e164);
      }),
      { numRuns: 500 },
    );
  });

  it("typing → normalise gives what the typed text normalises to, and the typing format is stable", () => {
    fc.assert(
      fc.property(europeanNumber, ({ country, input, e164 }) => {
        const typed = formatPhoneAsTyped(input, country);
        expect(toE164(typed, country)).toBe(e164);
        expect(formatPhoneAsTyped(typed, country)).toBe(typed);
        expect(isValidPhoneNumber(typed, country)).toBe(isValidPhoneNumber(input, country));
      }),
      { numRuns: 500 },
    );
  });

  it("normalising is idempotent and the typing format never loses or invents a digit", () => {
    fc.assert(
      fc.property(europeanNumber, fc.constantFrom(undefined, "US", "DE", "GB", "FR"), ({ input }, tenantCountry) => {
        const once = toE164(input, tenantCountry);
        expect(once === null ? null : toE164(once, tenantCountry)).toBe(once);
        expect(digitsOf(formatPhoneAsTyped(input, tenantCountry))).toBe(digitsOf(input));
      }),
      { numRuns: 500 },
    );
  });

  it("a number is valid in one form exactly when it is in the others", () => {
    fc.assert(
      fc.property(europeanNumber, ({ country, e164, input }) => {
        expect(isValidPhoneNumber(input, country)).toBe(isValidPhoneNumber(e164));
      }),
      { numRuns: 500 },
    );
  });
});
