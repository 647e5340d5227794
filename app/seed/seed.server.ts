import { ensureAgentTemplates } from "~/features/agents/admin/templates.server";
import { getEnv } from "~/config/env.server";
import { ensureBuiltInRoles, getRoleIdByKey } from "~/features/roles/roles.server";
import { hashPassword } from "~/features/auth/password.server";
import { ensurePlans, subscribeTenantToPlan } from "~/features/tenants/plans.server";
import { seedDemoBilling, seedDemoTaxRates } from "./demo-billing.server";
import { getDb, migrateToLatest, newId, now, type DB } from "~/db/db.server";
import { seedDemoContactsAndCampaigns } from "./demo-campaigns.server";
import { seedDemoCalls } from "./demo-calls.server";
import { seedDemoPostCall } from "./demo-post-call.server";
import { seedDemoAgents } from "./demo-agents.server";
import { seedDemoScheduling } from "./demo-scheduling.server";
import { seedDemoServiceDesk } from "./demo-service-desk.server";
import { seedDemoDeals } from "./demo-deals.server";
import { seedDemoContactCenter } from "./demo-contact-center.server";
import { seedDemoAudit } from "./demo-audit.server";
import { seedDemoRoles } from "./demo-roles.server";
import { seedDemoAffiliates } from "./demo-affiliates.server";
import { seedDemoApiAccess } from "./demo-api.server";
import { seedDemoNotifications } from "./demo-notifications.server";

export const DEMO_PASSWORD = "Demo-pass-2026!";

export const DEMO_USERS = [
  { email: "owner@demo.test", name: "Olivia Owner", role: "owner", tenant: "demo", phone: "+14165550101" },
  { email: "agent@demo.test", name: "Arjun Agent", role: "agent", tenant: "demo", phone: "+14165550102" },
  { email: "admin@demo.test", name: "Ada Admin", role: "platform-admin", tenant: "demo", phone: "+14165550103" },
  // Works the service desk: tickets, recordings and contacts, no billing or settings.
  { email: "support@demo.test", name: "Sam Support", role: "support", tenant: "demo", phone: "+14165550104" },
  { email: "trial@demo.test", name: "Tomas Trial", role: "owner", tenant: "trial", phone: "+4930123456789" },
] as const;

async function isEmpty(db: DB) {
  const row = await db.selectFrom("tenants").select(db.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count) === 0;
}

/**
 * Demo data: one subscribed tenant with four sign-ins and one trial tenant without a subscription.
 * Its top-ups issue invoices, which announce invoice.paid (app/lib/events), so whoever calls this
 * registers the subscribers first (app/server.ts, tests/setup, tools/bench/seed-bulk.ts); they are
 * not imported here because the login page reads DEMO_USERS from this module.
 */
export async function seedDemoData(db: DB = getDb()) {
  const timestamp = now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tenants = { demo: newId(), trial: newId() };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("tenants")
      .values([
        { id: tenants.demo, name: "Demo Company", time_zone: "America/Toronto", country: "CA", created_at: timestamp, updated_at: timestamp },
        { id: tenants.trial, name: "Trial GmbH", time_zone: "Europe/Berlin", country: "DE", created_at: timestamp, updated_at: timestamp },
      ])
      .execute();
    for (const user of DEMO_USERS) {
      const userId = newId();
      await trx
        .insertInto("users")
        .values({
          id: userId,
          tenant_id: tenants[user.tenant],
          role_id: await getRoleIdByKey(user.role, trx),
          email: user.email,
          name: user.name,
          phone: user.phone,
          caller_phone: user.phone,
          password_hash: passwordHash,
          email_verified_at: timestamp,
          profile_picture: null,
          // The demo stands for an organisation in use: its people are greeted as returning, not as new.
          first_signed_in_at: timestamp,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .execute();
      // Nor do they get the onboarding wizard on the overview; help and /overview?onboarding=welcome still open it.
      await trx
        .insertInto("onboarding_seen")
        .values({ tenant_id: tenants[user.tenant], user_id: userId, wizard_type: "overview", seen_at: timestamp })
        .execute();
    }
  });
  await subscribeTenantToPlan(tenants.demo, "growth", db);
  const owner = await db.selectFrom("users").select("id").where("email", "=", DEMO_USERS[0].email).executeTakeFirstOrThrow();
  await seedDemoBilling(db, tenants.demo, owner.id);
  const platformAdmin = await db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow();
  await seedDemoTaxRates(db, platformAdmin.id);
  await seedDemoCalls(db, tenants.demo, "America/Toronto");
  await seedDemoContactsAndCampaigns(db, tenants.demo, "America/Toronto");
  await seedDemoAgents(db, tenants.demo, owner.id);
  await seedDemoPostCall(db, tenants.demo, owner.id);
  const agent = await db.selectFrom("users").select("id").where("email", "=", DEMO_USERS[1].email).executeTakeFirstOrThrow();
  await seedDemoScheduling(db, tenants.demo, { ownerId: owner.id, agentId: agent.id }, "America/Toronto");
  const support = await db.selectFrom("users").select("id").where("email", "=", "support@demo.test").executeTakeFirstOrThrow();
  await seedDemoServiceDesk(db, tenants.demo, { ownerId: owner.id, supportId: support.id }, "America/Toronto");
  await seedDemoDeals(db, tenants.demo, { ownerId: owner.id, agentId: agent.id });
  await seedDemoContactCenter(db, tenants.demo, owner.id);
  await seedDemoAudit(db, tenants.demo, owner.id);
  await seedDemoRoles(db, tenants.demo, owner.id);
  await seedDemoAffiliates(db, { ownerId: owner.id, tenantId: tenants.demo, trialTenantId: tenants.trial });
  await seedDemoApiAccess(db, tenants, owner.id);
  await seedDemoNotifications(db, tenants.demo, { ownerId: owner.id, supportId: support.id });
  return tenants;
}

/**
 * Runs at every start: migrations, built-in roles and plans, and demo data on
 * an empty database in development or a Quick start (or when SEED_DEMO=1).
 */
export async function prepareDatabase(db: DB = getDb()) {
  const applied = await migrateToLatest(db);
  await ensureBuiltInRoles(db);
  await ensurePlans(db);
  await ensureAgentTemplates(db);
  const env = getEnv();
  let seeded = false;
  if ((env.SEED_DEMO || env.firstRunDefaults) && (await isEmpty(db))) {
    await seedDemoData(db);
    seeded = true;
  }
  return { applied, seeded };
}
