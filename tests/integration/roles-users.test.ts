import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { getGateContext } from "~/features/access/gate.server";
import { createSession } from "~/features/auth/session.server";
import { popToast } from "~/lib/toast/toast.server";
import * as login from "~/routes/_auth+/login";
import * as dashboard from "~/routes/_dashboard+/_layout";
import * as roleDelete from "~/routes/_dashboard+/roles+/$id.delete";
import * as rolePage from "~/routes/_dashboard+/roles+/$id._index";
import * as roles from "~/routes/_dashboard+/roles+/_index";
import * as newRole from "~/routes/_dashboard+/roles+/new";
import * as overview from "~/routes/_dashboard+/overview";
import * as ownAuditLog from "~/routes/_dashboard+/settings_.audit-log";
import * as userPage from "~/routes/_dashboard+/usersManagement+/$id";
import * as users from "~/routes/_dashboard+/usersManagement+/_index";
import * as platformAudit from "~/routes/_dashboard+/usersManagement+/audit-log";
import * as platformAuditCsv from "~/routes/_files+/usersManagement.audit-log[.]csv";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import { callAction, callLoader, latestEmailTo, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import * as factories from "../support/factories";

/*
 * Roles and users (issue 26, docs/product/roles.md): a tenant's custom roles
 * (the owner's; what they may grant; in use, not deleted; another tenant's
 * answers 404), that the gate reads a member's role at every request, the
 * super admin's users screens (theirs alone: 403 in both languages to
 * anyone else), a disabled user's sessions refused at once and their sign-in
 * refused, and the audit entries all of it writes, per tenant and across
 * tenants for the super admin. Runs on SQLite and PostgreSQL.
 */

const db = () => getDb();
const FORBIDDEN = { en: "You do not have permission to do that.", de: "Sie haben keine Berechtigung für diese Aktion." };

let superAdmin: string;

beforeAll(async () => {
  await prepareTestDatabase();
  superAdmin = await sessionCookieFor("admin@demo.test");
});

async function toastOf(result: unknown) {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  return (await popToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }))).toast;
}

const outcome = (result: unknown) => redirectLocation(result) ?? unwrap(result).status;

/** What the dashboard layout answers for a screen: 200, or where it sends the user. */
const screen = (cookie: string, path: string) => callLoader(dashboard.loader, path, { cookie }).then(outcome);

function roleForm(name: string, perms: string[]) {
  const form = new FormData();
  form.set("name", name);
  for (const perm of perms) form.append("perm", perm);
  return form;
}

async function createRole(cookie: string, name: string, perms: string[]) {
  const result = await callAction(newRole.action, "/roles/new", { cookie, form: roleForm(name, perms) });
  const location = redirectLocation(result);
  if (!location) throw new Error(`role not created: ${JSON.stringify(unwrap(result))}`);
  return location.split("/").pop()!;
}

const assign = (cookie: string, userId: string, roleId: string) => callAction(roles.action, "/roles?tab=members", { cookie, form: { userId, roleId } });

async function auditRows(cookie: string, query = "") {
  const { value } = unwrap(await callLoader(ownAuditLog.loader, `/settings/audit-log${query}`, { cookie }));
  return (value as { view: { rows: Array<{ action: string; targetLabel: string | null; details: string; actorLabel: string }> } }).view.rows;
}

describe("custom roles", () => {
  let tenant: factories.TestTenant;
  let member: factories.TenantUser;

  beforeAll(async () => {
    tenant = await factories.tenantWithOwner({ name: "Olivia Owner" });
    member = await factories.tenantUser(tenant.tenantId, { role: "agent", name: "Mia Member" });
  });

  it("the owner creates one: read is added to every write and to the screens every role has; the entry names what it grants", async () => {
    const id = await createRole(tenant.cookie, "Dispatcher", ["campaigns.create", "contacts.read"]);
    const row = await db().selectFrom("roles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ tenant_id: tenant.tenantId, is_platform_admin: 0, name: "Dispatcher" });
    expect(row.key.startsWith("custom-")).toBe(true);
    expect(JSON.parse(row.permissions)).toEqual({
      overview: ["read"],
      campaigns: ["read", "create"],
      contacts: ["read"],
      profile: ["read"],
      help: ["read"],
      // The affiliate programme is every user's own (docs/product/affiliates.md).
      affiliates: ["read"],
      // So are one's notifications (docs/decisions/0059-notifications.md).
      notifications: ["read"],
    });
    const [entry] = await auditRows(tenant.cookie, "?action=role.created");
    expect(entry).toMatchObject({ action: "Role created", targetLabel: "Dispatcher", actorLabel: `Olivia Owner <${tenant.email}>` });
    expect(entry!.details).toContain("campaigns.create");
  });

  it("refuses what a custom role may never grant, a missing name and a taken one, at the field, keeping what was typed", async () => {
    for (const perm of ["billing.update", "usersManagement.read", "roles.read", "add-topup-balance.read", "audit-log.delete", "contacts.fly"]) {
      const result = unwrap(await callAction(newRole.action, "/roles/new", { cookie: tenant.cookie, form: roleForm("Escalator", ["contacts.read", perm]) }));
      expect({ perm, status: result.status, errors: (result.value as { errors: unknown }).errors }).toEqual({
        perm,
        status: 400,
        errors: { perm: ["validation.notGrantable"] },
      });
      expect((result.value as { values: { name: string } }).values.name).toBe("Escalator");
    }
    expect(unwrap(await callAction(newRole.action, "/roles/new", { cookie: tenant.cookie, form: roleForm(" ", []) })).value).toMatchObject({
      errors: { name: ["validation.nameRequired"] },
    });
    for (const taken of ["dispatcher", "ADMIN", "Owner"]) {
      const result = unwrap(await callAction(newRole.action, "/roles/new", { cookie: tenant.cookie, form: roleForm(taken, []) }));
      expect({ taken, status: result.status, value: result.value }).toMatchObject({
        taken,
        status: 409,
        value: { errors: { name: ["validation.nameTaken"] } },
      });
    }
    // The audit log may be opened to a custom role on purpose, read-only.
    const auditor = await createRole(tenant.cookie, "Auditor", ["audit-log.read"]);
    expect(JSON.parse((await db().selectFrom("roles").select("permissions").where("id", "=", auditor).executeTakeFirstOrThrow()).permissions)).toHaveProperty(
      "audit-log",
      ["read"],
    );
    expect(await db().selectFrom("roles").select("name").where("tenant_id", "=", tenant.tenantId).orderBy("name").execute()).toEqual([
      { name: "Auditor" },
      { name: "Dispatcher" },
    ]);
  });

  it("a member's new role takes effect on their next request, in the gate and in the sidebar; so does a change of the role", async () => {
    const id = await createRole(tenant.cookie, "Campaigner", ["campaigns.read", "campaigns.update"]);
    expect(await screen(member.cookie, "/campaigns")).toBe("/overview");
    expect(await screen(member.cookie, "/contacts")).toBe(200);
    const assigned = await assign(tenant.cookie, member.userId, id);
    expect(await toastOf(assigned)).toMatchObject({ key: "roles:toast.roleAssigned" });
    // The same cookie, no new sign-in: the next request sees the new role.
    expect(await screen(member.cookie, "/campaigns")).toBe(200);
    expect(await screen(member.cookie, "/contacts")).toBe("/overview");
    // The sidebar is built from the screens the layout says the user may read (decision 0067).
    const sidebar = (unwrap(await callLoader(dashboard.loader, "/overview", { cookie: member.cookie })).value as { readableSegments: string[] })
      .readableSegments;
    expect(sidebar).toContain("campaigns");
    expect(sidebar).not.toContain("contacts");
    // The overview names the role as the owner named it.
    expect((unwrap(await callLoader(overview.loader, "/overview", { cookie: member.cookie })).value as { user: { roleName: string } }).user.roleName).toBe(
      "Campaigner",
    );
    const saved = await callAction(rolePage.action, `/roles/${id}`, { cookie: tenant.cookie, params: { id }, form: roleForm("Campaigner", ["contacts.read"]) });
    expect(redirectLocation(saved)).toBe(`/roles/${id}`);
    expect(await screen(member.cookie, "/campaigns")).toBe("/overview");
    expect(await screen(member.cookie, "/contacts")).toBe(200);
    const [changed] = await auditRows(tenant.cookie, "?action=role.updated");
    expect(changed!.details).toContain("campaigns.update");
    const [reassigned] = await auditRows(tenant.cookie, "?action=member.role-changed");
    expect(reassigned).toMatchObject({ targetLabel: `Mia Member <${member.email}>`, details: "from Agent, to Campaigner" });
  });

  it("a role in use is not deleted: the owner hears how many hold it; once nobody does, it goes, with an entry", async () => {
    const id = await createRole(tenant.cookie, "Short-lived", ["recordings.read"]);
    await assign(tenant.cookie, member.userId, id);
    const refused = unwrap(await callAction(roleDelete.action, `/roles/${id}/delete`, { cookie: tenant.cookie, params: { id } }));
    expect(refused).toMatchObject({ status: 409, value: { refusal: "in-use", members: 1 } });
    const agentRole = await db().selectFrom("roles").select("id").where("key", "=", "agent").executeTakeFirstOrThrow();
    await assign(tenant.cookie, member.userId, agentRole.id);
    const deleted = await callAction(roleDelete.action, `/roles/${id}/delete`, { cookie: tenant.cookie, params: { id } });
    expect(redirectLocation(deleted)).toBe("/roles");
    expect(await db().selectFrom("roles").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect((await auditRows(tenant.cookie, "?action=role.deleted"))[0]).toMatchObject({ action: "Role deleted", targetLabel: "Short-lived" });
  });

  it("the owner changes neither their own role nor another owner's; a built-in role is read-only", async () => {
    const admin = await db().selectFrom("roles").select("id").where("key", "=", "admin").executeTakeFirstOrThrow();
    expect(unwrap(await assign(tenant.cookie, tenant.ownerId, admin.id))).toMatchObject({ status: 409, value: { refusal: "members.refusedSelf" } });
    const coOwner = await factories.tenantUser(tenant.tenantId, { role: "owner" });
    expect(unwrap(await assign(tenant.cookie, coOwner.userId, admin.id))).toMatchObject({ status: 409, value: { refusal: "members.refusedProtected" } });
    // The platform's own role is not handed out here.
    const platform = await db().selectFrom("roles").select("id").where("key", "=", "platform-admin").executeTakeFirstOrThrow();
    expect(unwrap(await assign(tenant.cookie, member.userId, platform.id)).status).toBe(404);
    const page = unwrap(await callLoader(rolePage.loader, `/roles/${admin.id}`, { cookie: tenant.cookie, params: { id: admin.id } }));
    expect(page.value).toMatchObject({ canEdit: false, canDelete: false, role: { builtIn: true } });
    const edit = await callAction(rolePage.action, `/roles/${admin.id}`, { cookie: tenant.cookie, params: { id: admin.id }, form: roleForm("Admin", []) });
    expect(unwrap(edit).status).toBe(404);
  });

  it("only the owner shapes roles: an admin is sent home from /roles and refused (403) the actions", async () => {
    const admin = await factories.tenantUser(tenant.tenantId, { role: "admin" });
    expect(await screen(admin.cookie, "/roles")).toBe("/overview");
    expect(outcome(await callLoader(roles.loader, "/roles", { cookie: admin.cookie }))).toBe("/overview");
    for (const language of ["en", "de"] as const) {
      const result = await callAction(newRole.action, "/roles/new", { cookie: admin.cookie, form: roleForm("Sneaky", ["billing.read"]), language });
      expect((result as Response).status).toBe(403);
      expect(await (result as Response).text()).toBe(FORBIDDEN[language]);
    }
  });
});

describe("tenant isolation of roles and audit entries", () => {
  it("another tenant's role answers 404 to view, edit, delete and assign; its entries stay in its own log", async () => {
    const first = await factories.tenantWithOwner();
    const second = await factories.tenantWithOwner();
    const stranger = await factories.tenantUser(second.tenantId, { role: "agent" });
    const ours = await factories.tenantUser(first.tenantId, { role: "agent" });
    const id = await createRole(first.cookie, "Night shift", ["recordings.read"]);
    expect(unwrap(await callLoader(rolePage.loader, `/roles/${id}`, { cookie: second.cookie, params: { id } })).status).toBe(404);
    expect(unwrap(await callAction(rolePage.action, `/roles/${id}`, { cookie: second.cookie, params: { id }, form: roleForm("Mine", []) })).status).toBe(404);
    expect(unwrap(await callLoader(roleDelete.loader, `/roles/${id}/delete`, { cookie: second.cookie, params: { id } })).status).toBe(404);
    expect(unwrap(await callAction(roleDelete.action, `/roles/${id}/delete`, { cookie: second.cookie, params: { id } })).status).toBe(404);
    // Neither the other tenant's role to one's own member, nor one's own role to the other tenant's user.
    expect(unwrap(await assign(second.cookie, stranger.userId, id)).status).toBe(404);
    expect(unwrap(await assign(first.cookie, stranger.userId, id)).status).toBe(404);
    expect(unwrap(await assign(second.cookie, ours.userId, id)).status).toBe(404);
    const strangerRole = await db()
      .selectFrom("users")
      .innerJoin("roles", "roles.id", "users.role_id")
      .select("roles.key")
      .where("users.id", "=", stranger.userId)
      .executeTakeFirstOrThrow();
    expect(strangerRole.key).toBe("agent");
    const list = unwrap(await callLoader(roles.loader, "/roles", { cookie: second.cookie })).value as { roles: Array<{ name: string }> };
    expect(list.roles.map((role) => role.name)).toEqual(["Owner", "Admin", "Support", "Agent (read-only)"]);
    expect((await auditRows(first.cookie, "?action=role.created")).map((row) => row.targetLabel)).toEqual(["Night shift"]);
    expect(await auditRows(second.cookie, "?action=role.created")).toEqual([]);
  });
});

describe("/usersManagement: the super admin's alone", () => {
  it("anyone else is sent home from its pages (with the translated notice) and refused its actions and export with 403, in English and German", async () => {
    const tenant = await factories.tenantWithOwner();
    const customHolder = await factories.tenantUser(tenant.tenantId, { role: "agent" });
    await assign(tenant.cookie, customHolder.userId, await createRole(tenant.cookie, "Everything allowed", ["settings.update", "audit-log.read"]));
    const target = await factories.tenantUser(tenant.tenantId, { role: "agent" });
    for (const cookie of [tenant.cookie, customHolder.cookie, await sessionCookieFor("agent@demo.test"), await sessionCookieFor("owner@demo.test")]) {
      for (const [loader, path, params] of [
        [users.loader, "/usersManagement", {}],
        [userPage.loader, `/usersManagement/${target.userId}`, { id: target.userId }],
        [platformAudit.loader, "/usersManagement/audit-log", {}],
      ] as const) {
        const result = await callLoader(loader, path, { cookie, params });
        expect(redirectLocation(result)).toBe("/overview");
        expect(await toastOf(result)).toMatchObject({ type: "error", key: "errors.noAccess" });
      }
      expect(redirectLocation(await callLoader(platformAuditCsv.loader, "/usersManagement/audit-log.csv", { cookie }))).toBe("/overview");
      for (const language of ["en", "de"] as const) {
        const result = await callAction(userPage.action, `/usersManagement/${target.userId}`, {
          cookie,
          params: { id: target.userId },
          form: { intent: "disable" },
          language,
        });
        expect((result as Response).status).toBe(403);
        expect(await (result as Response).text()).toBe(FORBIDDEN[language]);
      }
    }
    expect((await db().selectFrom("users").select("disabled_at").where("id", "=", target.userId).executeTakeFirstOrThrow()).disabled_at).toBeNull();
  });

  it("the super admin lists every tenant's users, filtered, searched, sorted and paged in the URL", async () => {
    const tenant = await factories.tenantWithOwner({ company: "Zebra Works" });
    for (let index = 0; index < 26; index += 1)
      await factories.tenantUser(tenant.tenantId, { role: "support", name: `Zoe Support ${String(index).padStart(2, "0")}` });
    await factories.tenantUser(tenant.tenantId, { role: "agent", name: "Una Unverified", emailVerified: false });
    type Page = {
      rows: Array<{ name: string; tenantName: string; status: string; roleKey: string }>;
      total: number;
      pageCount: number;
      params: { page: number };
    };
    const open = async (query: string) => unwrap(await callLoader(users.loader, `/usersManagement${query}`, { cookie: superAdmin })).value as Page;
    const everyone = await open("?q=.test&sort=tenant");
    expect(everyone.rows.some((row) => row.tenantName === "Demo Company")).toBe(true);
    expect(everyone.rows.some((row) => row.tenantName === "Trial GmbH")).toBe(true);
    expect((await open("")).rows[0]!.tenantName).toBe("Zebra Works");
    const inTenant = await open(`?tenant=${tenant.tenantId}&role=support&sort=name&order=asc`);
    expect({ total: inTenant.total, pageCount: inTenant.pageCount }).toEqual({ total: 26, pageCount: 2 });
    expect(inTenant.rows[0]!.name).toBe("Zoe Support 00");
    const second = await open(`?tenant=${tenant.tenantId}&role=support&sort=name&order=asc&page=2`);
    expect(second.rows.map((row) => row.name)).toEqual(["Zoe Support 25"]);
    // A page past the end shows the last one.
    expect((await open(`?tenant=${tenant.tenantId}&role=support&page=99`)).params.page).toBe(2);
    expect((await open(`?q=UNA%20unv`)).rows.map((row) => [row.name, row.status])).toEqual([["Una Unverified", "unverified"]]);
    expect((await open(`?tenant=${tenant.tenantId}&status=unverified`)).rows.map((row) => row.name)).toEqual(["Una Unverified", "Test Owner"]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await open(`?tenant=${tenant.tenantId}&from=2000-01-01&to=2000-12-31`)).total).toBe(0);
    // A range given backwards is read the right way round.
    expect((await open(`?tenant=${tenant.tenantId}&from=${today}&to=2000-01-01`)).total).toBe(28);
    // Nonsense in the URL is read leniently.
    expect((await open(`?tenant=${tenant.tenantId}&status=sleeping&role=king&sort=shoe`)).total).toBe(28);
  });
});

describe("the super admin's actions on a user", () => {
  let tenant: factories.TestTenant;

  beforeAll(async () => {
    tenant = await factories.tenantWithOwner({ name: "Tara Tenant-Owner", emailVerified: true });
  });

  const act = (userId: string, form: Record<string, string>, cookie = superAdmin) =>
    callAction(userPage.action, `/usersManagement/${userId}`, { cookie, params: { id: userId }, form });

  it("disabling ends every session at once, a session made afterwards is refused too, sign-in is refused with a translated message; enabling lets them in again", async () => {
    const user = await factories.tenantUser(tenant.tenantId, { role: "agent", name: "Dora Disabled", password: DEMO_PASSWORD });
    const other = await sessionCookieFor(user.email);
    expect(await screen(user.cookie, "/overview")).toBe(200);
    const done = await act(user.userId, { intent: "disable" });
    expect(await toastOf(done)).toMatchObject({ key: "users-management:toast.disabled" });
    expect(await db().selectFrom("sessions").select("id_hash").where("user_id", "=", user.userId).execute()).toEqual([]);
    for (const cookie of [user.cookie, other]) expect(await screen(cookie, "/overview")).toBe("/login?redirectTo=%2Foverview");
    // A session that slipped in after the disabling (a sign-in racing it) is refused all the same.
    const { setCookie } = await createSession({ userId: user.userId, tenantId: tenant.tenantId });
    expect(await getGateContext(makeRequest("/overview", { cookie: setCookie.split(";")[0]! }))).toBeNull();
    for (const language of ["en", "de"] as const) {
      const signIn = unwrap(await callAction(login.action, "/login", { form: { email: user.email, password: DEMO_PASSWORD }, language }));
      expect(signIn).toMatchObject({ status: 403, value: { error: { "": ["validation.accountDisabled"] } } });
    }
    // The wrong password learns nothing about the account's state.
    expect(unwrap(await callAction(login.action, "/login", { form: { email: user.email, password: "Wrong-pass-2026!" } })).value).toMatchObject({
      error: { "": ["validation.invalidCredentials"] },
    });
    expect(unwrap(await act(user.userId, { intent: "disable" }))).toMatchObject({ status: 409, value: { refusal: "refusals.already-disabled" } });
    expect(await toastOf(await act(user.userId, { intent: "enable" }))).toMatchObject({ key: "users-management:toast.enabled" });
    expect(redirectLocation(await callAction(login.action, "/login", { form: { email: user.email, password: DEMO_PASSWORD } }))).toBe("/overview");
    const rows = await auditRows(tenant.cookie);
    expect(rows.slice(0, 2).map((row) => [row.action, row.targetLabel, row.actorLabel])).toEqual([
      ["User enabled", `Dora Disabled <${user.email}>`, "Ada Admin <admin@demo.test>"],
      ["User disabled", `Dora Disabled <${user.email}>`, "Ada Admin <admin@demo.test>"],
    ]);
    expect(rows[1]!.details).toBe("sessions ended: 2");
  });

  it("signs a user out everywhere; changes a role, but never the super admin's own and never a tenant's last owner", async () => {
    const user = await factories.tenantUser(tenant.tenantId, { role: "agent", name: "Sid Signed-in" });
    await sessionCookieFor(user.email);
    await act(user.userId, { intent: "sign-out-everywhere" });
    expect(await screen(user.cookie, "/overview")).toBe("/login?redirectTo=%2Foverview");
    expect(await toastOf(await act(user.userId, { intent: "change-role", roleKey: "admin" }))).toMatchObject({ key: "users-management:toast.roleChanged" });
    const fresh = await sessionCookieFor(user.email);
    expect(await screen(fresh, "/campaigns")).toBe(200);
    const me = await db().selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow();
    expect(unwrap(await act(me.id, { intent: "change-role", roleKey: "agent" }))).toMatchObject({ status: 409, value: { refusal: "refusals.self" } });
    expect(unwrap(await act(me.id, { intent: "disable" }))).toMatchObject({ status: 409, value: { refusal: "refusals.self" } });
    expect(unwrap(await act(tenant.ownerId, { intent: "change-role", roleKey: "admin" }))).toMatchObject({
      status: 409,
      value: { refusal: "refusals.last-owner" },
    });
    expect(unwrap(await act(user.userId, { intent: "change-role", roleKey: "emperor" })).status).toBe(400);
    expect(unwrap(await act("no-such-user", { intent: "enable" })).status).toBe(404);
    const rows = await auditRows(tenant.cookie);
    expect(rows.slice(0, 2).map((row) => [row.action, row.details])).toEqual([
      ["Member's role changed", "from Agent, to Admin"],
      ["User signed out everywhere", "sessions ended: 2"],
    ]);
  });

  it("resends the verification email to an unverified user and sends a password-reset link, each with an entry", async () => {
    const user = await factories.tenantUser(tenant.tenantId, { role: "agent", name: "Vera Unverified", emailVerified: false });
    expect(await toastOf(await act(user.userId, { intent: "resend-verification" }))).toMatchObject({ key: "users-management:toast.verificationSent" });
    expect(latestEmailTo(user.email)?.text).toMatch(/\/verify-email\?token=/);
    expect(await toastOf(await act(user.userId, { intent: "send-password-reset" }))).toMatchObject({ key: "users-management:toast.resetSent" });
    expect(latestEmailTo(user.email)?.text).toMatch(/\/reset-password\?token=/);
    expect(unwrap(await act(tenant.ownerId, { intent: "resend-verification" }))).toMatchObject({ status: 409 });
    expect((await auditRows(tenant.cookie)).slice(0, 2).map((row) => row.action)).toEqual(["Password reset link sent", "Verification email sent again"]);
  });
});

describe("the super admin's audit log of every tenant", () => {
  it("shows each tenant's entries with the tenant, filters by tenant, exports CSV with a tenant column; an owner's log holds their own alone", async () => {
    const alpha = await factories.tenantWithOwner({ company: "Alpha Calls" });
    const beta = await factories.tenantWithOwner({ company: "Beta Voice" });
    await createRole(alpha.cookie, "Alpha role", ["contacts.read"]);
    await createRole(beta.cookie, "Beta role", ["contacts.read"]);
    type View = { view: { rows: Array<{ tenantName: string; targetLabel: string | null; action: string }> } };
    const open = async (query: string, language?: "de") =>
      (unwrap(await callLoader(platformAudit.loader, `/usersManagement/audit-log${query}`, { cookie: superAdmin, language })).value as View).view.rows;
    const created = await open("?action=role.created");
    expect(created.filter((row) => ["Alpha role", "Beta role"].includes(row.targetLabel ?? "")).map((row) => [row.tenantName, row.targetLabel])).toEqual([
      ["Beta Voice", "Beta role"],
      ["Alpha Calls", "Alpha role"],
    ]);
    expect((await open(`?action=role.created&tenant=${alpha.tenantId}`)).map((row) => row.targetLabel)).toEqual(["Alpha role"]);
    expect((await open(`?action=role.created&tenant=${alpha.tenantId}`, "de"))[0]!.action).toBe("Rolle angelegt");
    const csv = await (
      (await callLoader(platformAuditCsv.loader, `/usersManagement/audit-log.csv?tenant=${beta.tenantId}`, { cookie: superAdmin })) as Response
    ).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]!.startsWith('"Account","When"')).toBe(true);
    expect(lines.slice(1).every((line) => line.startsWith('"Beta Voice",'))).toBe(true);
    expect(lines.some((line) => line.includes("Beta role"))).toBe(true);
    // The owner's own log ignores a tenant filter: it is theirs, whatever the URL says.
    const own = await auditRows(alpha.cookie, `?tenant=${beta.tenantId}`);
    expect(own.map((row) => row.targetLabel)).toEqual(["Alpha role"]);
  });
});
