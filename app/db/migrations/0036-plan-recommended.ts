import { sql, type Kysely } from "kysely";

/**
 * plans.recommended (issue 27): the plan /choose-plan marks as recommended,
 * set by the super admin on /products; at most one at a time
 * (products.server.ts clears the others in the same transaction). An
 * existing catalogue recommends its Growth plan, the seed's middle one, when it has it.
 */
export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable("plans")
    .addColumn("recommended", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update plans set recommended = 1 where key = 'growth'`.execute(db);
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable("plans").dropColumn("recommended").execute();
}
