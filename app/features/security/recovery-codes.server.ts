import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Recovery codes: ten per user, each 10 characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L), about 50 bits of entropy, shown once as
 * "xxxxx-xxxxx". Only a SHA-256 of the normalised code is stored: at this
 * entropy a fast hash cannot be reversed by guessing, so a slow password
 * hash would only cost time at every use (docs/decisions/0042-two-factor-sign-in.md).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 10;

export function newRecoveryCode(): string {
  const bytes = randomBytes(LENGTH * 2);
  let code = "";
  // Rejection sampling keeps every character equally likely (256 is not a multiple of the alphabet's 31).
  const limit = 256 - (256 % ALPHABET.length);
  for (const byte of bytes) {
    if (byte >= limit) continue;
    code += ALPHABET[byte % ALPHABET.length];
    if (code.length === LENGTH) break;
  }
  return code.length === LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : newRecoveryCode();
}

export const newRecoveryCodes = () => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** Case, spaces and dashes do not matter: people copy codes from paper. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export const hashRecoveryCode = (code: string) => createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");

/** Whether `code` is the one `storedHash` was made from, compared in constant time. */
export function recoveryCodeMatches(code: string, storedHash: string) {
  const given = Buffer.from(hashRecoveryCode(code), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
