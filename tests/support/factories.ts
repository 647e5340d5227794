import type { Insertable } from "kysely";
import { getDb, newId, now } from "~/db/db.server";
import type { AppointmentTable, CampaignTable, ContactTable, KnowledgeBaseTable, NewCall } from "~/db/schema";
import { getRoleIdByKey } from "~/features/roles/roles.server";
import { defaultAgentConfig, writeAgentConfig } from "~/features/agents/agent-config";
import { createAgent, publishAgent } from "~/features/agents/agents.server";
import { registerAccount } from "~/features/auth/accounts.server";
import { hashPassword } from "~/features/auth/password.server";
import { ensureBillingAccount } from "~/features/billing/accounts.server";
import { buildCallRow, type CallInput } from "~/features/calls/call-row";
import { listNameKey } from "~/features/contacts/list-rules";
import { createIntegration, getIntegration, type ConnectionInput } from "~/features/integrations/integrations.server";
import { getTemplate } from "~/features/integrations/templates/templates.server";
import { createOrganization } from "~/features/organizations/organizations.server";
import { subscribeTenantToPlan } from "~/features/tenants/plans.server";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import { sessionCookieFor } from "./app";
import { addCard } from "./billing";

/**
 * Rows the integration and security tests set up, made one way (issue 23).
 * Every factory takes overrides for the columns a test cares about and makes
 * the rest unique per call (names, emails, phone numbers), so tests sharing
 * one fresh database never collide. Where the app has a function that makes
 * the row (registration, organizations, integrations, cards), the factory
 * goes through it, as the tests did before.
 */

let sequence = 0;
/** A short token unique in this test file's run. */
export function uniqueToken() {
  sequence += 1;
  return `${sequence}-${newId().slice(0, 6)}`;
}

/* ---------- tenants and users ---------- */

export type PlanKey = "starter" | "growth" | "scale";
export type RoleKey = "owner" | "admin" | "agent" | "support";

export interface TenantOverrides {
  email?: string;
  name?: string;
  company?: string;
  /** As typed on the registration form; it decides the tenant's country and first time zone. */
  phone?: string;
  /** The country a national phone number is read in, and the browser's zone, as the registration form sends them. */
  phoneCountry?: string;
  browserTimeZone?: string;
  /** Set after registration (registration derives it from the phone). */
  timeZone?: string;
  country?: string;
  /** The tenant's plan; null leaves it without one (the gate then sends everyone to /choose-plan). */
  plan?: PlanKey | null;
  emailVerified?: boolean;
  /**
   * Also adds a read-only agent. Off by default: an extra user changes what
   * a tenant-wide screen counts (staff, members) and whether deleting the
   * owner's account leaves the tenant standing.
   */
  withAgent?: boolean;
  /** False: no session is made (cookie is ""), for tests of what a first sign-in sees. */
  signedIn?: boolean;
}

export interface TenantUser {
  userId: string;
  email: string;
  /** A signed-in Cookie header for this user ("" when made with signedIn: false). */
  cookie: string;
}

export interface TestTenant {
  tenantId: string;
  owner: TenantUser;
  /** The same as owner.userId, owner.email and owner.cookie, for the many tests that only need the owner. */
  ownerId: string;
  email: string;
  cookie: string;
  agent: TenantUser | null;
}

/** A tenant registered the way the registration form registers one, with its owner signed in, on Growth unless told otherwise. */
export async function tenantWithOwner(overrides: TenantOverrides = {}): Promise<TestTenant> {
  const token = uniqueToken();
  const email = overrides.email ?? `owner-${token}@example.test`;
  const { id: ownerId, tenantId } = await registerAccount({
    name: overrides.name ?? "Test Owner",
    company: overrides.company ?? "Test Company",
    email,
    phone: overrides.phone ?? "4165550160",
    phoneCountry: overrides.phoneCountry,
    browserTimeZone: overrides.browserTimeZone,
    password: DEMO_PASSWORD,
  });
  const db = getDb();
  if (overrides.emailVerified) await db.updateTable("users").set({ email_verified_at: now() }).where("id", "=", ownerId).execute();
  const plan = overrides.plan === undefined ? "growth" : overrides.plan;
  if (plan) await subscribeTenantToPlan(tenantId, plan);
  if (overrides.timeZone !== undefined || overrides.country !== undefined) {
    await db
      .updateTable("tenants")
      .set({
        ...(overrides.timeZone === undefined ? {} : { time_zone: overrides.timeZone }),
        ...(overrides.country === undefined ? {} : { country: overrides.country }),
      })
      .where("id", "=", tenantId)
      .execute();
  }
  const owner = { userId: ownerId, email, cookie: overrides.signedIn === false ? "" : await sessionCookieFor(email) };
  const agent = overrides.withAgent ? await tenantUser(tenantId, { role: "agent" }) : null;
  return { tenantId, owner, ownerId, email, cookie: owner.cookie, agent };
}

export interface UserOverrides {
  role?: RoleKey;
  email?: string;
  name?: string;
  phone?: string | null;
  /** Hashed and stored when given; without it the user can only be signed in by cookie (sessionCookieFor). */
  password?: string;
  emailVerified?: boolean;
}

/** A further user of a tenant with one of the built-in roles. */
export async function tenantUser(tenantId: string, overrides: UserOverrides = {}): Promise<TenantUser> {
  const role = overrides.role ?? "agent";
  const email = overrides.email ?? `${role}-${uniqueToken()}@example.test`;
  const timestamp = now();
  const userId = newId();
  await getDb()
    .insertInto("users")
    .values({
      id: userId,
      tenant_id: tenantId,
      role_id: await getRoleIdByKey(role),
      email,
      name: overrides.name ?? `Test ${role}`,
      phone: overrides.phone ?? null,
      caller_phone: null,
      password_hash: overrides.password === undefined ? "unused" : await hashPassword(overrides.password),
      email_verified_at: overrides.emailVerified === false ? null : timestamp,
      profile_picture: null,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
  return { userId, email, cookie: await sessionCookieFor(email) };
}

/** A tenant row alone, no users and no plan: for tests of queries and jobs that take a tenant id. */
export async function bareTenant(overrides: { id?: string; name?: string; timeZone?: string; createdAt?: string } = {}) {
  const id = overrides.id ?? newId();
  const timeZone = overrides.timeZone ?? "Europe/Berlin";
  const stamp = overrides.createdAt ?? now();
  await getDb()
    .insertInto("tenants")
    .values({ id, name: overrides.name ?? `Tenant ${uniqueToken()}`, time_zone: timeZone, created_at: stamp, updated_at: stamp })
    .execute();
  return { tenantId: id, timeZone };
}

/* ---------- contacts ---------- */

/** A contact list; its name is unique unless given. */
export async function contactList(tenantId: string, overrides: { name?: string; createdAt?: string } = {}) {
  const id = newId();
  const name = overrides.name ?? `List ${uniqueToken()}`;
  const stamp = overrides.createdAt ?? now();
  await getDb()
    .insertInto("contact_lists")
    .values({ id, tenant_id: tenantId, name, name_key: listNameKey(name), created_at: stamp, updated_at: stamp })
    .execute();
  return { id, name };
}

let phoneSequence = 0;
/** A North American number (Chicago, 312) no other factory hands out in this run. */
function uniquePhone() {
  phoneSequence += 1;
  return `+1312555${String(phoneSequence % 10_000).padStart(4, "0")}`;
}

export type ContactOverrides = Partial<Omit<Insertable<ContactTable>, "tenant_id" | "list_id">> & {
  /** The list it is on; a new list when not given. */
  listId?: string;
  /** Opted out at its creation time. */
  optedOut?: boolean;
};

/** A contact row as the contact forms store it: phone in E.164, no time zone of its own unless given. */
export async function contact(tenantId: string, overrides: ContactOverrides = {}) {
  const { listId: givenList, optedOut, ...columns } = overrides;
  const listId = givenList ?? (await contactList(tenantId)).id;
  const id = columns.id ?? newId();
  const stamp = columns.created_at ?? now();
  const row = {
    first_name: "Carla",
    phone: uniquePhone(),
    time_zone: null,
    opted_out_at: optedOut ? stamp : null,
    updated_at: stamp,
    ...columns,
    id,
    tenant_id: tenantId,
    list_id: listId,
    created_at: stamp,
  };
  await getDb().insertInto("contacts").values(row).execute();
  return { id, listId, phone: row.phone, firstName: row.first_name };
}

/* ---------- calls ---------- */

/** A call as buildCallRow makes it (ingestion's row), ended and inbound now unless told; `columns` sets what ingestion sets later (analysis, feedback, audio). */
export async function call(tenantId: string, input: Partial<Omit<CallInput, "tenantId">> = {}, columns: Partial<NewCall> = {}) {
  const id = input.id ?? newId();
  const row = buildCallRow({ externalId: `ext-${id}`, status: "ended", direction: "inbound", createdAt: now(), ...input, id, tenantId });
  await getDb()
    .insertInto("calls")
    .values({ ...row, ...columns })
    .execute();
  return id;
}

/* ---------- numbers, knowledge bases and campaigns ---------- */

export async function phoneNumber(tenantId: string, overrides: { e164?: string; label?: string; createdAt?: string } = {}) {
  const id = newId();
  const stamp = overrides.createdAt ?? now();
  const e164 = overrides.e164 ?? uniquePhone();
  await getDb()
    .insertInto("phone_numbers")
    .values({ id, tenant_id: tenantId, e164, label: overrides.label ?? "", created_at: stamp, updated_at: stamp })
    .execute();
  return { id, e164 };
}

export type KnowledgeBaseOverrides = Partial<Omit<Insertable<KnowledgeBaseTable>, "tenant_id" | "phone_number_id">> & { phoneNumberId?: string };

/**
 * An AI agent, beyond any plan limit. `published`: its draft is made ready
 * (first message, instructions) and published as version 1.
 */
export async function agent(
  tenantId: string,
  { name = `Agent ${uniqueToken()}`, language = "en", published = false }: { name?: string; language?: "en" | "de"; published?: boolean } = {},
) {
  const id = await createAgent(tenantId, { name, language }, Number.MAX_SAFE_INTEGER);
  if (published) {
    const config = defaultAgentConfig(language, name);
    config.general.firstMessage = language === "de" ? "Hallo!" : "Hello!";
    config.context.instructions = language === "de" ? "Hilf dem Anrufer freundlich." : "Help the caller kindly.";
    await getDb()
      .updateTable("agents")
      .set({ config: writeAgentConfig(config) })
      .where("id", "=", id)
      .execute();
    const result = await publishAgent(tenantId, id, null);
    if (!result.ok) throw new Error(`agent factory: could not publish (${JSON.stringify(result)})`);
  }
  return id;
}

/** A knowledge base on a number (a new one when not given); content long enough for the form's minimum. */
export async function knowledgeBase(tenantId: string, overrides: KnowledgeBaseOverrides = {}) {
  const { phoneNumberId: givenNumber, ...columns } = overrides;
  const phoneNumberId = givenNumber ?? (await phoneNumber(tenantId)).id;
  const id = columns.id ?? newId();
  const stamp = columns.created_at ?? now();
  await getDb()
    .insertInto("knowledge_bases")
    .values({
      name: `KB ${uniqueToken()}`,
      type: "outbound",
      voice: "ava",
      first_message: "Hello",
      content: "x".repeat(120),
      source_file_name: null,
      updated_at: stamp,
      ...columns,
      id,
      tenant_id: tenantId,
      phone_number_id: phoneNumberId,
      created_at: stamp,
    })
    .execute();
  return { id, phoneNumberId };
}

export type CampaignOverrides = Partial<Omit<Insertable<CampaignTable>, "tenant_id" | "contact_list_id" | "phone_number_id">> & {
  contactListId?: string;
  phoneNumberId?: string;
};

/** A draft outbound campaign sent immediately, on a new list and number unless given. */
export async function campaign(tenantId: string, overrides: CampaignOverrides = {}) {
  const { contactListId: givenList, phoneNumberId: givenNumber, ...columns } = overrides;
  const contactListId = givenList ?? (await contactList(tenantId)).id;
  const phoneNumberId = givenNumber ?? (await phoneNumber(tenantId)).id;
  const id = columns.id ?? newId();
  const stamp = columns.created_at ?? now();
  await getDb()
    .insertInto("campaigns")
    .values({
      name: `Campaign ${uniqueToken()}`,
      type: "outbound",
      sending_type: "immediate",
      frequency: null,
      schedule_local: null,
      status: "draft",
      next_run_at: null,
      last_run_at: null,
      updated_at: stamp,
      ...columns,
      id,
      tenant_id: tenantId,
      contact_list_id: contactListId,
      phone_number_id: phoneNumberId,
      created_at: stamp,
    })
    .execute();
  return { id, contactListId, phoneNumberId };
}

/* ---------- organizations, teams and appointments ---------- */

/** An organization made as the organizations screen makes it: `ownerId` becomes its owner and first member. */
export async function organization(tenant: { tenantId: string; ownerId: string }, overrides: { name?: string; website?: string | null } = {}) {
  const name = overrides.name ?? `Org ${uniqueToken()}`;
  const id = await createOrganization(tenant.tenantId, tenant.ownerId, { name, website: overrides.website ?? null });
  return { id, name };
}

/** A team of an organization; `memberIds` join it (they should be members of the organization already). */
export async function team(tenantId: string, organizationId: string, overrides: { name?: string; memberIds?: string[] } = {}) {
  const id = newId();
  const name = overrides.name ?? `Team ${uniqueToken()}`;
  const db = getDb();
  await db.insertInto("teams").values({ id, tenant_id: tenantId, organization_id: organizationId, name, created_at: now(), updated_at: now() }).execute();
  for (const userId of overrides.memberIds ?? []) await db.insertInto("team_members").values({ team_id: id, user_id: userId, created_at: now() }).execute();
  return { id, name };
}

export type AppointmentOverrides = Partial<Omit<Insertable<AppointmentTable>, "tenant_id" | "organization_id">>;

/** A booked 30-minute appointment tomorrow, written as bookAppointment writes it, with no event type or host unless given. */
export async function appointment(tenantId: string, organizationId: string, overrides: AppointmentOverrides = {}) {
  const id = overrides.id ?? newId();
  const stamp = now();
  const start = overrides.start_at ?? new Date(Date.now() + 86_400_000).toISOString();
  await getDb()
    .insertInto("appointments")
    .values({
      team_id: null,
      event_type_id: null,
      host_user_id: null,
      contact_id: null,
      title: "Consultation",
      appointment_type: "consultation",
      location_kind: "phone",
      location_detail: "agent-calls",
      contact_name: "Listed Person",
      contact_email: null,
      contact_phone: null,
      end_at: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      time_zone: "America/New_York",
      status: "booked",
      cancel_reason: null,
      notes: null,
      source: "dashboard",
      call_id: null,
      client_key: null,
      calcom_uid: null,
      created_by_user_id: null,
      created_at: stamp,
      updated_at: stamp,
      ...overrides,
      id,
      tenant_id: tenantId,
      organization_id: organizationId,
      start_at: start,
    })
    .execute();
  return { id };
}

/* ---------- integrations and cards ---------- */

export interface IntegrationOverrides extends Partial<ConnectionInput> {
  templateId?: "gym-management" | "crm-suite";
}

/** A CRM connection made from a shipped template as the connect screen makes it (enabled, key sealed); nothing listens at its base URL unless given. */
export async function integration(tenantId: string, organizationId: string, overrides: IntegrationOverrides = {}) {
  const { templateId = "crm-suite", ...input } = overrides;
  const template = getTemplate(templateId);
  if (!template) throw new Error(`no shipped template ${templateId}`);
  const id = await createIntegration(tenantId, organizationId, template, {
    baseUrl: "http://127.0.0.1:9/",
    secret: `secret-${uniqueToken()}`,
    settings: {},
    ...input,
  });
  return (await getIntegration(tenantId, id))!;
}

/** A card attached as the test-mode provider attaches it (the first becomes primary); a Stripe test number, 4242… unless given. */
export async function card(tenantId: string, overrides: { number?: string } = {}) {
  await ensureBillingAccount(tenantId);
  return { id: await addCard(tenantId, overrides.number ?? "4242424242424242") };
}
