import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The integration suite again, on PostgreSQL (docs/decisions/0019): a
 * throwaway server for the run (tests/setup/postgres-global.ts), a database
 * per test file. `npm run test:postgres`.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/integration/**/*.test.{ts,tsx}", "tests/security/**/*.test.{ts,tsx}"],
    globalSetup: ["./tests/setup/postgres-global.ts"],
  },
});
