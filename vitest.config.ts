import { availableParallelism } from "node:os";
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
    setupFiles: ["./tests/setup/test-env.ts"],
    pool: "forks",
    // One worker per core. Vitest's default for `run` is one fewer than the cores, which on CI's two cores is a single
    // worker: the suite then used one core (CPU time equal to wall time) and left the other idle for ~15 minutes of CI.
    // Each test file has its own data folder and database (tests/setup/test-env.ts), so files run side by side safely.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
