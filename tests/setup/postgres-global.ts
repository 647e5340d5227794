import { startThrowawayPostgres } from "../support/throwaway-postgres";

/**
 * The PostgreSQL pass of the integration suite (vitest.postgres.config.ts):
 * one throwaway server for the run, or the one TEST_POSTGRES_URL names (a
 * superuser URL; each test file creates and drops a database of its own).
 */
export default async function setup() {
  if (process.env.TEST_POSTGRES_URL) {
    process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL;
    return;
  }
  const server = await startThrowawayPostgres();
  process.env.VOXBOARD_TEST_POSTGRES_ADMIN_URL = server.url;
  return () => server.stop();
}
