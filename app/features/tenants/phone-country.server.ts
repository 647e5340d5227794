import { getDb, type DB } from "~/db/db.server";
import { tenantPhoneCountry } from "~/features/phone/phone-country";

/**
 * The tenant's phone country as the gate tells it (gate.tenant.country), for
 * work that runs without a request: the contact import in the background
 * and the preview's row checks it shares.
 */
export async function phoneCountryOfTenant(tenantId: string, db: DB = getDb()): Promise<string> {
  const row = await db.selectFrom("tenants").select(["country", "time_zone"]).where("id", "=", tenantId).executeTakeFirst();
  return tenantPhoneCountry({ country: row?.country ?? null, timeZone: row?.time_zone ?? null });
}
