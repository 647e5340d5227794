import { newId, type DB } from "~/db/db.server";

/**
 * Demo data for the contact center (docs/product/contact-center.md): the
 * demo's calls invent their callers' numbers (demo-calls.server.ts), so the
 * calls with Sarah Thompson are given the number her contact has, and her
 * timeline shows calls, feedback, her ticket (demo-service-desk), her deal
 * (demo-deals) and the spring campaign's activity together. The contacts
 * seeded opted out get the history an opt-out writes, as the owner's.
 */
export async function seedDemoContactCenter(db: DB, tenantId: string, ownerId: string) {
  const sarah = await db
    .selectFrom("contacts")
    .select(["id", "phone"])
    .where("tenant_id", "=", tenantId)
    .where("first_name", "=", "Sarah")
    .where("last_name", "=", "Thompson")
    .executeTakeFirst();
  if (sarah) {
    const calls = await db
      .selectFrom("calls")
      .select(["id", "direction"])
      .where("tenant_id", "=", tenantId)
      .where("user_name", "=", "Sarah Thompson")
      .execute();
    for (const call of calls) {
      await db
        .updateTable("calls")
        .set(call.direction === "outbound" ? { to_number: sarah.phone } : { from_number: sarah.phone })
        .where("id", "=", call.id)
        .execute();
    }
  }
  const optedOut = await db
    .selectFrom("contacts")
    .select(["id", "opted_out_at"])
    .where("tenant_id", "=", tenantId)
    .where("opted_out_at", "is not", null)
    .execute();
  for (const contact of optedOut) {
    await db
      .insertInto("contact_opt_out_changes")
      .values({
        id: newId(),
        tenant_id: tenantId,
        contact_id: contact.id,
        opted_out: 1,
        source: "contacts-list",
        actor_user_id: ownerId,
        at: contact.opted_out_at!,
      })
      .execute();
  }
}
