import { getDb, type DB } from "~/db/db.server";
import { templateOf } from "../integrations.server";

/**
 * Each template keeps its logs retentionDays (docs/product/constants.md#integration-templates: 30 days for
 * both shipped ones). Finished deliveries go with their logs; queued ones
 * stay whatever their age.
 */
export async function purgeExpiredLogs(now: Date, db: DB = getDb()) {
  const integrations = await db.selectFrom("integrations").select(["id", "template_id", "custom_template", "updated_at"]).execute();
  let logs = 0;
  for (const integration of integrations) {
    let days: number;
    try {
      days = templateOf(integration).analytics.retentionDays;
    } catch {
      continue;
    }
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    const removed = await db.deleteFrom("crm_logs").where("integration_id", "=", integration.id).where("created_at", "<", cutoff).executeTakeFirst();
    logs += Number(removed.numDeletedRows);
    await db
      .deleteFrom("integration_deliveries")
      .where("integration_id", "=", integration.id)
      .where("status", "in", ["succeeded", "failed", "skipped"])
      .where("finished_at", "<", cutoff)
      .execute();
  }
  return { logs };
}
