import { getDb, now } from "~/db/db.server";
import { hashPassword, verifyPassword } from "~/features/auth/password.server";
import { revokeUserSessions } from "~/features/auth/session.server";
import { toE164 } from "~/features/phone/phone";
import type { PaletteName } from "~/lib/theme/palette";

/**
 * The signed-in user's own record. Every query names the user and the tenant
 * from the gate, never an id from the form.
 */
interface Owner {
  id: string;
  tenantId: string;
}

const ownRow = (owner: Owner) => getDb().selectFrom("users").where("id", "=", owner.id).where("tenant_id", "=", owner.tenantId);

/** Changes whenever the profile is saved; the page keys its forms by it so they start fresh after a save. */
export async function getProfileVersion(owner: Owner) {
  const row = await ownRow(owner).select("updated_at").executeTakeFirst();
  return row?.updated_at ?? "";
}

/** `country`: the tenant's, the one the form's schema judged the numbers in. */
export async function updateDetails(owner: Owner, input: { name: string; phone: string; callerPhone?: string }, country: string) {
  await getDb()
    .updateTable("users")
    .set({
      name: input.name,
      phone: toE164(input.phone, country),
      caller_phone: input.callerPhone ? toE164(input.callerPhone, country) : null,
      updated_at: now(),
    })
    .where("id", "=", owner.id)
    .where("tenant_id", "=", owner.tenantId)
    .execute();
}

export async function updateThemeColor(owner: Owner, themeColor: PaletteName) {
  await getDb()
    .updateTable("users")
    .set({ theme_color: themeColor, updated_at: now() })
    .where("id", "=", owner.id)
    .where("tenant_id", "=", owner.tenantId)
    .execute();
}

export async function isCurrentPassword(owner: Owner, password: string) {
  const row = await ownRow(owner).select("password_hash").executeTakeFirst();
  return row ? verifyPassword(row.password_hash, password) : false;
}

/**
 * Sets a new password and signs out every other session made with the old
 * one, in one transaction: a failure leaves the old password and the sessions
 * as they were, never the one without the other.
 */
export async function setPassword(owner: Owner, password: string, { keepSession }: { keepSession?: string } = {}) {
  const passwordHash = await hashPassword(password);
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ password_hash: passwordHash, updated_at: now() })
        .where("id", "=", owner.id)
        .where("tenant_id", "=", owner.tenantId)
        .execute();
      await revokeUserSessions(owner.id, { except: keepSession }, trx);
    });
}

/** Whether saving this phone would change the stored one: "Failed to update phone number" names that failure (docs/product/errors.md#operation-failures). */
export async function changesPhone(owner: Owner, phone: string, country: string) {
  const row = await ownRow(owner).select("phone").executeTakeFirst();
  return (row?.phone ?? null) !== toE164(phone, country);
}

/** Points the profile at a new picture file (or none) and returns the file it replaced. */
export async function setProfilePicture(owner: Owner, fileName: string | null) {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const previous = await trx
        .selectFrom("users")
        .select("profile_picture")
        .where("id", "=", owner.id)
        .where("tenant_id", "=", owner.tenantId)
        .executeTakeFirst();
      await trx
        .updateTable("users")
        .set({ profile_picture: fileName, updated_at: now() })
        .where("id", "=", owner.id)
        .where("tenant_id", "=", owner.tenantId)
        .execute();
      return previous?.profile_picture ?? null;
    });
}

/** The picture file of a user of the given tenant; null for another tenant's user. */
export async function getProfilePictureOf(userId: string, tenantId: string) {
  const row = await getDb().selectFrom("users").select("profile_picture").where("id", "=", userId).where("tenant_id", "=", tenantId).executeTakeFirst();
  return row?.profile_picture ?? null;
}

/**
 * Removes the user (sessions and tokens go with it by cascade) and, when no
 * one is left in the tenant, the tenant with its subscriptions. Returns the
 * picture file, which the caller deletes once the transaction has committed.
 */
export async function deleteAccount(owner: Owner) {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .select("profile_picture")
        .where("id", "=", owner.id)
        .where("tenant_id", "=", owner.tenantId)
        .executeTakeFirst();
      if (!user) return { profilePicture: null, tenantDeleted: false };
      await trx.deleteFrom("users").where("id", "=", owner.id).where("tenant_id", "=", owner.tenantId).execute();
      const remaining = await trx
        .selectFrom("users")
        .select(trx.fn.countAll<number>().as("count"))
        .where("tenant_id", "=", owner.tenantId)
        .executeTakeFirstOrThrow();
      const tenantDeleted = Number(remaining.count) === 0;
      if (tenantDeleted) await trx.deleteFrom("tenants").where("id", "=", owner.tenantId).execute();
      return { profilePicture: user.profile_picture, tenantDeleted };
    });
}
