/**
 * End-to-end tests against the production build (`npm run build` first; this
 * config never builds). Every spec runs twice: with JavaScript (project `js`)
 * and without (project `no-js`), because every primary flow must work as plain
 * form posts and links. The server gets a fresh DATA_DIR per run, seeded with
 * the demo users; tests read verification emails from DATA_DIR/outbox.
 * Browsers are never downloaded: Debian's Chromium at /usr/bin/chromium is used.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = "1";

// E2E_PORT and VOXBOARD_BUILD_ROOT let a second build be tested beside the first (see remix.config.js).
const E2E_PORT = Number(process.env.E2E_PORT ?? 3401);
const BUILD_ROOT = process.env.VOXBOARD_BUILD_ROOT ?? ".";
const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

// The config is evaluated again in every worker; the first evaluation (the
// runner) creates the directory and the workers inherit it through the env.
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
    "--no-first-run",
    "--disable-quic",
  ],
};

const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: isCI ? [["list"]] : [["list"], ["html", { outputFolder: "playwright-report", open: "never" }]],
  outputDir: "test-results",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL: E2E_BASE_URL,
    browserName: "chromium",
    launchOptions: chromium,
    locale: "en-US",
    trace: "on-first-retry",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `node ${BUILD_ROOT}/build/index.js`,
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(E2E_PORT),
      APP_URL: E2E_BASE_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${path.join(dataDir, "voxboard.db")}`,
      SEED_DEMO: "1",
      SESSION_SECRET: "e2e-session-secret-that-is-at-least-32-characters-long",
      SECRETS_KEY: "e2e0".repeat(16),
      RATE_LIMIT_PER_IP: "1000",
      RATE_LIMIT_PER_ACCOUNT: "1000",
      SMTP_URL: "",
      // Campaign runs advance one batch per tick; a fast tick lets a test see dispatches within seconds and still pause mid-run.
      JOB_RUNNER_INTERVAL_MS: "2000",
      // The kit's documentation page (/dev/ui-kit) is off in production unless asked for; its spec audits it.
      UI_KIT_PAGE: "1",
    },
  },
});
