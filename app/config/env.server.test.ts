import { describe, expect, it } from "vitest";
import { resolveEnv } from "./env.server";

const KEY = "0123456789abcdef".repeat(4);

describe("configuration", () => {
  it("starts with defaults outside production", () => {
    const env = resolveEnv({ NODE_ENV: "development" });
    expect(env.PORT).toBe(3000);
    expect(env.SESSION_IDLE_MINUTES).toBe(30);
    expect(env.SESSION_ABSOLUTE_HOURS).toBe(12);
    expect(env.databaseFile!.endsWith("data/voxboard.db")).toBe(true);
  });

  it("refuses production without a long session secret, naming the variable", () => {
    expect(() => resolveEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET: is required in production/);
    expect(() => resolveEnv({ NODE_ENV: "production", SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    expect(resolveEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), SECRETS_KEY: KEY }).isProduction).toBe(true);
  });

  it("refuses production without a SECRETS_KEY of 32 bytes, and the Quick start derives one", () => {
    expect(() => resolveEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) })).toThrow(/SECRETS_KEY: is required in production/);
    expect(() => resolveEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), SECRETS_KEY: "ab".repeat(16) })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    expect(() => resolveEnv({ NODE_ENV: "development", SECRETS_KEY: "not a key" })).toThrow(/SECRETS_KEY: must be 32 bytes/);
    expect(
      resolveEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), SECRETS_KEY: Buffer.alloc(32, 7).toString("base64") }).SECRETS_KEY,
    ).toBeDefined();
    expect(resolveEnv({ NODE_ENV: "production", QUICKSTART: "1" }).SECRETS_KEY).toBeUndefined();
  });

  it("lets the Quick start (npm start) run production React with demo data and a development secret, and nothing else", () => {
    const quickstart = resolveEnv({ NODE_ENV: "production", QUICKSTART: "1" });
    expect(quickstart.isProduction).toBe(true);
    expect(quickstart.firstRunDefaults).toBe(true);
    expect(quickstart.usesDevelopmentSecret).toBe(true);
    // A secret that is given must still be a proper one.
    expect(() => resolveEnv({ NODE_ENV: "production", QUICKSTART: "1", SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    const image = resolveEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32), SECRETS_KEY: KEY });
    expect(image.firstRunDefaults).toBe(false);
    expect(image.usesDevelopmentSecret).toBe(false);
    expect(resolveEnv({ NODE_ENV: "development" }).firstRunDefaults).toBe(true);
  });

  it("names every bad value at once", () => {
    let message = "";
    try {
      resolveEnv({ NODE_ENV: "production", PORT: "70000", SESSION_IDLE_MINUTES: "soon", SMTP_URL: "mail.example.com", DATABASE_URL: "mysql://x" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT: must be a port between 1 and 65535/);
    expect(message).toMatch(/SESSION_IDLE_MINUTES: must be a whole number/);
    expect(message).toMatch(/SMTP_URL: must start with smtp:\/\//);
    expect(message).toMatch(/DATABASE_URL: must be a SQLite location/);
    expect(message).toMatch(/SESSION_SECRET: is required in production/);
    expect(message).toMatch(/SECRETS_KEY: is required in production/);
  });

  it("reads file: database URLs", () => {
    expect(resolveEnv({ DATABASE_URL: "file:/tmp/x/app.db" }).databaseFile).toBe("/tmp/x/app.db");
  });

  it("takes a support chat script only from an https URL, and names its origin for the CSP", () => {
    expect(resolveEnv({ NODE_ENV: "development" }).supportChat).toBeNull();
    expect(resolveEnv({ NODE_ENV: "development", SUPPORT_CHAT_SCRIPT_URL: "" }).supportChat).toBeNull();
    expect(resolveEnv({ NODE_ENV: "development", SUPPORT_CHAT_SCRIPT_URL: "https://chat.example.com/widget/v2.js?id=42" }).supportChat).toEqual({
      scriptUrl: "https://chat.example.com/widget/v2.js?id=42",
      origin: "https://chat.example.com",
    });
    expect(() => resolveEnv({ NODE_ENV: "development", SUPPORT_CHAT_SCRIPT_URL: "http://chat.example.com/widget.js" })).toThrow(
      /SUPPORT_CHAT_SCRIPT_URL: must be a full https:\/\/ URL/,
    );
    expect(() => resolveEnv({ NODE_ENV: "development", SUPPORT_CHAT_SCRIPT_URL: "javascript:alert(1)" })).toThrow(/SUPPORT_CHAT_SCRIPT_URL/);
    expect(() => resolveEnv({ NODE_ENV: "development", SUPPORT_CHAT_SCRIPT_URL: "chat.js" })).toThrow(/SUPPORT_CHAT_SCRIPT_URL/);
  });

  it("turns single sign-on on only with an issuer, a client id and a secret (docs/product/single-sign-on.md)", () => {
    const complete = { NODE_ENV: "development", OIDC_ISSUER_URL: "https://accounts.google.com", OIDC_CLIENT_ID: "id", OIDC_CLIENT_SECRET: "secret" };
    expect(resolveEnv({ NODE_ENV: "development" }).oidc).toBeNull();
    expect(resolveEnv({ ...complete, OIDC_CLIENT_SECRET: "" }).oidc).toBeNull();
    expect(resolveEnv(complete).oidc).toEqual({
      issuerUrl: "https://accounts.google.com",
      clientId: "id",
      clientSecret: "secret",
      buttonLabel: "Google",
      timeoutSeconds: 10,
    });
    expect(resolveEnv({ ...complete, OIDC_BUTTON_LABEL: " Keycloak " }).oidc?.buttonLabel).toBe("Keycloak");
    expect(resolveEnv({ ...complete, OIDC_BUTTON_LABEL: "" }).oidc?.buttonLabel).toBe("Google");
    expect(() => resolveEnv({ ...complete, OIDC_ISSUER_URL: "accounts.google.com" })).toThrow(/OIDC_ISSUER_URL: must be a full URL/);
  });
});
