import { getDb } from "~/db/db.server";
import { tenantPhoneCountry } from "~/features/phone/phone-country";

/** The API key's tenant's zone and country: the defaults for hours nobody saved and numbers typed without a country code. */
export async function apiTenantSettings(tenantId: string) {
  const tenant = await getDb().selectFrom("tenants").select(["time_zone", "country"]).where("id", "=", tenantId).executeTakeFirstOrThrow();
  return { timeZone: tenant.time_zone, country: tenantPhoneCountry({ country: tenant.country, timeZone: tenant.time_zone }) };
}
