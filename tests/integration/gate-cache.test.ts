import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import { pruneGateChanges } from "~/features/access/gate-changes.server";
import { gateCacheStats, getGateContext } from "~/features/access/gate.server";
import { createOrganization } from "~/features/organizations/organizations.server";
import { selectionCookie } from "~/features/organizations/selection.server";
import { makeRequest, prepareTestDatabase } from "../support/app";
import { addTenantUser, billingTenant } from "../support/billing";
import { sessionCookieFor } from "../support/app";

/**
 * The route gate's cache (docs/decisions/0063-gate-cache.md): a session's
 * context is reused while nothing it reads has changed, and rebuilt after any
 * write to what it reads, which triggers record in gate_changes (migration 0037),
 * whatever code made the write. Each change below goes straight to the
 * database, as a path that forgets to say so would.
 */

beforeAll(prepareTestDatabase);
afterEach(() => vi.useRealTimers());

const db = () => getDb();

/** One request's gate: a new Request each time, as each page load is. */
async function gate(cookie: string) {
  const context = await getGateContext(makeRequest("/overview", { cookie }));
  if (!context) throw new Error("signed out");
  return context;
}

/** The gate after a change: it must be rebuilt (a miss) and show the change. */
async function rebuilt(cookie: string) {
  const before = gateCacheStats().misses;
  const context = await gate(cookie);
  expect(gateCacheStats().misses, "the change was seen").toBe(before + 1);
  return context;
}

async function cached(cookie: string) {
  const before = gateCacheStats().hits;
  const context = await gate(cookie);
  expect(gateCacheStats().hits, "the context was reused").toBe(before + 1);
  return context;
}

async function signedIn() {
  const tenant = await billingTenant({ plan: "starter" });
  const cookie = await tenant.cookie();
  await gate(cookie);
  await cached(cookie);
  return { ...tenant, cookie };
}

describe("the gate's cache", () => {
  it("reuses a session's context while nothing changed, frozen so no request can change it for the next", async () => {
    const { cookie, userId } = await signedIn();
    const context = await cached(cookie);
    expect(context.user.id).toBe(userId);
    expect(() => {
      (context.user.permissions as Record<string, unknown>).contacts = ["delete"];
    }).toThrow(TypeError);
  });

  it("sees a change to the user, the tenant, the subscription and the plan at the next request", async () => {
    const { cookie, userId, tenantId } = await signedIn();
    await db().updateTable("users").set({ name: "Renamed Person" }).where("id", "=", userId).execute();
    expect((await rebuilt(cookie)).user.name).toBe("Renamed Person");
    await cached(cookie);

    await db().updateTable("tenants").set({ time_zone: "Asia/Tokyo" }).where("id", "=", tenantId).execute();
    expect((await rebuilt(cookie)).tenant.timeZone).toBe("Asia/Tokyo");

    await db()
      .updateTable("subscriptions")
      .set({ status: "cancelled", ends_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where("tenant_id", "=", tenantId)
      .execute();
    expect((await rebuilt(cookie)).subscription?.status).toBe("cancelled");

    // A plan is every tenant's: its change reaches this one too.
    const plan = await db().selectFrom("plans").select(["id", "name"]).where("key", "=", "starter").executeTakeFirstOrThrow();
    await db().updateTable("plans").set({ name: "Starter Plus" }).where("id", "=", plan.id).execute();
    expect((await rebuilt(cookie)).subscription?.plan_name).toBe("Starter Plus");
    await db().updateTable("plans").set({ name: plan.name }).where("id", "=", plan.id).execute();
  });

  it("sees a role's new permissions, a new role, and the second-factor rule at the next request", async () => {
    const { cookie, tenantId } = await signedIn();
    const agentEmail = await addTenantUser(tenantId, "agent");
    const agentCookie = await sessionCookieFor(agentEmail);
    expect((await gate(agentCookie)).user.permissions.campaigns ?? []).not.toContain("create");
    await cached(agentCookie);

    // A custom role given to the agent, then widened.
    const roleId = newId();
    await db()
      .insertInto("roles")
      .values({
        id: roleId,
        key: `custom-${roleId.slice(0, 8)}`,
        name: "Dispatcher",
        permissions: JSON.stringify({ overview: ["read"] }),
        created_at: now(),
        tenant_id: tenantId,
      })
      .execute();
    await db().updateTable("users").set({ role_id: roleId }).where("email", "=", agentEmail).execute();
    expect((await rebuilt(agentCookie)).user.permissions).toEqual({ overview: ["read"] });
    await db()
      .updateTable("roles")
      .set({ permissions: JSON.stringify({ overview: ["read"], campaigns: ["read", "create"] }) })
      .where("id", "=", roleId)
      .execute();
    expect((await rebuilt(agentCookie)).user.permissions.campaigns).toEqual(["read", "create"]);

    await db().updateTable("tenants").set({ two_factor_required: 1 }).where("id", "=", tenantId).execute();
    expect((await rebuilt(cookie)).mustEnrolTwoFactor).toBe(true);
    const owner = await gate(cookie);
    await db()
      .insertInto("two_factor_credentials")
      .values({ user_id: owner.user.id, tenant_id: tenantId, secret: "sealed", confirmed_at: now(), last_used_step: null, created_at: now() })
      .execute();
    expect((await rebuilt(cookie)).mustEnrolTwoFactor).toBe(false);
  });

  it("sees new organizations, teams and memberships in the selector and the role they give", async () => {
    const { cookie, tenantId, userId } = await signedIn();
    const organizationId = await createOrganization(tenantId, userId, { name: "Cache Clinic", website: null });
    expect((await rebuilt(cookie)).selection.organizations.map((organization) => organization.name)).toContain("Cache Clinic");

    await db()
      .insertInto("teams")
      .values({ id: newId(), tenant_id: tenantId, organization_id: organizationId, name: "Night shift", created_at: now(), updated_at: now() })
      .execute();
    const withTeam = await rebuilt(cookie);
    expect(withTeam.selection.organizations.find((organization) => organization.id === organizationId)?.teams.map((team) => team.name)).toEqual([
      "Night shift",
    ]);

    // An agent made an organization's admin gets the admin's map there, at the next request.
    const agentEmail = await addTenantUser(tenantId, "agent");
    const agentId = (await db().selectFrom("users").select("id").where("email", "=", agentEmail).executeTakeFirstOrThrow()).id;
    const chosen = `${await sessionCookieFor(agentEmail)}; ${(await selectionCookie.serialize({ organizationId, teamId: null })).split(";")[0]}`;
    expect((await gate(chosen)).user.roleKey).toBe("agent");
    await cached(chosen);
    await db().insertInto("organization_members").values({ organization_id: organizationId, user_id: agentId, role_key: "admin", created_at: now() }).execute();
    expect((await rebuilt(chosen)).user.roleKey).toBe("admin");
    await db().deleteFrom("organization_members").where("organization_id", "=", organizationId).where("user_id", "=", agentId).execute();
    expect((await rebuilt(chosen)).user.roleKey).toBe("agent");
  });

  it("keeps one tenant's entries when another tenant changes, and lets every entry go after ten seconds", async () => {
    const first = await signedIn();
    const second = await signedIn();
    await db().updateTable("users").set({ name: "Someone Else" }).where("id", "=", second.userId).execute();
    await cached(first.cookie);
    await rebuilt(second.cookie);

    vi.useFakeTimers({ now: Date.now() + 11_000, toFake: ["Date"] });
    await rebuilt(first.cookie);
  });

  it("prunes all but each tenant's latest change, which keeps the cache as it was", async () => {
    const { cookie, userId } = await signedIn();
    await db().updateTable("users").set({ name: "Once" }).where("id", "=", userId).execute();
    await db().updateTable("users").set({ name: "Twice" }).where("id", "=", userId).execute();
    expect((await rebuilt(cookie)).user.name).toBe("Twice");
    expect(await pruneGateChanges()).toBeGreaterThan(0);
    const rows = await db().selectFrom("gate_changes").select(["tenant_id"]).execute();
    expect(new Set(rows.map((row) => row.tenant_id)).size).toBe(rows.length);
    await cached(cookie);
    await db().updateTable("users").set({ name: "Thrice" }).where("id", "=", userId).execute();
    expect((await rebuilt(cookie)).user.name).toBe("Thrice");
  });

  it("refuses a disabled user's session at once, cached or not", async () => {
    const { cookie, userId } = await signedIn();
    await db().updateTable("users").set({ disabled_at: now() }).where("id", "=", userId).execute();
    expect(await getGateContext(makeRequest("/overview", { cookie }))).toBeNull();
  });
});
