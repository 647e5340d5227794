/**
 * Issue 22, item 2: a role in one organization governs that organization's
 * members, teams, event types, appointments and integrations, and nothing of
 * the account: billing, plans, API keys, numbers, campaigns, contacts and
 * every other account-wide screen follow the account role alone, and nobody
 * but an account owner removes or demotes the account's owner
 * (docs/decisions/0025-organization-roles-stay-in-their-organization.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import { getGateContext } from "~/features/access/gate.server";
import { can, ORGANIZATION_SEGMENTS, type PermissionAction } from "~/features/roles/permissions";
import { BUILT_IN_ROLES } from "~/features/roles/roles.server";
import { createOrganization } from "~/features/organizations/organizations.server";
import { TENANT_SEGMENTS } from "~/lib/navigation/routes";
import * as addTopUp from "~/routes/_dashboard+/add-topup-balance";
import * as apiAccess from "~/routes/_dashboard+/api-access";
import * as billing from "~/routes/_dashboard+/billing";
import * as organizationRoute from "~/routes/_dashboard+/organizations+/$id._index";
import * as deleteOrganizationRoute from "~/routes/_dashboard+/organizations+/$id.delete";
import * as newOrganizationRoute from "~/routes/_dashboard+/organizations+/new";
import * as organizationsList from "~/routes/_dashboard+/organizations+/_index";
import * as teamRoute from "~/routes/_dashboard+/organizations+/$id.teams.$teamId._index";
import * as selectionRoute from "~/routes/resources+/selection";
import { callAction, callLoader, cookiesFrom, findUser, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { addTenantUser, billingTenant, books } from "../support/billing";
import { team } from "../support/factories";

beforeAll(prepareTestDatabase);

const ACTIONS: PermissionAction[] = ["read", "create", "update", "delete"];
const permissionsOf = (key: string) => BUILT_IN_ROLES.find((role) => role.key === key)!.permissions;
const isOrganizationScreen = (segment: string) => (ORGANIZATION_SEGMENTS as readonly string[]).includes(segment);

async function userIdOf(email: string) {
  const user = await findUser(email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

async function memberRole(organizationId: string, userId: string) {
  const row = await getDb()
    .selectFrom("organization_members")
    .select("role_key")
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role_key ?? null;
}

async function join(organizationId: string, userId: string, roleKey: string) {
  await getDb().insertInto("organization_members").values({ organization_id: organizationId, user_id: userId, role_key: roleKey, created_at: now() }).execute();
}

async function selecting(cookie: string, organizationId: string) {
  const response = (await callAction(selectionRoute.action, "/resources/selection", { cookie, form: { organizationId } })) as Response;
  return cookiesFrom(response, cookie);
}

async function gateFor(cookie: string) {
  const gate = await getGateContext(makeRequest("/overview", { cookie }));
  if (!gate) throw new Error("not signed in");
  return gate;
}

const statusOf = (result: unknown) => unwrap(result).status;

/** An account (owner, card, plan) with organizations Alpha and Beta; the account owner is a member of both. */
async function account() {
  const owner = await billingTenant();
  const alpha = await createOrganization(owner.tenantId, owner.userId, { name: "Alpha", website: null });
  const beta = await createOrganization(owner.tenantId, owner.userId, { name: "Beta", website: null });
  return { owner, alpha, beta };
}

/** A user whose account role is agent and who holds `roleKey` in Alpha only, signed in with Alpha selected. */
async function organizationMember(tenantId: string, organizationId: string, roleKey: "owner" | "admin") {
  const email = await addTenantUser(tenantId, "agent");
  const userId = await userIdOf(email);
  await join(organizationId, userId, roleKey);
  const cookie = await selecting(await sessionCookieFor(email), organizationId);
  return { email, userId, cookie };
}

describe("issue 22 item 2: an organization role stays inside its organization", () => {
  it("gives an organization's owner or admin the organization's screens at that role and every other screen at the account role, per segment and action", async () => {
    const { owner, alpha } = await account();
    for (const roleKey of ["owner", "admin"] as const) {
      const member = await organizationMember(owner.tenantId, alpha, roleKey);
      const gate = await gateFor(member.cookie);
      expect(gate.selection.organization?.id).toBe(alpha);
      const wrong: string[] = [];
      // The audit log is an area of the account (docs/product/audit-log.md), not a screen: no organization role reaches it either.
      for (const segment of [...TENANT_SEGMENTS, "audit-log"]) {
        const expected = isOrganizationScreen(segment) ? permissionsOf(roleKey) : permissionsOf("agent");
        for (const action of ACTIONS) {
          if (can(gate.user.permissions, segment, action) !== can(expected, segment, action)) wrong.push(`${roleKey} of Alpha: ${segment}.${action}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(gate.user.accountPermissions).toEqual(permissionsOf("agent"));
    }
  });

  it("refuses an organization owner the account's card, plan and API keys", async () => {
    const { owner, alpha } = await account();
    const member = await organizationMember(owner.tenantId, alpha, "owner");
    const before = await books(owner.tenantId);

    const topUp = await callAction(addTopUp.action, "/add-topup-balance", {
      cookie: member.cookie,
      form: { intent: "top-up", amount: "50.00", paymentMethodId: owner.cardIds[0]!, submissionKey: newId(), returnTo: "/add-topup-balance" },
    });
    expect(statusOf(topUp)).toBe(403);
    const cancelPlan = await callAction(billing.action, "/billing", { cookie: member.cookie, form: { intent: "cancel-plan", returnTo: "/billing" } });
    expect(statusOf(cancelPlan)).toBe(403);
    const apiKey = await callAction(apiAccess.action, "/api-access", { cookie: member.cookie, form: { intent: "create", name: "Booking agent" } });
    expect(statusOf(apiKey)).toBe(403);

    // Nothing of it happened: no charge, the plan runs on, no key.
    const after = await books(owner.tenantId);
    expect(after.charges).toEqual(before.charges);
    expect(after.entries).toEqual(before.entries);
    const subscription = await getDb()
      .selectFrom("subscriptions")
      .select(["status", "cancel_at_period_end"])
      .where("tenant_id", "=", owner.tenantId)
      .executeTakeFirstOrThrow();
    expect(subscription.cancel_at_period_end ? 1 : 0).toBe(0);
    expect(await getDb().selectFrom("api_keys").select("id").where("tenant_id", "=", owner.tenantId).execute()).toEqual([]);

    // The account-wide screens are not theirs to read either.
    for (const [route, path] of [
      [billing.loader, "/billing"],
      [addTopUp.loader, "/add-topup-balance"],
      [apiAccess.loader, "/api-access"],
    ] as const) {
      expect(redirectLocation(await callLoader(route as never, path, { cookie: member.cookie })), path).toBe("/overview");
    }
  });

  it("refuses an organization admin tenant-wide API keys", async () => {
    const { owner, alpha } = await account();
    const member = await organizationMember(owner.tenantId, alpha, "admin");
    expect(statusOf(await callAction(apiAccess.action, "/api-access", { cookie: member.cookie, form: { intent: "create", name: "Mine" } }))).toBe(403);
    expect(await getDb().selectFrom("api_keys").select("id").where("tenant_id", "=", owner.tenantId).execute()).toEqual([]);
  });

  it("lets an organization owner run that organization (members, teams) but not create or delete organizations", async () => {
    const { owner, alpha, beta } = await account();
    const member = await organizationMember(owner.tenantId, alpha, "owner");
    const helperEmail = await addTenantUser(owner.tenantId, "agent");

    const added = await callAction(organizationRoute.action, `/organizations/${alpha}`, {
      cookie: member.cookie,
      params: { id: alpha },
      form: { intent: "add-member", email: helperEmail, role: "admin" },
    });
    expect(redirectLocation(added)).toBe(`/organizations/${alpha}`);
    expect(await memberRole(alpha, await userIdOf(helperEmail))).toBe("admin");
    const team = await callAction(organizationRoute.action, `/organizations/${alpha}`, {
      cookie: member.cookie,
      params: { id: alpha },
      form: { intent: "create-team", name: "Front desk" },
    });
    expect(redirectLocation(team)).toMatch(new RegExp(`^/organizations/${alpha}`));

    // Beta is not theirs: the account role (agent) decides there.
    expect(
      statusOf(
        await callAction(organizationRoute.action, `/organizations/${beta}`, {
          cookie: member.cookie,
          params: { id: beta },
          form: { intent: "add-member", email: helperEmail, role: "agent" },
        }),
      ),
    ).toBe(403);

    expect(statusOf(await callLoader(newOrganizationRoute.loader, "/organizations/new", { cookie: member.cookie }))).toBe(403);
    expect(statusOf(await callAction(newOrganizationRoute.action, "/organizations/new", { cookie: member.cookie, form: { name: "Gamma" } }))).toBe(403);
    expect(statusOf(await callAction(deleteOrganizationRoute.action, `/organizations/${alpha}/delete`, { cookie: member.cookie, params: { id: alpha } }))).toBe(
      403,
    );
    expect(await getDb().selectFrom("organizations").select("name").where("tenant_id", "=", owner.tenantId).orderBy("name").execute()).toEqual([
      { name: "Alpha" },
      { name: "Beta" },
    ]);
    const list = unwrap(await callLoader(organizationsList.loader, "/organizations", { cookie: member.cookie })).value as {
      canCreate: boolean;
      organizations?: unknown;
      items?: Array<{ canDelete: boolean; canUpdate: boolean }>;
    };
    expect(list.canCreate).toBe(false);
  });

  it("keeps the account owner in the organization: an organization owner can neither remove nor demote them, an account owner can", async () => {
    const { owner, alpha } = await account();
    const member = await organizationMember(owner.tenantId, alpha, "owner");
    // The account owner hosts an event type of Alpha's team.
    const { id: teamId } = await team(owner.tenantId, alpha, { name: "Desk" });
    const eventTypeId = newId();
    await getDb()
      .insertInto("event_types")
      .values({
        id: eventTypeId,
        tenant_id: owner.tenantId,
        team_id: teamId,
        name: "Consultation",
        duration_minutes: 30,
        location_kind: "phone",
        location_detail: "agent-calls",
        appointment_type: "consultation",
        bookable_days_ahead: 30,
        assignment: "single",
        color: "#0ea5e9",
        calcom_event_type_id: null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await getDb().insertInto("event_type_hosts").values({ event_type_id: eventTypeId, user_id: owner.userId }).execute();

    const page = unwrap(await callLoader(organizationRoute.loader, `/organizations/${alpha}`, { cookie: member.cookie, params: { id: alpha } })).value as {
      members: Array<{ id: string; manageable: boolean }>;
    };
    expect(page.members.find((row) => row.id === owner.userId)?.manageable).toBe(false);

    const removal = await callAction(organizationRoute.action, `/organizations/${alpha}`, {
      cookie: member.cookie,
      params: { id: alpha },
      form: { intent: "remove-member", email: owner.email },
    });
    expect(redirectLocation(removal)).toBeNull();
    const demotion = await callAction(organizationRoute.action, `/organizations/${alpha}`, {
      cookie: member.cookie,
      params: { id: alpha },
      form: { intent: "change-role", email: owner.email, role: "agent" },
    });
    expect(redirectLocation(demotion)).toBeNull();
    expect(await memberRole(alpha, owner.userId)).toBe("owner");
    expect(await getDb().selectFrom("event_type_hosts").select("user_id").where("event_type_id", "=", eventTypeId).execute()).toEqual([
      { user_id: owner.userId },
    ]);

    // A second account owner may.
    const secondOwner = await addTenantUser(owner.tenantId, "owner");
    const secondCookie = await selecting(await sessionCookieFor(secondOwner), alpha);
    const byOwner = await callAction(organizationRoute.action, `/organizations/${alpha}`, {
      cookie: secondCookie,
      params: { id: alpha },
      form: { intent: "change-role", email: owner.email, role: "admin" },
    });
    expect(redirectLocation(byOwner)).toBe(`/organizations/${alpha}`);
    expect(await memberRole(alpha, owner.userId)).toBe("admin");
  });

  it("still lets the account owner do everything, in every organization", async () => {
    const { owner, alpha } = await account();
    const cookie = await selecting(await owner.cookie(), alpha);
    const gate = await gateFor(cookie);
    for (const segment of TENANT_SEGMENTS) for (const action of ACTIONS) expect(can(gate.user.permissions, segment, action), `${segment}.${action}`).toBe(true);
    expect(statusOf(await callLoader(teamRoute.loader, `/organizations/${alpha}/teams/none`, { cookie, params: { id: alpha, teamId: "none" } }))).toBe(404);
  });
});
