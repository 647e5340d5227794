import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { verifyPassword } from "~/features/auth/password.server";
import { resetRateLimits } from "~/features/auth/rate-limit.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import * as register from "~/routes/_auth+/register";
import * as registrationSuccessful from "~/routes/_auth+/registration-successful";
import { callAction, callLoader, findUser, latestEmailTo, linkFrom, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";

beforeAll(prepareTestDatabase);
beforeEach(() => resetRateLimits());

const VALID = {
  name: "Rita Register",
  company: "Register & Co. 2",
  email: "rita@example.test",
  phone: "+1 416 555 0199",
  password: "Strong-pass-1",
  confirmPassword: "Strong-pass-1",
};

interface Reply {
  status?: string;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
}

async function submitRegistration(fields: Partial<typeof VALID> & { browserTimeZone?: string }, language: "en" | "de" = "en") {
  return callAction(register.action, "/register", { form: { ...VALID, ...fields }, language });
}

/**
 * One rule broken at a time, with the key the schema reports and the exact
 * English and German texts the form shows for it.
 */
const RULES: Array<{ rule: string; fields: Partial<typeof VALID>; field: keyof typeof VALID; key: string; en: string; de: string }> = [
  {
    rule: "name shorter than 2 characters",
    fields: { name: "R" },
    field: "name",
    key: "validation.nameTooShort",
    en: "Name must be at least 2 characters",
    de: "Der Name muss mindestens 2 Zeichen lang sein",
  },
  {
    rule: "name with digits",
    fields: { name: "Rita 2nd" },
    field: "name",
    key: "validation.nameLettersOnly",
    en: "Name may only contain letters and spaces",
    de: "Der Name darf nur Buchstaben und Leerzeichen enthalten",
  },
  {
    rule: "name with punctuation",
    fields: { name: "Rita-Register" },
    field: "name",
    key: "validation.nameLettersOnly",
    en: "Name may only contain letters and spaces",
    de: "Der Name darf nur Buchstaben und Leerzeichen enthalten",
  },
  {
    rule: "company shorter than 2 characters",
    fields: { company: " A " },
    field: "company",
    key: "validation.companyTooShort",
    en: "Company name must be at least 2 characters",
    de: "Der Firmenname muss mindestens 2 Zeichen lang sein",
  },
  {
    rule: "company longer than 100 characters",
    fields: { company: "A".repeat(101) },
    field: "company",
    key: "validation.companyTooLong",
    en: "Company name must be at most 100 characters",
    de: "Der Firmenname darf höchstens 100 Zeichen lang sein",
  },
  {
    rule: "missing company",
    fields: { company: "" },
    field: "company",
    key: "validation.companyRequired",
    en: "Company name is required",
    de: "Firmenname ist erforderlich",
  },
  {
    rule: "invalid email",
    fields: { email: "rita@" },
    field: "email",
    key: "validation.emailInvalid",
    en: "Enter a valid email address",
    de: "Geben Sie eine gültige E-Mail-Adresse ein",
  },
  {
    rule: "invalid phone",
    fields: { phone: "12345" },
    field: "phone",
    key: "validation.phoneInvalid",
    en: "Enter a valid phone number",
    de: "Geben Sie eine gültige Telefonnummer ein",
  },
  ...(
    [
      ["password shorter than 8 characters", "Aa1!aaa"],
      ["password without an uppercase letter", "strong-pass-1"],
      ["password without a lowercase letter", "STRONG-PASS-1"],
      ["password without a digit", "Strong-pass-x"],
      ["password without a special character", "Strongpass1"],
    ] as const
  ).map(([rule, password]) => ({
    rule,
    fields: { password, confirmPassword: password },
    field: "password" as const,
    key: "validation.passwordRules",
    en: "Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character",
    de: "Das Passwort muss mindestens 8 Zeichen lang sein und einen Großbuchstaben, einen Kleinbuchstaben, eine Zahl und ein Sonderzeichen enthalten",
  })),
  {
    rule: "confirmation that does not match",
    fields: { confirmPassword: "Strong-pass-2" },
    field: "confirmPassword",
    key: "validation.passwordsMustMatch",
    en: "Passwords do not match",
    de: "Die Passwörter stimmen nicht überein",
  },
];

describe("registration rules", () => {
  it.each(RULES)("refuses a $rule with one message, in English and German", async ({ fields, field, key, en, de }) => {
    const usersBefore = await getDb().selectFrom("users").select("id").execute();
    for (const language of ["en", "de"] as const) {
      const result = unwrap(await submitRegistration(fields, language));
      expect(result.status).toBe(400);
      const reply = result.value as Reply;
      expect(reply.status).toBe("error");
      // Exactly the broken rule is reported, once.
      expect(reply.error).toEqual({ [field]: [key] });
      // Passwords never travel back to the browser.
      expect(reply.initialValue).not.toHaveProperty("password");
      expect(reply.initialValue).not.toHaveProperty("confirmPassword");
    }
    expect((await getTranslatorFor("en", "auth"))(key)).toBe(en);
    expect((await getTranslatorFor("de", "auth"))(key)).toBe(de);
    expect(await getDb().selectFrom("users").select("id").execute()).toHaveLength(usersBefore.length);
  });

  it("says 8 characters in German, not the 6 of the original German copy", async () => {
    const text = (await getTranslatorFor("de", "auth"))("validation.passwordRules");
    expect(text).toContain("mindestens 8 Zeichen");
    expect(text).not.toMatch(/6/);
  });

  it("reports every broken field of one submission at once", async () => {
    const result = unwrap(await submitRegistration({ name: "R", email: "x", phone: "1", password: "short", confirmPassword: "other" }));
    expect(result.status).toBe(400);
    expect((result.value as Reply).error).toEqual({
      name: ["validation.nameTooShort"],
      email: ["validation.emailInvalid"],
      phone: ["validation.phoneInvalid"],
      password: ["validation.passwordRules"],
    });
  });

  it("requires every field", async () => {
    const result = unwrap(await callAction(register.action, "/register", { form: {} }));
    expect(result.status).toBe(400);
    expect((result.value as Reply).error).toEqual({
      name: ["validation.nameRequired"],
      company: ["validation.companyRequired"],
      email: ["validation.emailRequired"],
      phone: ["validation.phoneRequired"],
      password: ["validation.passwordRequired"],
      confirmPassword: ["validation.confirmPasswordRequired"],
    });
    expect((await getTranslatorFor("en", "auth"))("validation.emailRequired")).toBe("Email is required");
    expect((await getTranslatorFor("de", "auth"))("validation.emailRequired")).toBe("E-Mail ist erforderlich");
  });

  it("accepts names with accented letters and spaces", async () => {
    const result = await submitRegistration({ name: "Zoë Müller", email: "zoe@example.test" });
    expect(redirectLocation(result)).toBe("/registration-successful");
  });
});

describe("successful registration", () => {
  it("redirects to /registration-successful, opens a tenant named after the company without a subscription and stores an argon2id hash", async () => {
    const result = await submitRegistration({ email: "Rita@Example.TEST" });
    expect(redirectLocation(result)).toBe("/registration-successful");

    const user = await findUser("rita@example.test");
    expect(user).toBeDefined();
    expect(user!.name).toBe("Rita Register");
    expect(user!.phone).toBe("+14165550199");
    expect(user!.email_verified_at).toBeNull();
    expect(user!.password_hash.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(await verifyPassword(user!.password_hash, "Strong-pass-1")).toBe(true);
    expect(await verifyPassword(user!.password_hash, "Strong-pass-2")).toBe(false);

    const tenant = await getDb().selectFrom("tenants").selectAll().where("id", "=", user!.tenant_id).executeTakeFirstOrThrow();
    expect(tenant.name).toBe("Register & Co. 2");
    const subscriptions = await getDb().selectFrom("subscriptions").select("id").where("tenant_id", "=", user!.tenant_id).execute();
    expect(subscriptions).toHaveLength(0);
    const role = await getDb().selectFrom("roles").select("key").where("id", "=", user!.role_id).executeTakeFirstOrThrow();
    expect(role.key).toBe("owner");
  });

  it("writes a verification email with a /verify-email link to the outbox", async () => {
    const email = latestEmailTo("rita@example.test");
    expect(email).not.toBeNull();
    expect(email!.subject).toBe("Verify your Voxboard email address");
    expect(email!.text).toContain("Hello Rita Register,");
    const link = linkFrom(email!.text, "/verify-email");
    expect(link?.origin).toBe("http://localhost:3000");
    expect(link?.searchParams.get("token")).toMatch(/^[\w-]{40,}$/);
  });

  it("writes the verification email in the language of the visitor", async () => {
    expect(redirectLocation(await submitRegistration({ email: "greta@example.test", name: "Greta Gruen" }, "de"))).toBe("/registration-successful");
    const email = latestEmailTo("greta@example.test");
    expect(email?.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse für Voxboard");
    expect(linkFrom(email!.text, "/verify-email")).not.toBeNull();
  });

  it("shows the registration-successful page without a session", async () => {
    const result = unwrap(await callLoader(registrationSuccessful.loader, "/registration-successful"));
    expect(result.status).toBe(200);
    expect(result.value).toEqual({ outbox: true });
  });
});

describe("duplicate email", () => {
  it.each([
    ["the same address", "owner@demo.test", "en", "Someone tried to register with your address"],
    ["the same address in other letter case", "Owner@Demo.Test", "de", "Jemand wollte sich mit Ihrer Adresse registrieren"],
  ] as const)("answers %s exactly like a new one, and tells its owner by email instead", async (_label, email, language, subject) => {
    const result = await submitRegistration({ email }, language);
    const fresh = await submitRegistration({ email: `fresh-${language}@example.test` }, language);
    expect(redirectLocation(result)).toBe("/registration-successful");
    expect(redirectLocation(fresh)).toBe("/registration-successful");
    expect((result as Response).headers.get("Set-Cookie")).toBe((fresh as Response).headers.get("Set-Cookie"));

    const notice = latestEmailTo("owner@demo.test");
    expect(notice?.subject).toBe(subject);
    expect(notice!.text).toContain("http://localhost:3000/login");
    expect(notice!.text).toContain("http://localhost:3000/reset-password");
    // No token travels in it: the reset page asks for the address again.
    expect(notice!.text).not.toMatch(/token=/);
    const owners = await getDb().selectFrom("users").select(["id", "name"]).where("email", "=", "owner@demo.test").execute();
    expect(owners).toHaveLength(1);
    expect(owners[0]!.name).not.toBe(VALID.name);
  });
});

describe("the new organisation's time zone and country", () => {
  let counter = 0;

  async function registeredTenant(phone: string, browserTimeZone: string | undefined) {
    const email = `zone-${++counter}@example.test`;
    const fields = browserTimeZone === undefined ? { email, phone } : { email, phone, browserTimeZone };
    expect(redirectLocation(await submitRegistration(fields))).toBe("/registration-successful");
    const user = await findUser(email);
    return getDb().selectFrom("tenants").selectAll().where("id", "=", user!.tenant_id).executeTakeFirstOrThrow();
  }

  it.each([
    ["a German number", "+49 30 1234567", undefined, "Europe/Berlin", "DE"],
    ["a German number, whatever zone the browser is in", "+49 30 1234567", "America/Vancouver", "Europe/Berlin", "DE"],
    ["a Toronto number", "+1 416 555 0142", undefined, "America/Toronto", "CA"],
    ["a toll-free number, which spans North America, from the browser's zone", "+1 800 555 0142", "America/Vancouver", "America/Vancouver", "US"],
    ["a toll-free number without scripts (no browser zone)", "+1 800 555 0142", "", "America/Toronto", "US"],
    ["a toll-free number with a browser zone that is no IANA zone", "+1 800 555 0142", "Mars/Olympus_Mons", "America/Toronto", "US"],
  ])("takes them for %s", async (_label, phone, browserTimeZone, zone, country) => {
    const tenant = await registeredTenant(phone, browserTimeZone);
    expect(tenant.time_zone).toBe(zone);
    expect(tenant.country).toBe(country);
  });
});

describe("the registrant's phone country (decision 0009)", () => {
  const register_ = (fields: Partial<typeof VALID>, acceptLanguage?: string) =>
    callAction(register.action, "/register", { form: { ...VALID, ...fields }, headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {} });

  it("reads a phone with a leading 0 in the country of the browser's first language, and + or 00 the same anywhere", async () => {
    expect(redirectLocation(await register_({ email: "national-de@example.test", phone: "030 1234567" }, "de-DE,de;q=0.9,en;q=0.8"))).toBe(
      "/registration-successful",
    );
    expect((await findUser("national-de@example.test"))?.phone).toBe("+49301234567");

    // A browser whose first language names no region reads in that language's country (issue 22, item 18): "de" is German.
    expect(redirectLocation(await register_({ email: "national-de-bare@example.test", phone: "030 1234567" }, "de,en-US;q=0.7"))).toBe(
      "/registration-successful",
    );
    expect((await findUser("national-de-bare@example.test"))?.phone).toBe("+49301234567");

    // No country from the browser: the US default, where a leading 0 is no trunk prefix and the number is refused.
    const refused = unwrap(await register_({ email: "national-us@example.test", phone: "030 1234567" }));
    expect(refused.status).toBe(400);
    expect((refused.value as Reply).error?.phone).toEqual(["validation.phoneInvalid"]);

    expect(redirectLocation(await register_({ email: "plus@example.test", phone: "+4930123456" }))).toBe("/registration-successful");
    expect((await findUser("plus@example.test"))?.phone).toBe("+4930123456");
  });

  it("gives the form the same country, for typing and checking in the browser", async () => {
    expect(unwrap(await callLoader(register.loader, "/register", { headers: { "Accept-Language": "en-GB,en;q=0.9" } })).value).toMatchObject({
      phoneCountry: "GB",
    });
    expect(unwrap(await callLoader(register.loader, "/register")).value).toMatchObject({ phoneCountry: "US" });
  });
});
