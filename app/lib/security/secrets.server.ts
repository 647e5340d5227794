import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv, secretsKeyBytes } from "~/config/env.server";

/**
 * Secrets the app must use again later (a Cal.com API key, a webhook signing
 * secret) are sealed with AES-256-GCM before they reach the database, so a
 * copy of the database file or a backup does not hand them out. The key is
 * SECRETS_KEY (32 bytes, hex or base64; required in production) or, without
 * it (development, the Quick start), one derived from SESSION_SECRET. Secrets
 * sealed with the derived key before SECRETS_KEY was set still open: the
 * derived key is tried second. Changing the key makes sealed secrets
 * unreadable, and each must be entered again.
 *
 * Format: "v1:" + base64url(iv[12] | tag[16] | ciphertext).
 */
const VERSION = "v1";

let cachedKeys: { source: string; keys: Buffer[] } | undefined;

/** The sealing key first, then the one a secret may have been sealed with before SECRETS_KEY was set. */
function keyMaterial(): Buffer[] {
  const env = getEnv();
  const configured = process.env.SECRETS_KEY?.trim();
  const source = `${configured ?? ""}\u0000${env.sessionSecret}`;
  if (cachedKeys?.source === source) return cachedKeys.keys;
  const derived = Buffer.from(hkdfSync("sha256", env.sessionSecret, "voxboard", "stored-secrets-v1", 32));
  let keys: Buffer[] = [derived];
  if (configured) {
    const key = secretsKeyBytes(configured);
    if (!key) throw new Error("SECRETS_KEY must be 32 bytes, written as 64 hex characters or base64 (openssl rand -hex 32)");
    keys = [key, derived];
  }
  cachedKeys = { source, keys };
  return keys;
}

export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyMaterial()[0]!, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

export class UnreadableSecret extends Error {
  override name = "UnreadableSecret";
}

/** The plain secret; throws UnreadableSecret when it was sealed with another key or altered. */
export function openSecret(sealed: string): string {
  const [version, payload] = sealed.split(":", 2);
  if (version !== VERSION || !payload) throw new UnreadableSecret("not a sealed secret");
  const bytes = Buffer.from(payload, "base64url");
  for (const key of keyMaterial()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // The authentication tag did not match this key: try the next.
    }
  }
  throw new UnreadableSecret("the secret was sealed with another key or altered");
}

/** The last four characters, the only part ever shown again. */
export const lastFour = (secret: string) => secret.slice(-4);
