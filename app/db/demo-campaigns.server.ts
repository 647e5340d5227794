import type { DB } from "./db.server";

/**
 * Demo contacts, lists, business numbers, knowledge bases and campaigns for
 * the demo tenant. (Issue 4: filled in by the campaigns work.)
 */
export async function seedDemoContactsAndCampaigns(_db: DB, _tenantId: string, _timeZone: string) {}
