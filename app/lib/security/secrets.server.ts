import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv, secretsKeyBytes } from "~/config/env.server";

/**
 * Secrets the app must use again later (a Cal.com API key, a webhook signing
 * secret) are sealed with AES-256-GCM before they reach the database, so a
 * copy of the database file or a backup does not hand them out. The key is
 * SECRETS_KEY (32 bytes, hex or base64; required in production) or, without
 * it (development, the Quick start), a random key generated on first start
 * into the data folder (DATA_DIR/secrets.key, readable by its owner only, kept
 * with the database and never logged). Before issue 22 (item 6) that key was
 * derived from SESSION_SECRET, or from a constant in this source when none was
 * set; secrets sealed that way still open (the derived key is tried last), and
 * each is sealed anew with the current key when it is next saved. Changing the
 * key makes sealed secrets unreadable, and each must be entered again.
 *
 * Format: "v1:" + base64url(iv[12] | tag[16] | ciphertext).
 */
const VERSION = "v1";
export const SECRETS_KEY_FILE = "secrets.key";

let cachedKeys: { source: string; keys: Buffer[] } | undefined;

/** Where the data folder's own key is kept. */
export const secretsKeyFile = () => path.join(getEnv().dataDir, SECRETS_KEY_FILE);

/**
 * The data folder's key, made now when there is none and `create` is set. Two
 * processes starting at once agree on one key: each writes its own candidate,
 * and the first hard link to the final name wins.
 */
export function dataFolderSecretsKey({ create }: { create: boolean }): Buffer | null {
  const file = secretsKeyFile();
  const existing = readKeyFile(file);
  if (existing || !create) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(candidate, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(candidate, { force: true });
  }
  const key = readKeyFile(file);
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex characters); remove it only if no secrets were sealed with it`);
  return key;
}

function readKeyFile(file: string): Buffer | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const key = secretsKeyBytes(text);
  if (!key) throw new Error(`${file} does not hold a 32-byte key (64 hex characters); remove it only if no secrets were sealed with it`);
  return key;
}

/** The sealing key first, then the keys a secret may have been sealed with before. */
function keyMaterial(): Buffer[] {
  const env = getEnv();
  const configured = process.env.SECRETS_KEY?.trim();
  const source = `${configured ?? ""}\u0000${env.sessionSecret}\u0000${env.dataDir}`;
  if (cachedKeys?.source === source) return cachedKeys.keys;
  const derived = Buffer.from(hkdfSync("sha256", env.sessionSecret, "voxboard", "stored-secrets-v1", 32));
  let keys: Buffer[];
  if (configured) {
    const key = secretsKeyBytes(configured);
    if (!key) throw new Error("SECRETS_KEY must be 32 bytes, written as 64 hex characters or base64 (openssl rand -hex 32)");
    const folderKey = dataFolderSecretsKey({ create: false });
    keys = folderKey ? [key, folderKey, derived] : [key, derived];
  } else {
    keys = [dataFolderSecretsKey({ create: true })!, derived];
  }
  cachedKeys = { source, keys };
  return keys;
}

/**
 * At server start without SECRETS_KEY: the data folder's key exists from the
 * first start on, not only from the first secret saved. Returns the file's
 * path for the start-up notice (the key itself is never printed).
 */
export function ensureSecretsKey(): string | null {
  if (process.env.SECRETS_KEY?.trim()) return null;
  dataFolderSecretsKey({ create: true });
  return secretsKeyFile();
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
