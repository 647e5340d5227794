/**
 * What every test file's environment holds besides its own folder and
 * database (test-env.ts), and what the run's template database is made with
 * (database-template.ts), so the template's seeded rows are the ones a test
 * file would have seeded itself (secrets are sealed with the session secret).
 */
export const TEST_ENVIRONMENT = {
  NODE_ENV: "test",
  SESSION_SECRET: "test-secret-that-is-long-enough-for-production-rules",
  APP_URL: "http://localhost:3000",
  // Stub servers in tests listen on 127.0.0.1; the refusal of private addresses has its own tests.
  OUTBOUND_ALLOW_PRIVATE: "1",
} as const;
