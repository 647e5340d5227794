import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  esbuild: { jsx: "automatic" },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "tools/**/*.test.{ts,tsx}",
      "tests/tooling/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.{ts,tsx}",
      "tests/security/**/*.test.{ts,tsx}",
    ],
    // One prepared database per run, which prepareTestDatabase() copies for each test file (docs/decisions/0047-test-databases-from-a-template.md).
    globalSetup: ["./tests/setup/database-template.ts"],
    setupFiles: ["./tests/setup/test-env.ts"],
    pool: "forks",
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
