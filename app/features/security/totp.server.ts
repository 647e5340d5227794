import { getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { randomBytes } from "node:crypto";

/**
 * TOTP (RFC 6238) as every authenticator app reads it: SHA-1, six digits, a
 * 30-second step. @epic-web/totp does the HMAC arithmetic; this module adds
 * what sign-in needs on top: a 160-bit secret (RFC 4226's recommendation; the
 * library's default is 80 bits), and the time step a code belongs to, so the
 * caller can refuse a code whose step was used already (a replay).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ALGORITHM = "SHA-1";
/** One step either side of now: the previous step covers a code typed just as it rolled over, the next a phone clock a little ahead. */
const WINDOW = 1;

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding, the form otpauth:// URIs and authenticator apps expect. */
export function base32(bytes: Uint8Array) {
  let bits = 0;
  let value = 0;
  let output = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

export function newTotpSecret() {
  return base32(randomBytes(20));
}

/** The key as a person types it: groups of four. */
export function groupedSecret(secret: string) {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export function totpUri({ secret, accountName, issuer }: { secret: string; accountName: string; issuer: string }) {
  return getTOTPAuthUri({ secret, accountName, issuer, period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS, algorithm: ALGORITHM });
}

export const currentTotpStep = (nowMs = Date.now()) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

/** Digits only: spaces and dashes people type between the groups are ignored. */
export const normaliseTotpCode = (code: string) => code.replace(/[\s-]/g, "");

export const looksLikeTotpCode = (code: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normaliseTotpCode(code));

/**
 * The time step `code` was made for, when it is valid now (the previous,
 * current or next step) and its step is later than `lastUsedStep`; else null.
 * A code of the step already used, or of any earlier one, is a replay.
 */
export async function acceptedTotpStep(secret: string, code: string, lastUsedStep: number | null): Promise<number | null> {
  const otp = normaliseTotpCode(code);
  if (!looksLikeTotpCode(otp)) return null;
  const step = currentTotpStep();
  const result = await verifyTOTP({
    otp,
    secret,
    period: TOTP_PERIOD_SECONDS,
    digits: TOTP_DIGITS,
    algorithm: ALGORITHM,
    charSet: "0123456789",
    window: WINDOW,
  });
  if (!result) return null;
  const codeStep = step + result.delta;
  if (lastUsedStep !== null && codeStep <= lastUsedStep) return null;
  return codeStep;
}
