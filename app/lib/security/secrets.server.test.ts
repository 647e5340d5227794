import { afterEach, describe, expect, it, vi } from "vitest";
import { openSecret, sealSecret, UnreadableSecret } from "./secrets.server";

afterEach(() => vi.unstubAllEnvs());

describe("sealed secrets", () => {
  it("round-trips, never stores the plain text, and differs every time", () => {
    const sealed = sealSecret("cal_live_0123456789abcdef");
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain("cal_live");
    expect(sealSecret("cal_live_0123456789abcdef")).not.toBe(sealed);
    expect(openSecret(sealed)).toBe("cal_live_0123456789abcdef");
  });

  it("refuses a tampered secret and one sealed with another key", () => {
    const sealed = sealSecret("secret");
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(() => openSecret(tampered)).toThrow(UnreadableSecret);
    vi.stubEnv("SECRETS_KEY", "11".repeat(32));
    const withKey = sealSecret("secret");
    expect(openSecret(withKey)).toBe("secret");
    vi.stubEnv("SECRETS_KEY", "22".repeat(32));
    expect(() => openSecret(withKey)).toThrow(UnreadableSecret);
  });

  it("still opens a secret sealed with the derived key after SECRETS_KEY is set, and seals new ones with the key", () => {
    const beforeKey = sealSecret("legacy");
    vi.stubEnv("SECRETS_KEY", "33".repeat(32));
    expect(openSecret(beforeKey)).toBe("legacy");
    const withKey = sealSecret("fresh");
    vi.unstubAllEnvs();
    expect(() => openSecret(withKey)).toThrow(UnreadableSecret);
  });

  it("names a key of the wrong size", () => {
    vi.stubEnv("SECRETS_KEY", "abcd");
    expect(() => sealSecret("x")).toThrow(/SECRETS_KEY must be 32 bytes/);
  });
});
