import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

// OWASP ASVS / cheat-sheet baseline for argon2id: 19 MiB memory, 2 passes, 1 lane.
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody knows, checked when no account matches the email,
 * so a failed sign-in takes as long whether or not the account exists.
 */
let decoyHash: Promise<string> | undefined;
export async function spendTimeOnUnknownAccount(password: string) {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoyHash, password);
}
