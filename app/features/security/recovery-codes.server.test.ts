import { describe, expect, it } from "vitest";
import { hashRecoveryCode, newRecoveryCode, newRecoveryCodes, recoveryCodeMatches, RECOVERY_CODE_COUNT } from "./recovery-codes.server";

describe("recovery codes", () => {
  it("makes ten distinct codes of two groups of five, without look-alike characters", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it("stores a SHA-256 of the code, never the code", () => {
    const code = newRecoveryCode();
    const hash = hashRecoveryCode(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(code.replace("-", ""));
  });

  it("matches the code however it is typed (case, dashes, spaces), and nothing else", () => {
    const code = newRecoveryCode();
    const hash = hashRecoveryCode(code);
    expect(recoveryCodeMatches(code, hash)).toBe(true);
    expect(recoveryCodeMatches(` ${code.toUpperCase().replace("-", " ")} `, hash)).toBe(true);
    expect(recoveryCodeMatches(code.replace("-", ""), hash)).toBe(true);
    let other = newRecoveryCode();
    while (other === code) other = newRecoveryCode();
    expect(recoveryCodeMatches(other, hash)).toBe(false);
    expect(recoveryCodeMatches(code, "not-a-hash")).toBe(false);
  });
});
