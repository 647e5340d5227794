import { sql, type Kysely } from "kysely";

/**
 * The "crm-suite" template is named HubSpot (issue 27, docs/decisions/0061-hubspot-template.md).
 * Its id stays "crm-suite" (installed integrations, deliveries and exports refer to it), so only the
 * stored display name moves: integrations connected before, and their log rows, which the hub's
 * analytics filter by crm_name, read HubSpot too. A tenant's renamed connection is left alone, and so is
 * one whose organization already has a connection called HubSpot (crm_name is unique per organization,
 * index integrations_organization_crm in 0015).
 */
const OLD_NAME = "Marketing & Sales CRM Suite";
const NEW_NAME = "HubSpot";

async function rename(db: Kysely<unknown>, from: string, to: string) {
  const renamed = sql`select id from integrations
    where template_id = 'crm-suite' and crm_name = ${from}
      and not exists (select 1 from integrations taken where taken.organization_id = integrations.organization_id and taken.crm_name = ${to})`;
  const ids = (await sql<{ id: string }>`${renamed}`.execute(db)).rows.map((row) => row.id);
  for (const id of ids) {
    await sql`update crm_logs set crm_name = ${to} where integration_id = ${id} and crm_name = ${from}`.execute(db);
    await sql`update integrations set crm_name = ${to} where id = ${id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>) {
  await rename(db, OLD_NAME, NEW_NAME);
}

export async function down(db: Kysely<unknown>) {
  await rename(db, NEW_NAME, OLD_NAME);
}
