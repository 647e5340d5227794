/**
 * Issue 22, item 6: without SECRETS_KEY (and without SESSION_SECRET), stored
 * third-party secrets were sealed with a key derived from a constant in the
 * source, so anyone with the source and a database copy could open them. Now a
 * random key is generated into the data folder on first start, kept there with
 * the database and never printed; production still refuses to start without
 * SECRETS_KEY.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache, resolveEnv } from "~/config/env.server";
import { dataFolderSecretsKey, ensureSecretsKey, openSecret, sealSecret, SECRETS_KEY_FILE, UnreadableSecret } from "~/lib/security/secrets.server";

const DEVELOPMENT_FALLBACK = "voxboard-development-secret-not-for-production";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  resetEnvCache();
});

function inFreshDataFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-secrets-"));
  vi.stubEnv("DATA_DIR", dir);
  vi.stubEnv("SECRETS_KEY", undefined);
  vi.stubEnv("SESSION_SECRET", undefined);
  resetEnvCache();
  return dir;
}

/** Opens a sealed secret with one given key, as an attacker holding that key would. */
function openWith(key: Buffer, sealed: string) {
  const bytes = Buffer.from(sealed.split(":", 2)[1]!, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
}

/** What sealSecret did before issue 22 without SECRETS_KEY: a key derived from the session secret, or the source's constant. */
function sealWithDerivedKey(plain: string, sessionSecret = DEVELOPMENT_FALLBACK) {
  const key = Buffer.from(hkdfSync("sha256", sessionSecret, "voxboard", "stored-secrets-v1", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

const derivedFromConstant = () => Buffer.from(hkdfSync("sha256", DEVELOPMENT_FALLBACK, "voxboard", "stored-secrets-v1", 32));

describe("issue 22 item 6: the data folder's own sealing key", () => {
  it("seals without SECRETS_KEY or SESSION_SECRET with a key nobody can derive from the source", () => {
    inFreshDataFolder();
    const sealed = sealSecret("crm-token-0123456789");
    expect(openSecret(sealed)).toBe("crm-token-0123456789");
    expect(() => openWith(derivedFromConstant(), sealed)).toThrow();
  });

  it("generates the key on start into DATA_DIR/secrets.key, readable by its owner only, and never prints it", () => {
    const dir = inFreshDataFolder();
    const printed: string[] = [];
    for (const method of ["log", "info", "warn", "error"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void printed.push(args.map(String).join(" ")));
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      printed.push(String(chunk));
      return write(chunk, ...(rest as []));
    });
    expect(ensureSecretsKey()).toBe(path.join(dir, SECRETS_KEY_FILE));
    const file = path.join(dir, SECRETS_KEY_FILE);
    const text = fs.readFileSync(file, "utf8").trim();
    expect(text).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(printed.join("\n")).not.toContain(text);
    // A second start keeps the same key: secrets sealed before still open.
    const sealed = sealSecret("webhook-secret");
    resetEnvCache();
    ensureSecretsKey();
    expect(fs.readFileSync(file, "utf8").trim()).toBe(text);
    expect(openSecret(sealed)).toBe("webhook-secret");
    expect(fs.readdirSync(dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("gives every data folder its own key: a database copied without its key does not open", () => {
    inFreshDataFolder();
    const sealed = sealSecret("cal_live_abcdef");
    inFreshDataFolder();
    expect(() => openSecret(sealed)).toThrow(UnreadableSecret);
  });

  it("keeps one key when two starts race for it", () => {
    const dir = inFreshDataFolder();
    const keys = Array.from({ length: 8 }, () => dataFolderSecretsKey({ create: true })!.toString("hex"));
    expect(new Set(keys).size).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([SECRETS_KEY_FILE]);
  });

  it("still opens secrets sealed before, with the derived key, and seals new ones with the folder's key", () => {
    inFreshDataFolder();
    const legacy = sealWithDerivedKey("legacy-token");
    expect(openSecret(legacy)).toBe("legacy-token");
    expect(() => openWith(derivedFromConstant(), sealSecret("new-token"))).toThrow();
  });

  it("opens the folder's secrets after SECRETS_KEY is set, and seals new ones with SECRETS_KEY", () => {
    inFreshDataFolder();
    const before = sealSecret("before");
    vi.stubEnv("SECRETS_KEY", "44".repeat(32));
    resetEnvCache();
    expect(openSecret(before)).toBe("before");
    expect(openWith(Buffer.from("44".repeat(32), "hex"), sealSecret("after"))).toBe("after");
  });

  it("refuses a key file that is not a key, rather than sealing with something else", () => {
    const dir = inFreshDataFolder();
    fs.writeFileSync(path.join(dir, SECRETS_KEY_FILE), "not a key\n");
    expect(() => sealSecret("x")).toThrow(/secrets\.key does not hold a 32-byte key/);
  });

  it("still refuses production without SECRETS_KEY", () => {
    expect(() => resolveEnv({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), DATA_DIR: os.tmpdir() })).toThrow(
      /SECRETS_KEY: is required in production/,
    );
  });
});
