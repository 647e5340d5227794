import { sql } from "kysely";
import { getDb, type DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { checkRateWindows, RATE_WINDOWS, windowStart, type RateWindow } from "./delivery-policy";
import type { IntegrationTemplate } from "../templates/template-schema";
import type { Integration } from "../integrations.server";

/**
 * Takes one request from an integration's minute, hour and day windows, or
 * says when one is free again. All three are checked and counted in one
 * transaction with the integration's row locked (PostgreSQL: FOR UPDATE;
 * SQLite has one writer), so two runners never both take the last request
 * of a window.
 */
export async function reserveRequest(
  integration: Pick<Integration, "id">,
  template: Pick<IntegrationTemplate, "rateLimiting">,
  now: Date,
  db: DB = getDb(),
): Promise<{ allowed: true } | { allowed: false; until: Date; window: RateWindow }> {
  if (!template.rateLimiting.enabled) return { allowed: true };
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) await sql`select 1 from integrations where id = ${integration.id} for update`.execute(trx);
    const rows = await trx
      .selectFrom("integration_rate_windows")
      .select(["window", "window_start", "count"])
      .where("integration_id", "=", integration.id)
      .execute();
    const verdict = checkRateWindows(
      template.rateLimiting,
      rows.map((row) => ({ window: row.window, windowStart: row.window_start, count: row.count })),
      now,
    );
    if (!verdict.allowed) return verdict;
    for (const window of RATE_WINDOWS) {
      const start = windowStart(window, now).toISOString();
      const stored = rows.find((row) => row.window === window);
      const count = stored && stored.window_start === start ? stored.count + 1 : 1;
      await trx
        .insertInto("integration_rate_windows")
        .values({ integration_id: integration.id, window, window_start: start, count })
        .onConflict((conflict) => conflict.columns(["integration_id", "window"]).doUpdateSet({ window_start: start, count }))
        .execute();
    }
    return { allowed: true as const };
  });
}
