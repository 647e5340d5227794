import { generateTOTP } from "@epic-web/totp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { acceptedTotpStep, base32, currentTotpStep, groupedSecret, newTotpSecret, totpUri } from "./totp.server";

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890"; at T = 59 s the 8-digit code is 94287082, so the 6-digit one is 287082.
const RFC_SECRET = base32(new TextEncoder().encode("12345678901234567890"));

async function codeAt(secret: string, ms: number) {
  vi.setSystemTime(ms);
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" })).otp;
}

afterEach(() => vi.useRealTimers());

describe("base32 and secrets", () => {
  it("encodes as RFC 4648 without padding", () => {
    expect(base32(new TextEncoder().encode("foobar"))).toBe("MZXW6YTBOI");
    expect(RFC_SECRET).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it("makes 160-bit secrets, a new one each time, and groups them in fours for typing", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("writes the otpauth URI authenticator apps read", () => {
    const uri = new URL(totpUri({ secret: RFC_SECRET, accountName: "owner@demo.test", issuer: "Voxboard" }));
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe("/Voxboard:owner@demo.test");
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: RFC_SECRET, issuer: "Voxboard", algorithm: "SHA1", digits: "6", period: "30" });
  });
});

describe("the time window", () => {
  const now = Date.UTC(2026, 10, 28, 16, 0, 10);

  it("accepts the RFC 6238 test vector", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(59_000);
    expect(await acceptedTotpStep(RFC_SECRET, "287082", null)).toBe(1);
    expect(await acceptedTotpStep(RFC_SECRET, "287 082", null)).toBe(1);
  });

  it("accepts the current and the previous step's code and refuses older ones", async () => {
    vi.useFakeTimers();
    const secret = newTotpSecret();
    const current = await codeAt(secret, now);
    const previous = await codeAt(secret, now - 30_000);
    const older = await codeAt(secret, now - 60_000);
    const muchOlder = await codeAt(secret, now - 10 * 60_000);
    vi.setSystemTime(now);
    const step = currentTotpStep();
    expect(await acceptedTotpStep(secret, current, null)).toBe(step);
    expect(await acceptedTotpStep(secret, previous, null)).toBe(step - 1);
    // Two steps back (a minute old) has run out.
    if (older !== current && older !== previous) expect(await acceptedTotpStep(secret, older, null)).toBeNull();
    if (![current, previous].includes(muchOlder)) expect(await acceptedTotpStep(secret, muchOlder, null)).toBeNull();
  });

  it("refuses a code whose step was used already, or any earlier step (a replay)", async () => {
    vi.useFakeTimers();
    const secret = newTotpSecret();
    const current = await codeAt(secret, now);
    const previous = await codeAt(secret, now - 30_000);
    vi.setSystemTime(now);
    const step = currentTotpStep();
    expect(await acceptedTotpStep(secret, current, step)).toBeNull();
    expect(await acceptedTotpStep(secret, previous, step - 1)).toBeNull();
    expect(await acceptedTotpStep(secret, previous, step)).toBeNull();
    // After the previous step was used, the current one still is new.
    expect(await acceptedTotpStep(secret, current, step - 1)).toBe(step);
  });

  it("refuses anything that is not six digits, and a wrong code", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(59_000);
    expect(await acceptedTotpStep(RFC_SECRET, "28708", null)).toBeNull();
    expect(await acceptedTotpStep(RFC_SECRET, "2870821", null)).toBeNull();
    expect(await acceptedTotpStep(RFC_SECRET, "abcdef", null)).toBeNull();
    expect(await acceptedTotpStep(RFC_SECRET, "287083", null)).toBeNull();
  });
});
