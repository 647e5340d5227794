import { sql, type Kysely } from "kysely";

/**
 * A Cal.com event type id is unique per team, not per tenant: two
 * organizations of one tenant may connect the same Cal.com account, and two
 * self-hosted instances number their event types alike (issue 12 review).
 */
export async function up(db: Kysely<unknown>) {
  await db.schema.dropIndex("event_types_calcom").ifExists().execute();
  await db.schema
    .createIndex("event_types_calcom")
    .on("event_types")
    .columns(["team_id", "calcom_event_type_id"])
    .unique()
    .where(sql.ref("calcom_event_type_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex("event_types_calcom").ifExists().execute();
  await db.schema
    .createIndex("event_types_calcom")
    .on("event_types")
    .columns(["tenant_id", "calcom_event_type_id"])
    .unique()
    .where(sql.ref("calcom_event_type_id"), "is not", null)
    .execute();
}
