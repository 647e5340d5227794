import { describe, expect, it } from "vitest";
import { isSsoError, readProviderIdentity } from "./oidc-claims";

describe("readProviderIdentity", () => {
  it("reads subject and a verified, lower-cased email", () => {
    expect(readProviderIdentity({ sub: "abc", email: " Ann@Example.COM ", email_verified: true })).toEqual({
      subject: "abc",
      email: "ann@example.com",
      emailVerified: true,
    });
  });

  it('accepts the string "true" some providers send', () => {
    expect(readProviderIdentity({ sub: "abc", email: "a@b.c", email_verified: "true" })?.emailVerified).toBe(true);
  });

  it("treats a missing or false email_verified as unverified", () => {
    expect(readProviderIdentity({ sub: "abc", email: "a@b.c" })?.emailVerified).toBe(false);
    expect(readProviderIdentity({ sub: "abc", email: "a@b.c", email_verified: false })?.emailVerified).toBe(false);
    expect(readProviderIdentity({ sub: "abc", email: "a@b.c", email_verified: "yes" })?.emailVerified).toBe(false);
  });

  it("is never verified without an email", () => {
    expect(readProviderIdentity({ sub: "abc", email_verified: true })).toEqual({ subject: "abc", email: null, emailVerified: false });
  });

  it("refuses claims without a subject", () => {
    expect(readProviderIdentity({ email: "a@b.c", email_verified: true })).toBeNull();
    expect(readProviderIdentity({ sub: "", email: "a@b.c" })).toBeNull();
  });
});

describe("isSsoError", () => {
  it("knows only the listed keys", () => {
    expect(isSsoError("noAccount")).toBe(true);
    expect(isSsoError("constructor")).toBe(false);
    expect(isSsoError(null)).toBe(false);
  });
});
