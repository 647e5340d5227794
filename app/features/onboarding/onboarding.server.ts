import { getDb, now, type DB } from "~/db/db.server";
import { toE164 } from "~/features/phone/phone";
import { DEFAULT_PROFILE_OPTIONS, type ProfileOptions } from "./wizard-steps";
import type { WizardType } from "./wizard-type";

/**
 * What the onboarding wizard keeps on the server (docs/product/behaviour.md#onboarding-wizard).
 * Every query names the tenant and the user from the gate, never from a form.
 */

export async function hasSeenWizard(tenantId: string, userId: string, type: WizardType, db: DB = getDb()): Promise<boolean> {
  const row = await db
    .selectFrom("onboarding_seen")
    .select("wizard_type")
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .where("wizard_type", "=", type)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the wizard seen; true when this call did it (so two tabs opening the overview at once open the wizard once). */
export async function markWizardSeen(tenantId: string, userId: string, type: WizardType, db: DB = getDb()): Promise<boolean> {
  // The user must be of the tenant: a stray id from elsewhere writes nothing.
  const user = await db.selectFrom("users").select("id").where("id", "=", userId).where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!user) return false;
  const result = await db
    .insertInto("onboarding_seen")
    .values({ tenant_id: tenantId, user_id: userId, wizard_type: type, seen_at: now() })
    .onConflict((oc) => oc.columns(["user_id", "wizard_type"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * The overview's auto-trigger: true when the wizard has not been seen, which
 * it then is. Opening counts as seeing it, so a reload or the next visit shows
 * the overview itself; help or `?onboarding=welcome` opens it again.
 */
export function claimAutoOpen(tenantId: string, userId: string, db: DB = getDb()): Promise<boolean> {
  return markWizardSeen(tenantId, userId, "overview", db);
}

export async function loadProfileOptions(tenantId: string, userId: string, db: DB = getDb()): Promise<ProfileOptions> {
  const row = await db
    .selectFrom("onboarding_profiles")
    .select(["inbound", "outbound", "live_call"])
    .where("tenant_id", "=", tenantId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_PROFILE_OPTIONS };
  return { inbound: row.inbound === 1, outbound: row.outbound === 1, liveCall: row.live_call === 1 };
}

export async function saveProfileOptions(tenantId: string, userId: string, options: ProfileOptions, db: DB = getDb()): Promise<void> {
  const values = { inbound: options.inbound ? 1 : 0, outbound: options.outbound ? 1 : 0, live_call: options.liveCall ? 1 : 0, updated_at: now() };
  const user = await db.selectFrom("users").select("id").where("id", "=", userId).where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!user) throw new Error("No such user in this tenant");
  await db
    .insertInto("onboarding_profiles")
    .values({ user_id: userId, tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/**
 * The phone step: a number other than the stored one becomes both the user's
 * phone and the number their calls show (caller_phone); the same number saves
 * nothing. `phone` was judged by the step's schema in the tenant's `country`.
 */
export async function savePhoneIfChanged(tenantId: string, userId: string, phone: string, country: string, db: DB = getDb()): Promise<{ changed: boolean }> {
  const e164 = toE164(phone, country);
  if (!e164) throw new Error("The phone step saves only numbers its schema accepted");
  const row = await db.selectFrom("users").select("phone").where("id", "=", userId).where("tenant_id", "=", tenantId).executeTakeFirst();
  if (!row) throw new Error("No such user in this tenant");
  if (row.phone === e164) return { changed: false };
  await db
    .updateTable("users")
    .set({ phone: e164, caller_phone: e164, updated_at: now() })
    .where("id", "=", userId)
    .where("tenant_id", "=", tenantId)
    .execute();
  return { changed: true };
}
