import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId } from "~/db/db.server";
import { JobRunner } from "~/features/jobs/job-runner.server";
import { purgeOldNotifications } from "~/features/notifications/purge.server";
import { createLoggingVoicePlatform } from "~/features/voice-platform/logging-platform";
import { prepareTestDatabase } from "../support/app";
import * as factories from "../support/factories";

/*
 * Notifications are not kept for ever (docs/decisions/0059-notifications.md,
 * "Retention"): the job runner's purge pass deletes read ones 90 days after
 * they were made and any one after 365, for every tenant, and leaves the rest.
 * Runs on SQLite and PostgreSQL.
 */

const DAY = 86_400_000;
const clock = new Date("2026-11-29T12:00:00.000Z");
const daysAgo = (days: number, plusMs = 0) => new Date(clock.getTime() - days * DAY + plusMs).toISOString();

let first: factories.TestTenant;
let second: factories.TestTenant;

beforeAll(async () => {
  await prepareTestDatabase();
  first = await factories.tenantWithOwner({ name: "Purge One" });
  second = await factories.tenantWithOwner({ name: "Purge Two" });
});

async function notify(tenant: factories.TestTenant, label: string, createdAt: string, readAt: string | null) {
  await getDb()
    .insertInto("notifications")
    .values({
      id: newId(),
      tenant_id: tenant.tenantId,
      user_id: tenant.ownerId,
      kind: "contacts.imported",
      params: JSON.stringify({ label }),
      link: "/contacts",
      created_at: createdAt,
      read_at: readAt,
    })
    .execute();
}

const labelsOf = async (tenant: factories.TestTenant) =>
  (await getDb().selectFrom("notifications").select("params").where("tenant_id", "=", tenant.tenantId).execute())
    .map((row) => (JSON.parse(row.params) as { label: string }).label)
    .sort();

describe("purgeOldNotifications", () => {
  it("deletes read notifications older than 90 days and any older than 365 days, in every tenant, and keeps the rest", async () => {
    for (const tenant of [first, second]) {
      await notify(tenant, "read-91d", daysAgo(91), daysAgo(80));
      await notify(tenant, "read-90d-just-inside", daysAgo(90, 60_000), daysAgo(1));
      await notify(tenant, "read-10d", daysAgo(10), daysAgo(9));
      await notify(tenant, "unread-200d", daysAgo(200), null);
      await notify(tenant, "unread-366d", daysAgo(366), null);
      await notify(tenant, "unread-364d", daysAgo(364), null);
    }
    expect(await purgeOldNotifications(clock)).toBe(4);
    const kept = ["read-10d", "read-90d-just-inside", "unread-200d", "unread-364d"];
    expect(await labelsOf(first)).toEqual(kept);
    expect(await labelsOf(second)).toEqual(kept);
    // A second pass finds nothing more to do.
    expect(await purgeOldNotifications(clock)).toBe(0);
  });

  it("runs on the job runner's purge pass", async () => {
    await notify(first, "runner-read-100d", daysAgo(100), daysAgo(99));
    await notify(first, "runner-unread-100d", daysAgo(100), null);
    const errors: unknown[] = [];
    const runner = new JobRunner({ intervalMs: 60_000, voicePlatform: createLoggingVoicePlatform(), now: () => clock, onError: (error) => errors.push(error) });
    await runner.tick();
    await runner.stop();
    expect(errors).toEqual([]);
    const labels = await labelsOf(first);
    expect(labels).toContain("runner-unread-100d");
    expect(labels).not.toContain("runner-read-100d");
  });
});
