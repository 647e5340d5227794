import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import { getGateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { createOrganization } from "~/features/organizations/organizations.server";
import { selectionCookie } from "~/features/organizations/selection.server";
import { getTranslatorFor } from "~/i18n/i18next.server";
import type { Namespace } from "~/i18n/config";
import * as invitationRoute from "~/routes/_auth+/invitation";
import * as affiliateManagementRoute from "~/routes/_dashboard+/affiliate-management";
import * as affiliatesRoute from "~/routes/_dashboard+/affiliates";
import * as platformAnalyticsRoute from "~/routes/_dashboard+/analytics";
import * as apiAccessRoute from "~/routes/_dashboard+/api-access";
import * as apiAccessAdminRoute from "~/routes/_dashboard+/api-access-admin";
import * as productsRoute from "~/routes/_dashboard+/products+/_index";
import * as newRoleRoute from "~/routes/_dashboard+/roles+/new";
import * as auditLogRoute from "~/routes/_dashboard+/settings_.audit-log";
import * as usersManagementRoute from "~/routes/_dashboard+/usersManagement+/_index";
import * as dashboardLayout from "~/routes/_dashboard+/_layout";
import * as newContactRoute from "~/routes/_dashboard+/contacts+/new";
import * as organizationRoute from "~/routes/_dashboard+/organizations+/$id._index";
import * as deleteOrganizationRoute from "~/routes/_dashboard+/organizations+/$id.delete";
import * as editOrganizationRoute from "~/routes/_dashboard+/organizations+/$id.edit";
import * as organizationsListRoute from "~/routes/_dashboard+/organizations+/_index";
import * as eventTypeRoute from "~/routes/_dashboard+/organizations+/$id.teams.$teamId.event-types.$eventTypeId";
import * as staffRoute from "~/routes/_dashboard+/staff+/$userId";
import * as teamRoute from "~/routes/_dashboard+/organizations+/$id.teams.$teamId._index";
import * as selectionRoute from "~/routes/resources+/selection";
import {
  callAction,
  callLoader,
  cookiesFrom,
  findUser,
  linkFrom,
  loadContext,
  makeRequest,
  prepareTestDatabase,
  redirectLocation,
  sessionCookieFor,
  unwrap,
} from "../support/app";
import { addTenantUser, billingTenant, emailsTo } from "../support/billing";
import { team } from "../support/factories";

beforeAll(prepareTestDatabase);

type Tenant = Awaited<ReturnType<typeof billingTenant>>;
type FieldErrors = Record<string, string[] | null | undefined>;

interface OrganizationPage {
  organization: { id: string; name: string };
  members: Array<{ id: string; name: string; email: string; roleKey: string; accountRoleKey: string; isYou: boolean; manageable: boolean }>;
  invitations: Array<{ id: string; email: string; roleKey: string; expiresAt: string }>;
  teams: Array<{ id: string; name: string; memberCount: number; eventTypeCount: number }>;
  assignableRoles: string[];
  canUpdate: boolean;
  canCreate: boolean;
}

interface TeamPage {
  title: string;
  team: { id: string; name: string; members: number; eventTypes: number };
  members: Array<{ id: string; name: string; email: string }>;
  candidates: Array<{ id: string; name: string; email: string }>;
  canUpdate: boolean;
  canDelete: boolean;
  confirmingDelete: boolean;
}

interface SelectionData {
  organizations: Array<{ id: string; name: string; teams: Array<{ id: string; name: string }> }>;
  organizationId: string | null;
  teamId: string | null;
}

/* ---- helpers ---- */

const statusOf = (result: unknown) => unwrap(result).status;
const replyOf = (result: unknown) => unwrap(result).value as { intent?: string; result: { error?: FieldErrors }; problem?: string | null };
const errorsOf = (result: unknown): FieldErrors => replyOf(result).result.error ?? {};
/** Conform keeps the form's own errors (not a field's) under the empty name. */
const formErrorsOf = (result: unknown) => errorsOf(result)[""] ?? [];

async function expectTranslated(namespace: Namespace, keys: string[]) {
  for (const language of ["en", "de"] as const) {
    const t = await getTranslatorFor(language, namespace);
    for (const key of keys) expect(t(key), `${language}:${namespace}:${key}`).not.toBe(key);
  }
}

async function organizationOf(tenant: Tenant, name: string) {
  return createOrganization(tenant.tenantId, tenant.userId, { name, website: null });
}

async function userIdOf(email: string) {
  const user = await findUser(email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

async function insertTeam(tenantId: string, organizationId: string, name: string) {
  return (await team(tenantId, organizationId, { name })).id;
}

async function insertEventType(tenantId: string, teamId: string, hostUserId: string) {
  const id = newId();
  await getDb()
    .insertInto("event_types")
    .values({
      id,
      tenant_id: tenantId,
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
  await getDb().insertInto("event_type_hosts").values({ event_type_id: id, user_id: hostUserId }).execute();
  return id;
}

async function orgPage(cookie: string, organizationId: string, query = "") {
  return callLoader(organizationRoute.loader, `/organizations/${organizationId}${query}`, { cookie, params: { id: organizationId } });
}

async function orgData(cookie: string, organizationId: string, query = "") {
  const result = unwrap(await orgPage(cookie, organizationId, query));
  expect(result.status).toBe(200);
  return result.value as OrganizationPage;
}

function orgAction(cookie: string, organizationId: string, form: Record<string, string>, language?: "en" | "de") {
  return callAction(organizationRoute.action, `/organizations/${organizationId}`, { cookie, params: { id: organizationId }, form, language });
}

function teamPage(cookie: string, organizationId: string, teamId: string, query = "") {
  return callLoader(teamRoute.loader, `/organizations/${organizationId}/teams/${teamId}${query}`, { cookie, params: { id: organizationId, teamId } });
}

async function teamData(cookie: string, organizationId: string, teamId: string, query = "") {
  const result = unwrap(await teamPage(cookie, organizationId, teamId, query));
  expect(result.status).toBe(200);
  return result.value as TeamPage;
}

function teamAction(cookie: string, organizationId: string, teamId: string, form: Record<string, string>) {
  return callAction(teamRoute.action, `/organizations/${organizationId}/teams/${teamId}`, { cookie, params: { id: organizationId, teamId }, form });
}

/** Posts the top bar's selector; returns the response and the Cookie header the browser sends next. */
async function choose(cookie: string, form: Record<string, string>) {
  const response = (await callAction(selectionRoute.action, "/resources/selection", { cookie, form })) as Response;
  return { response, cookie: cookiesFrom(response, cookie) };
}

async function storedSelection(cookie: string) {
  return (await selectionCookie.parse(cookie)) as { organizationId: string | null; teamId: string | null } | null;
}

async function layoutSelection(cookie: string) {
  const { status, value } = unwrap(await callLoader(dashboardLayout.loader, "/overview", { cookie }));
  expect(status).toBe(200);
  return (value as { selection: SelectionData }).selection;
}

async function gateFor(cookie: string) {
  const gate = await getGateContext(makeRequest("/overview", { cookie }));
  if (!gate) throw new Error("not signed in");
  return gate;
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

/** An invitation link from the newest email to an address. */
function invitationLinkTo(address: string) {
  const mails = emailsTo(address);
  expect(mails.length).toBeGreaterThan(0);
  const link = linkFrom(mails.at(-1)!.text, "/invitation");
  expect(link).not.toBeNull();
  return link!;
}

const GOOD_PASSWORD = "Welcome-2024!";
let ipSequence = 0;
/** Each acceptance from its own address, so the sign-up rate limit never decides a test. */
const acceptContext = () => loadContext({ clientIp: `198.51.100.${(ipSequence += 1)}` });

function accept(token: string, fields: Partial<Record<"name" | "password" | "confirmPassword", string>>, cookie?: string) {
  return callAction(invitationRoute.action, "/invitation", { form: { token, ...fields }, context: acceptContext(), cookie });
}

/* ---- tests ---- */

describe("adding members", () => {
  it("adds a user of the account by email, case-blind, with the role chosen; a second time or a bad address is a field error", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Dental North");
    const agentEmail = await addTenantUser(owner.tenantId, "agent");

    const added = await orgAction(cookie, organizationId, { intent: "add-member", email: `  ${agentEmail.toUpperCase()} `, role: "admin" });
    expect(redirectLocation(added)).toBe(`/organizations/${organizationId}`);
    const page = await orgData(cookie, organizationId);
    expect(page.members.map((member) => [member.email, member.roleKey, member.accountRoleKey])).toEqual(
      expect.arrayContaining([
        [owner.email, "owner", "owner"],
        [agentEmail, "admin", "agent"],
      ]),
    );
    expect(page.members).toHaveLength(2);
    expect(page.members.find((member) => member.email === owner.email)).toMatchObject({ isYou: true, manageable: false });
    expect(page.members.find((member) => member.email === agentEmail)).toMatchObject({ isYou: false, manageable: true });
    expect(page.invitations).toEqual([]);
    expect(emailsTo(agentEmail)).toEqual([]);

    const again = await orgAction(cookie, organizationId, { intent: "add-member", email: agentEmail, role: "agent" });
    expect(statusOf(again)).toBe(400);
    expect(replyOf(again).intent).toBe("add-member");
    expect(errorsOf(again)).toMatchObject({ email: ["validation.alreadyMember"] });
    expect(await memberRole(organizationId, await userIdOf(agentEmail))).toBe("admin");

    expect(errorsOf(await orgAction(cookie, organizationId, { intent: "add-member", email: "not an address", role: "agent" }))).toMatchObject({
      email: ["validation.emailInvalid"],
    });
    expect(errorsOf(await orgAction(cookie, organizationId, { intent: "add-member", email: "", role: "agent" }))).toMatchObject({
      email: ["validation.emailRequired"],
    });
    expect(errorsOf(await orgAction(cookie, organizationId, { intent: "add-member", email: "someone@example.test", role: "boss" }))).toMatchObject({
      role: ["validation.roleRequired"],
    });
    expect((await orgData(cookie, organizationId)).members).toHaveLength(2);
    expect((await orgData(cookie, organizationId)).invitations).toEqual([]);

    await expectTranslated("organizations", [
      "validation.alreadyMember",
      "validation.emailInvalid",
      "validation.emailRequired",
      "validation.roleRequired",
      "toast.memberAdded",
      "toast.invited",
    ]);
  });
});

describe("invitations", () => {
  it("invites an unknown address: a pending invitation, an email with a link, and the link creates a verified agent of this account in the organization", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Gym Central");
    const address = `invitee-${newId().slice(0, 8)}@example.test`;

    const invited = await orgAction(cookie, organizationId, { intent: "add-member", email: address.toUpperCase(), role: "admin" });
    expect(redirectLocation(invited)).toBe(`/organizations/${organizationId}`);
    const page = await orgData(cookie, organizationId);
    expect(page.invitations).toEqual([expect.objectContaining({ email: address, roleKey: "admin" })]);
    expect(page.members.map((member) => member.email)).toEqual([owner.email]);
    expect(await findUser(address)).toBeUndefined();

    const mails = emailsTo(address);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Gym Central");
    const link = invitationLinkTo(address);
    expect(link.origin).toBe("http://localhost:3000");
    const token = link.searchParams.get("token")!;

    const shown = unwrap(await callLoader(invitationRoute.loader, `${link.pathname}${link.search}`)).value as {
      token: string;
      invitation: { email: string; organization: string } | null;
    };
    expect(shown.token).toBe(token);
    expect(shown.invitation).toEqual({ email: address, organization: "Gym Central" });

    // Field errors, nothing created.
    const empty = await accept(token, { name: "", password: "short", confirmPassword: "short" });
    expect(statusOf(empty)).toBe(400);
    expect(errorsOf(empty)).toMatchObject({ name: ["validation.nameRequired"], password: ["validation.passwordRules"] });
    expect(errorsOf(await accept(token, { name: "N4me", password: "alllowercase1!", confirmPassword: "alllowercase1!" }))).toMatchObject({
      name: ["validation.nameLettersOnly"],
      password: ["validation.passwordRules"],
    });
    const mismatch = await accept(token, { name: "Ines Invited", password: GOOD_PASSWORD, confirmPassword: `${GOOD_PASSWORD}x` });
    expect(errorsOf(mismatch)).toMatchObject({ confirmPassword: ["validation.passwordsMustMatch"] });
    expect(replyOf(mismatch).problem).toBeNull();
    expect(await findUser(address)).toBeUndefined();

    // The good answer: the account, signed in, in the inviting organization.
    const accepted = (await accept(token, { name: "Ines Invited", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD })) as Response;
    expect(redirectLocation(accepted)).toBe("/overview");
    const setCookies = accepted.headers.getSetCookie().map((header) => header.split("=")[0]);
    expect(setCookies).toEqual(expect.arrayContaining(["__session", "selection"]));
    const newCookie = cookiesFrom(accepted);
    expect(await storedSelection(newCookie)).toEqual({ organizationId, teamId: null });

    const user = await findUser(address);
    expect(user).toMatchObject({ tenant_id: owner.tenantId, name: "Ines Invited" });
    expect(user!.email_verified_at).not.toBeNull();
    const accountRole = await getDb().selectFrom("roles").select("key").where("id", "=", user!.role_id).executeTakeFirstOrThrow();
    expect(accountRole.key).toBe("agent");
    expect(await memberRole(organizationId, user!.id)).toBe("admin");

    const gate = await gateFor(newCookie);
    expect(gate.user).toMatchObject({ id: user!.id, tenantId: owner.tenantId, accountRoleKey: "agent", roleKey: "admin" });
    expect(gate.selection.organization?.id).toBe(organizationId);

    const after = await orgData(cookie, organizationId);
    expect(after.invitations).toEqual([]);
    expect(after.members.find((member) => member.email === address)).toMatchObject({ roleKey: "admin", accountRoleKey: "agent", name: "Ines Invited" });

    // Used: the link shows nothing and creates nothing again.
    expect((unwrap(await callLoader(invitationRoute.loader, `/invitation?token=${token}`)).value as { invitation: unknown }).invitation).toBeNull();
    const reused = await accept(token, { name: "Someone Else", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(statusOf(reused)).toBe(400);
    expect(replyOf(reused).problem).toBe("invalid");
    expect(await getDb().selectFrom("users").select("id").where("email", "=", address).execute()).toHaveLength(1);

    await expectTranslated("auth", [
      "invitation.title",
      "invitation.intro",
      "invitation.invalid",
      "invitation.emailTaken",
      "invitation.welcome",
      "validation.nameRequired",
      "validation.nameLettersOnly",
      "validation.passwordRules",
      "validation.passwordsMustMatch",
    ]);
    await expectTranslated("organizations", ["invitation.email.subject", "invitation.email.body", "invitation.email.footer"]);
  });

  it("writes the invitation email in the inviter's language", async () => {
    const owner = await billingTenant();
    const organizationId = await organizationOf(owner, "Praxis Süd");
    const address = `einladung-${newId().slice(0, 8)}@example.test`;
    expect(redirectLocation(await orgAction(await owner.cookie(), organizationId, { intent: "add-member", email: address, role: "agent" }, "de"))).toBe(
      `/organizations/${organizationId}`,
    );
    const [mail] = emailsTo(address);
    const t = await getTranslatorFor("de", "organizations");
    expect(mail!.subject).toBe(t("invitation.email.subject", { organization: "Praxis Süd" }));
    const invitation = await getDb().selectFrom("invitations").select(["language", "role_key"]).where("email", "=", address).executeTakeFirstOrThrow();
    expect(invitation).toEqual({ language: "de", role_key: "agent" });
  });

  it("a sign-in of another user in the same browser is replaced by the new account's session", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Garage West");
    const address = `switch-${newId().slice(0, 8)}@example.test`;
    await orgAction(cookie, organizationId, { intent: "add-member", email: address, role: "agent" });
    const token = invitationLinkTo(address).searchParams.get("token")!;
    const accepted = (await accept(token, { name: "Sam Switch", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }, cookie)) as Response;
    expect(redirectLocation(accepted)).toBe("/overview");
    const gate = await gateFor(cookiesFrom(accepted, cookie));
    expect(gate.user.email).toBe(address);
    expect(gate.user.roleKey).toBe("agent");
    // The owner's old session is gone.
    expect(await getGateContext(makeRequest("/overview", { cookie }))).toBeNull();
  });

  it("an expired invitation is invalid; a new invitation to the same address replaces the old one", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Bakery Brot");
    const address = `late-${newId().slice(0, 8)}@example.test`;
    await orgAction(cookie, organizationId, { intent: "add-member", email: address, role: "agent" });
    const first = invitationLinkTo(address).searchParams.get("token")!;
    await orgAction(cookie, organizationId, { intent: "add-member", email: address, role: "admin" });
    expect(emailsTo(address)).toHaveLength(2);
    const second = invitationLinkTo(address).searchParams.get("token")!;
    expect(second).not.toBe(first);
    expect((await orgData(cookie, organizationId)).invitations).toEqual([expect.objectContaining({ email: address, roleKey: "admin" })]);
    expect((unwrap(await callLoader(invitationRoute.loader, `/invitation?token=${first}`)).value as { invitation: unknown }).invitation).toBeNull();
    expect(replyOf(await accept(first, { name: "Late Larry", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD })).problem).toBe("invalid");

    await getDb()
      .updateTable("invitations")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("email", "=", address)
      .execute();
    expect((unwrap(await callLoader(invitationRoute.loader, `/invitation?token=${second}`)).value as { invitation: unknown }).invitation).toBeNull();
    expect((await orgData(cookie, organizationId)).invitations).toEqual([]);
    const expired = await accept(second, { name: "Late Larry", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(statusOf(expired)).toBe(400);
    expect(replyOf(expired).problem).toBe("invalid");
    expect(await findUser(address)).toBeUndefined();

    expect((unwrap(await callLoader(invitationRoute.loader, "/invitation?token=not-a-token")).value as { invitation: unknown }).invitation).toBeNull();
    expect((unwrap(await callLoader(invitationRoute.loader, "/invitation")).value as { invitation: unknown }).invitation).toBeNull();
  });

  it("withdrawing (remove-member with the invited address) deletes the invitation and its link", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Salon Style");
    const address = `withdrawn-${newId().slice(0, 8)}@example.test`;
    await orgAction(cookie, organizationId, { intent: "add-member", email: address, role: "agent" });
    const token = invitationLinkTo(address).searchParams.get("token")!;
    expect((await orgData(cookie, organizationId)).invitations).toHaveLength(1);

    expect(redirectLocation(await orgAction(cookie, organizationId, { intent: "remove-member", email: address.toUpperCase() }))).toBe(
      `/organizations/${organizationId}`,
    );
    expect((await orgData(cookie, organizationId)).invitations).toEqual([]);
    expect(await getDb().selectFrom("invitations").select("id").where("email", "=", address).execute()).toEqual([]);
    expect(replyOf(await accept(token, { name: "Wendy Withdrawn", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD })).problem).toBe("invalid");
    expect(await findUser(address)).toBeUndefined();

    // Nothing left to withdraw: "not a member".
    const again = await orgAction(cookie, organizationId, { intent: "remove-member", email: address });
    expect(statusOf(again)).toBe(400);
    expect(formErrorsOf(again)).toEqual(["validation.notMember"]);
    await expectTranslated("organizations", ["validation.notMember", "toast.memberRemoved"]);
  });

  it("an address that meanwhile has an account in another tenant answers email-taken and creates nothing", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Clinic East");
    const address = `taken-${newId().slice(0, 8)}@example.test`;
    await orgAction(cookie, organizationId, { intent: "add-member", email: address, role: "admin" });
    const token = invitationLinkTo(address).searchParams.get("token")!;

    const other = await billingTenant();
    const otherEmail = await addTenantUser(other.tenantId, "agent");
    await getDb().updateTable("users").set({ email: address }).where("email", "=", otherEmail).execute();

    const taken = await accept(token, { name: "Tina Taken", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(statusOf(taken)).toBe(400);
    expect(replyOf(taken).problem).toBe("email-taken");
    expect(unwrap(taken).headers.getSetCookie()).toEqual([]);
    const users = await getDb().selectFrom("users").select(["tenant_id"]).where("email", "=", address).execute();
    expect(users).toEqual([{ tenant_id: other.tenantId }]);
    expect((await orgData(cookie, organizationId)).members.map((member) => member.email)).toEqual([owner.email]);
    const invitation = await getDb().selectFrom("invitations").select("accepted_at").where("email", "=", address).executeTakeFirstOrThrow();
    expect(invitation.accepted_at).toBeNull();
  });
});

describe("roles", () => {
  async function organizationWithAdmin() {
    const owner = await billingTenant();
    const ownerCookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Alpha Dental");
    const adminEmail = await addTenantUser(owner.tenantId, "agent");
    const agentEmail = await addTenantUser(owner.tenantId, "agent");
    await orgAction(ownerCookie, organizationId, { intent: "add-member", email: adminEmail, role: "admin" });
    await orgAction(ownerCookie, organizationId, { intent: "add-member", email: agentEmail, role: "agent" });
    const { cookie: adminCookie } = await choose(await sessionCookieFor(adminEmail), { organizationId });
    return { owner, ownerCookie, organizationId, adminEmail, agentEmail, adminCookie };
  }

  it("an admin of one organization gains nothing in another: its page, members, teams, edit and delete are judged by the role there", async () => {
    const { owner, organizationId, adminCookie } = await organizationWithAdmin();
    const otherId = await organizationOf(owner, "Beta Garage");
    const otherTeam = await insertTeam(owner.tenantId, otherId, "Workshop");
    const page = await orgData(adminCookie, otherId);
    expect(page).toMatchObject({ canUpdate: false, canCreate: false, assignableRoles: ["agent"] });
    expect(statusOf(await orgAction(adminCookie, otherId, { intent: "add-member", email: "x@example.com", role: "admin" }))).toBe(403);
    expect(statusOf(await orgAction(adminCookie, otherId, { intent: "create-team", name: "Sneaky" }))).toBe(403);
    expect(statusOf(await teamAction(adminCookie, otherId, otherTeam, { intent: "delete-team" }))).toBe(403);
    expect(
      statusOf(await callAction(deleteOrganizationRoute.action, `/organizations/${otherId}/delete`, { cookie: adminCookie, params: { id: otherId } })),
    ).toBe(403);
    expect(statusOf(await callLoader(editOrganizationRoute.loader, `/organizations/${otherId}/edit`, { cookie: adminCookie, params: { id: otherId } }))).toBe(
      403,
    );
    expect(await getDb().selectFrom("organizations").select("id").where("id", "=", otherId).executeTakeFirst()).toBeDefined();
    // The list offers edit and delete only where they would be allowed.
    const listed = unwrap(await callLoader(organizationsListRoute.loader, "/organizations", { cookie: adminCookie })).value as {
      rows: Array<{ id: string; canUpdate: boolean; canDelete: boolean }>;
    };
    expect(listed.rows.find((row) => row.id === otherId)).toMatchObject({ canUpdate: false, canDelete: false });
    // Deleting an organization is the account's business (issue 22, item 2): its admin edits it but does not delete it.
    expect(listed.rows.find((row) => row.id === organizationId)).toMatchObject({ canUpdate: true, canDelete: false });
    // In its own organization the admin still acts as admin.
    expect(statusOf(await orgAction(adminCookie, organizationId, { intent: "create-team", name: "Front desk" }))).toBe(302);
  });

  it("an admin cannot hand out owner, nor change or remove an owner; can manage agents", async () => {
    const { owner, organizationId, adminEmail, agentEmail, adminCookie } = await organizationWithAdmin();
    const gate = await gateFor(adminCookie);
    expect(gate.user).toMatchObject({ roleKey: "admin", accountRoleKey: "agent" });
    const page = await orgData(adminCookie, organizationId);
    expect(page.assignableRoles).toEqual(["admin", "agent"]);
    expect(page.canUpdate).toBe(true);
    expect(page.members.find((member) => member.email === owner.email)?.manageable).toBe(false);
    expect(page.members.find((member) => member.email === agentEmail)?.manageable).toBe(true);

    const newcomer = await addTenantUser(owner.tenantId, "agent");
    const asOwner = await orgAction(adminCookie, organizationId, { intent: "add-member", email: newcomer, role: "owner" });
    expect(statusOf(asOwner)).toBe(400);
    expect(errorsOf(asOwner)).toMatchObject({ role: ["validation.roleNotAllowed"] });
    expect(await memberRole(organizationId, await userIdOf(newcomer))).toBeNull();
    const invitingOwner = await orgAction(adminCookie, organizationId, {
      intent: "add-member",
      email: `owner-${newId().slice(0, 6)}@example.test`,
      role: "owner",
    });
    expect(errorsOf(invitingOwner)).toMatchObject({ role: ["validation.roleNotAllowed"] });
    expect((await orgData(adminCookie, organizationId)).invitations).toEqual([]);

    const promoteToOwner = await orgAction(adminCookie, organizationId, { intent: "change-role", email: agentEmail, role: "owner" });
    expect(formErrorsOf(promoteToOwner)).toEqual(["validation.roleNotAllowed"]);
    const demoteOwner = await orgAction(adminCookie, organizationId, { intent: "change-role", email: owner.email, role: "agent" });
    expect(statusOf(demoteOwner)).toBe(400);
    expect(replyOf(demoteOwner)).toMatchObject({ intent: "change-role", email: owner.email });
    expect(formErrorsOf(demoteOwner)).toEqual(["validation.roleNotAllowed"]);
    const removeOwner = await orgAction(adminCookie, organizationId, { intent: "remove-member", email: owner.email });
    expect(formErrorsOf(removeOwner)).toEqual(["validation.roleNotAllowed"]);
    expect(await memberRole(organizationId, owner.userId)).toBe("owner");

    // Within their own rank an admin may act.
    expect(redirectLocation(await orgAction(adminCookie, organizationId, { intent: "add-member", email: newcomer, role: "admin" }))).toBe(
      `/organizations/${organizationId}`,
    );
    expect(await memberRole(organizationId, await userIdOf(newcomer))).toBe("admin");
    expect(redirectLocation(await orgAction(adminCookie, organizationId, { intent: "change-role", email: agentEmail, role: "admin" }))).toBe(
      `/organizations/${organizationId}`,
    );
    expect(await memberRole(organizationId, await userIdOf(agentEmail))).toBe("admin");

    // Nobody changes or removes themselves.
    const selfChange = await orgAction(adminCookie, organizationId, { intent: "change-role", email: adminEmail, role: "agent" });
    expect(formErrorsOf(selfChange)).toEqual(["validation.notYourself"]);
    const selfRemove = await orgAction(adminCookie, organizationId, { intent: "remove-member", email: adminEmail });
    expect(formErrorsOf(selfRemove)).toEqual(["validation.notYourself"]);
    expect(await memberRole(organizationId, await userIdOf(adminEmail))).toBe("admin");

    await expectTranslated("organizations", ["validation.roleNotAllowed", "validation.notYourself", "toast.roleChanged"]);
  });

  it("an owner changes an agent to admin and removes members, but not themselves; a non-member is not changed", async () => {
    const { owner, ownerCookie, organizationId, agentEmail, adminEmail } = await organizationWithAdmin();
    const promoted = await orgAction(ownerCookie, organizationId, { intent: "change-role", email: agentEmail.toUpperCase(), role: "admin" });
    expect(redirectLocation(promoted)).toBe(`/organizations/${organizationId}`);
    expect((await orgData(ownerCookie, organizationId)).members.find((member) => member.email === agentEmail)?.roleKey).toBe("admin");

    expect(formErrorsOf(await orgAction(ownerCookie, organizationId, { intent: "change-role", email: owner.email, role: "agent" }))).toEqual([
      "validation.notYourself",
    ]);
    expect(formErrorsOf(await orgAction(ownerCookie, organizationId, { intent: "remove-member", email: owner.email }))).toEqual(["validation.notYourself"]);
    expect(await memberRole(organizationId, owner.userId)).toBe("owner");

    const stranger = await addTenantUser(owner.tenantId, "agent");
    expect(formErrorsOf(await orgAction(ownerCookie, organizationId, { intent: "change-role", email: stranger, role: "admin" }))).toEqual([
      "validation.notMember",
    ]);
    expect(await memberRole(organizationId, await userIdOf(stranger))).toBeNull();

    expect(redirectLocation(await orgAction(ownerCookie, organizationId, { intent: "remove-member", email: adminEmail }))).toBe(
      `/organizations/${organizationId}`,
    );
    expect(await memberRole(organizationId, await userIdOf(adminEmail))).toBeNull();
    expect(await findUser(adminEmail)).toBeDefined();
  });

  it("the effective role is the higher of the account's and the member role in the selected organization", async () => {
    const owner = await billingTenant();
    const ownerCookie = await owner.cookie();
    const alpha = await organizationOf(owner, "Alpha");
    const beta = await organizationOf(owner, "Beta");
    const agentEmail = await addTenantUser(owner.tenantId, "agent");
    await orgAction(ownerCookie, alpha, { intent: "add-member", email: agentEmail, role: "admin" });
    const agentSession = await sessionCookieFor(agentEmail);

    const inAlpha = (await choose(agentSession, { organizationId: alpha })).cookie;
    const alphaGate = await gateFor(inAlpha);
    expect(alphaGate.selection.organization?.id).toBe(alpha);
    expect(alphaGate.user).toMatchObject({ roleKey: "admin", accountRoleKey: "agent" });
    // The organization's own screens follow the higher role; account-wide ones (contacts, billing) the account role alone (issue 22, item 2).
    expect(can(alphaGate.user.permissions, "appointments", "create")).toBe(true);
    expect(can(alphaGate.user.permissions, "contacts", "create")).toBe(false);
    expect(can(alphaGate.user.permissions, "billing", "update")).toBe(false);
    expect(statusOf(await callLoader(newContactRoute.loader, "/contacts/new", { cookie: inAlpha }))).toBe(403);
    expect((await orgData(inAlpha, alpha)).canCreate).toBe(true);

    const inBeta = (await choose(inAlpha, { organizationId: beta })).cookie;
    const betaGate = await gateFor(inBeta);
    expect(betaGate.selection.organization?.id).toBe(beta);
    expect(betaGate.user).toMatchObject({ roleKey: "agent", accountRoleKey: "agent" });
    expect(can(betaGate.user.permissions, "appointments", "create")).toBe(false);
    expect(can(betaGate.user.permissions, "contacts", "create")).toBe(false);
    expect(can(betaGate.user.permissions, "contacts", "read")).toBe(true);
    expect(statusOf(await callLoader(newContactRoute.loader, "/contacts/new", { cookie: inBeta }))).toBe(403);

    // An account owner listed as an agent of an organization is still an owner there.
    const secondOwnerEmail = await addTenantUser(owner.tenantId, "owner");
    await orgAction(ownerCookie, alpha, { intent: "add-member", email: secondOwnerEmail, role: "agent" });
    expect(await memberRole(alpha, await userIdOf(secondOwnerEmail))).toBe("agent");
    const ownerInAlpha = (await choose(await sessionCookieFor(secondOwnerEmail), { organizationId: alpha })).cookie;
    const ownerGate = await gateFor(ownerInAlpha);
    expect(ownerGate.user).toMatchObject({ roleKey: "owner", accountRoleKey: "owner" });
    expect(can(ownerGate.user.permissions, "billing", "update")).toBe(true);
    expect(can(ownerGate.user.permissions, "organizations", "delete")).toBe(true);
    const asSeen = (await orgData(ownerInAlpha, alpha)).assignableRoles;
    expect(asSeen).toEqual(["owner", "admin", "agent"]);
  });

  it("an organization's owner who is an agent of the account reaches none of the account's administration, API keys or super-admin screens", async () => {
    const owner = await billingTenant();
    const ownerCookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Own Shop");
    const agentEmail = await addTenantUser(owner.tenantId, "agent");
    await orgAction(ownerCookie, organizationId, { intent: "add-member", email: agentEmail, role: "owner" });
    const inShop = (await choose(await sessionCookieFor(agentEmail), { organizationId })).cookie;
    const gate = await gateFor(inShop);
    expect(gate.user).toMatchObject({ roleKey: "owner", accountRoleKey: "agent" });

    // Issue 26's areas, and the account's administration, stay at the account role (docs/decisions/0025).
    for (const segment of [
      "affiliates",
      "api-access",
      "roles",
      "settings",
      "billing",
      "products",
      "analytics",
      "affiliate-management",
      "api-access-admin",
      "usersManagement",
    ]) {
      expect(gate.user.permissions[segment] ?? [], segment).toEqual(gate.user.accountPermissions[segment] ?? []);
    }
    const superAdminScreens = [
      [productsRoute.loader, "/products"],
      [platformAnalyticsRoute.loader, "/analytics"],
      [affiliateManagementRoute.loader, "/affiliate-management"],
      [apiAccessAdminRoute.loader, "/api-access-admin"],
      [usersManagementRoute.loader, "/usersManagement"],
      [newRoleRoute.loader, "/roles/new"],
      [auditLogRoute.loader, "/settings/audit-log"],
    ] as const;
    // A screen the map does not open sends the user to the overview with a word why; one it opens but that is the platform's says 403.
    for (const [loader, path] of superAdminScreens) {
      const answer = await callLoader(loader, path, { cookie: inShop });
      expect(statusOf(answer) === 403 || redirectLocation(answer) === "/overview", path).toBe(true);
    }
    const newKey = await callAction(apiAccessRoute.action, "/api-access?tab=keys", {
      cookie: inShop,
      form: { intent: "create", name: "Shop key", scopes: "calls:read" },
    });
    expect(statusOf(newKey)).toBe(403);
    expect(await getDb().selectFrom("api_keys").select("id").where("tenant_id", "=", owner.tenantId).execute()).toEqual([]);
    // The affiliate programme is every user's own (docs/product/permissions.md), so the agent reads it as an agent would anyway.
    expect(statusOf(await callLoader(affiliatesRoute.loader, "/affiliates", { cookie: inShop }))).toBe(200);
  });
});

describe("agents", () => {
  it("an agent of the account who is no member reads the organization and its teams but every change is 403", async () => {
    const owner = await billingTenant();
    const ownerCookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Read Only Co");
    const teamId = await insertTeam(owner.tenantId, organizationId, "Front desk");
    const memberEmail = await addTenantUser(owner.tenantId, "agent");
    await orgAction(ownerCookie, organizationId, { intent: "add-member", email: memberEmail, role: "agent" });
    const agentEmail = await addTenantUser(owner.tenantId, "agent");
    const agentCookie = await sessionCookieFor(agentEmail);
    expect((await gateFor(agentCookie)).user.roleKey).toBe("agent");

    const page = await orgData(agentCookie, organizationId);
    expect(page).toMatchObject({ canUpdate: false, canCreate: false, assignableRoles: ["agent"] });
    expect((await orgData(agentCookie, organizationId, `?remove=${encodeURIComponent(memberEmail)}`)) as unknown).toMatchObject({ memberToRemove: null });
    const team = await teamData(agentCookie, organizationId, teamId, "?confirm=delete");
    expect(team).toMatchObject({ canUpdate: false, canDelete: false, confirmingDelete: false });

    const organizationForms: Array<Record<string, string>> = [
      { intent: "add-member", email: `x-${newId().slice(0, 6)}@example.test`, role: "agent" },
      { intent: "change-role", email: memberEmail, role: "admin" },
      { intent: "remove-member", email: memberEmail },
      { intent: "create-team", name: "Sneaky team" },
    ];
    for (const form of organizationForms) expect(statusOf(await orgAction(agentCookie, organizationId, form)), form.intent).toBe(403);
    const teamForms: Array<Record<string, string>> = [
      { intent: "rename-team", name: "Renamed" },
      { intent: "add-team-member", userId: await userIdOf(memberEmail) },
      { intent: "remove-team-member", userId: await userIdOf(memberEmail) },
      { intent: "delete-team" },
    ];
    for (const form of teamForms) expect(statusOf(await teamAction(agentCookie, organizationId, teamId, form)), form.intent).toBe(403);

    // Nothing changed.
    const after = await orgData(ownerCookie, organizationId);
    expect(after.members.find((member) => member.email === memberEmail)?.roleKey).toBe("agent");
    expect(after.invitations).toEqual([]);
    expect(after.teams.map((row) => row.name)).toEqual(["Front desk"]);
    expect((await teamData(ownerCookie, organizationId, teamId)).members).toEqual([]);

    // An unknown intent is a 400, before any permission question.
    expect(statusOf(await orgAction(ownerCookie, organizationId, { intent: "explode" }))).toBe(400);
    expect(statusOf(await teamAction(ownerCookie, organizationId, teamId, { intent: "explode" }))).toBe(400);
  });
});

describe("teams", () => {
  it("creates (with name rules), renames, adds and removes organization members, and deletes a team", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const organizationId = await organizationOf(owner, "Team Clinic");

    expect(errorsOf(await orgAction(cookie, organizationId, { intent: "create-team", name: "" }))).toMatchObject({ name: ["validation.teamNameRequired"] });
    expect(errorsOf(await orgAction(cookie, organizationId, { intent: "create-team", name: "A" }))).toMatchObject({ name: ["validation.teamNameTooShort"] });
    const tooLong = await orgAction(cookie, organizationId, { intent: "create-team", name: "x".repeat(81) });
    expect(statusOf(tooLong)).toBe(400);
    expect(replyOf(tooLong).intent).toBe("create-team");
    expect(errorsOf(tooLong)).toMatchObject({ name: ["validation.teamNameTooLong"] });
    expect((await orgData(cookie, organizationId, "?tab=teams")).teams).toEqual([]);

    const created = await orgAction(cookie, organizationId, { intent: "create-team", name: "  Front desk  " });
    const [team] = (await orgData(cookie, organizationId, "?tab=teams")).teams;
    expect(team).toMatchObject({ name: "Front desk", memberCount: 0, eventTypeCount: 0 });
    expect(redirectLocation(created)).toBe(`/organizations/${organizationId}/teams/${team!.id}`);
    const teamId = team!.id;

    expect(errorsOf(await teamAction(cookie, organizationId, teamId, { intent: "rename-team", name: "B" }))).toMatchObject({
      name: ["validation.teamNameTooShort"],
    });
    expect(redirectLocation(await teamAction(cookie, organizationId, teamId, { intent: "rename-team", name: "Reception" }))).toBe(
      `/organizations/${organizationId}/teams/${teamId}`,
    );
    expect((await teamData(cookie, organizationId, teamId)).title).toBe("Reception");

    const memberEmail = await addTenantUser(owner.tenantId, "agent");
    await orgAction(cookie, organizationId, { intent: "add-member", email: memberEmail, role: "agent" });
    const memberId = await userIdOf(memberEmail);
    const outsiderId = await userIdOf(await addTenantUser(owner.tenantId, "agent"));
    const foreign = await billingTenant();

    let page = await teamData(cookie, organizationId, teamId);
    expect(page.candidates.map((candidate) => candidate.id).sort()).toEqual([memberId, owner.userId].sort());
    expect(page.members).toEqual([]);

    expect(errorsOf(await teamAction(cookie, organizationId, teamId, { intent: "add-team-member", userId: "" }))).toMatchObject({
      userId: ["validation.teamMemberRequired"],
    });
    for (const userId of [outsiderId, foreign.userId]) {
      const refused = await teamAction(cookie, organizationId, teamId, { intent: "add-team-member", userId });
      expect(statusOf(refused)).toBe(400);
      expect(errorsOf(refused)).toMatchObject({ userId: ["validation.teamMemberNotInOrganization"] });
    }
    expect(redirectLocation(await teamAction(cookie, organizationId, teamId, { intent: "add-team-member", userId: memberId }))).toBe(
      `/organizations/${organizationId}/teams/${teamId}`,
    );
    // Twice is harmless.
    expect(redirectLocation(await teamAction(cookie, organizationId, teamId, { intent: "add-team-member", userId: memberId }))).toBe(
      `/organizations/${organizationId}/teams/${teamId}`,
    );
    page = await teamData(cookie, organizationId, teamId);
    expect(page.members.map((member) => member.id)).toEqual([memberId]);
    expect(page.candidates.map((candidate) => candidate.id)).toEqual([owner.userId]);
    expect(page.team.members).toBe(1);
    expect((await orgData(cookie, organizationId, "?tab=teams")).teams[0]).toMatchObject({ name: "Reception", memberCount: 1 });

    // Leaving the team ends hosting its event types.
    const eventTypeId = await insertEventType(owner.tenantId, teamId, memberId);
    expect(redirectLocation(await teamAction(cookie, organizationId, teamId, { intent: "remove-team-member", userId: memberId }))).toBe(
      `/organizations/${organizationId}/teams/${teamId}`,
    );
    page = await teamData(cookie, organizationId, teamId);
    expect(page.members).toEqual([]);
    expect(page.team.eventTypes).toBe(1);
    expect(await getDb().selectFrom("event_type_hosts").select("user_id").where("event_type_id", "=", eventTypeId).execute()).toEqual([]);
    expect(await memberRole(organizationId, memberId)).toBe("agent");

    // Deleting: the confirmation, then the team is gone with its event types.
    expect((await teamData(cookie, organizationId, teamId)).confirmingDelete).toBe(false);
    expect((await teamData(cookie, organizationId, teamId, "?confirm=delete")).confirmingDelete).toBe(true);
    await teamAction(cookie, organizationId, teamId, { intent: "add-team-member", userId: memberId });
    const deleted = await teamAction(cookie, organizationId, teamId, { intent: "delete-team" });
    expect(redirectLocation(deleted)).toBe(`/organizations/${organizationId}?tab=teams`);
    expect((await orgData(cookie, organizationId, "?tab=teams")).teams).toEqual([]);
    expect(await getDb().selectFrom("teams").select("id").where("id", "=", teamId).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom("team_members").select("user_id").where("team_id", "=", teamId).execute()).toEqual([]);
    expect(await getDb().selectFrom("event_types").select("id").where("id", "=", eventTypeId).executeTakeFirst()).toBeUndefined();
    expect(statusOf(await teamPage(cookie, organizationId, teamId))).toBe(404);
    expect(statusOf(await teamAction(cookie, organizationId, teamId, { intent: "rename-team", name: "Ghost" }))).toBe(404);
    expect(await memberRole(organizationId, memberId)).toBe("agent");

    await expectTranslated("organizations", [
      "validation.teamNameRequired",
      "validation.teamNameTooShort",
      "validation.teamNameTooLong",
      "validation.teamMemberRequired",
      "validation.teamMemberNotInOrganization",
      "toast.teamCreated",
      "toast.teamRenamed",
      "toast.teamMemberAdded",
      "toast.teamMemberRemoved",
      "toast.teamDeleted",
    ]);
  });

  it("removing a member of an organization ends their places in its teams and as host of its event types, and nothing in other organizations", async () => {
    const owner = await billingTenant();
    const cookie = await owner.cookie();
    const alpha = await organizationOf(owner, "Alpha");
    const beta = await organizationOf(owner, "Beta");
    const memberEmail = await addTenantUser(owner.tenantId, "agent");
    const memberId = await userIdOf(memberEmail);
    for (const organizationId of [alpha, beta]) await orgAction(cookie, organizationId, { intent: "add-member", email: memberEmail, role: "agent" });
    const alphaTeams = [await insertTeam(owner.tenantId, alpha, "Front desk"), await insertTeam(owner.tenantId, alpha, "Sales")];
    const betaTeam = await insertTeam(owner.tenantId, beta, "Front desk");
    for (const teamId of alphaTeams) await teamAction(cookie, alpha, teamId, { intent: "add-team-member", userId: memberId });
    await teamAction(cookie, alpha, alphaTeams[0]!, { intent: "add-team-member", userId: owner.userId });
    await teamAction(cookie, beta, betaTeam, { intent: "add-team-member", userId: memberId });
    const alphaEvent = await insertEventType(owner.tenantId, alphaTeams[0]!, memberId);
    await getDb().insertInto("event_type_hosts").values({ event_type_id: alphaEvent, user_id: owner.userId }).execute();
    const betaEvent = await insertEventType(owner.tenantId, betaTeam, memberId);

    const teamsOf = (userId: string) =>
      getDb()
        .selectFrom("team_members")
        .select("team_id")
        .where("user_id", "=", userId)
        .execute()
        .then((rows) => rows.map((row) => row.team_id).sort());
    const hostingOf = (userId: string) =>
      getDb()
        .selectFrom("event_type_hosts")
        .select("event_type_id")
        .where("user_id", "=", userId)
        .execute()
        .then((rows) => rows.map((row) => row.event_type_id).sort());
    expect(await teamsOf(memberId)).toEqual([...alphaTeams, betaTeam].sort());
    expect(await hostingOf(memberId)).toEqual([alphaEvent, betaEvent].sort());

    expect(redirectLocation(await orgAction(cookie, alpha, { intent: "remove-member", email: memberEmail }))).toBe(`/organizations/${alpha}`);
    expect(await memberRole(alpha, memberId)).toBeNull();
    expect(await memberRole(beta, memberId)).toBe("agent");
    expect(await teamsOf(memberId)).toEqual([betaTeam]);
    expect(await hostingOf(memberId)).toEqual([betaEvent]);
    // Others keep their places; the event type stays.
    expect(await teamsOf(owner.userId)).toEqual([alphaTeams[0]]);
    expect(await hostingOf(owner.userId)).toEqual([alphaEvent]);
    expect((await orgData(cookie, alpha, "?tab=teams")).teams.map((team) => [team.name, team.memberCount, team.eventTypeCount])).toEqual([
      ["Front desk", 1, 1],
      ["Sales", 0, 0],
    ]);
  });
});

describe("tenant isolation", () => {
  it("another tenant's event types and staff are not found, and an event type cannot be moved under another team", async () => {
    const mine = await billingTenant();
    const cookie = await mine.cookie();
    const myOrganization = await organizationOf(mine, "Mine");
    const myTeam = await insertTeam(mine.tenantId, myOrganization, "My team");
    const theirs = await billingTenant();
    const theirOrganization = await organizationOf(theirs, "Theirs");
    const theirTeam = await insertTeam(theirs.tenantId, theirOrganization, "Their team");
    const theirEvent = await insertEventType(theirs.tenantId, theirTeam, theirs.userId);
    const myEvent = await insertEventType(mine.tenantId, myTeam, mine.userId);
    const place = (organizationId: string, teamId: string, eventTypeId: string) => ({ id: organizationId, teamId, eventTypeId });
    for (const params of [
      place(theirOrganization, theirTeam, theirEvent),
      place(myOrganization, myTeam, theirEvent),
      place(theirOrganization, theirTeam, myEvent),
    ]) {
      const path = `/organizations/${params.id}/teams/${params.teamId}/event-types/${params.eventTypeId}`;
      expect(statusOf(await callLoader(eventTypeRoute.loader, path, { cookie, params })), path).toBe(404);
      expect(statusOf(await callAction(eventTypeRoute.action, `${path}?intent=delete`, { cookie, params })), path).toBe(404);
    }
    // My event type named under another team of mine is not found there either.
    const otherTeam = await insertTeam(mine.tenantId, myOrganization, "Other team");
    expect(statusOf(await callLoader(eventTypeRoute.loader, "/x", { cookie, params: place(myOrganization, otherTeam, myEvent) }))).toBe(404);
    expect(await getDb().selectFrom("event_types").select("id").where("id", "=", theirEvent).executeTakeFirst()).toBeDefined();

    const selected = (await choose(cookie, { organizationId: myOrganization })).cookie;
    expect(statusOf(await callLoader(staffRoute.loader, `/staff/${theirs.userId}`, { cookie: selected, params: { userId: theirs.userId } }))).toBe(404);
    expect(
      statusOf(
        await callAction(staffRoute.action, `/staff/${theirs.userId}`, { cookie: selected, params: { userId: theirs.userId }, form: { intent: "issue-feed" } }),
      ),
    ).toBe(404);
    expect(await getDb().selectFrom("calendar_feeds").select("id").where("user_id", "=", theirs.userId).executeTakeFirst()).toBeUndefined();
  });

  it("another tenant's organization or team is not found, for the loader and every action", async () => {
    const mine = await billingTenant();
    const cookie = await mine.cookie();
    const myOrganization = await organizationOf(mine, "Mine");
    const myTeam = await insertTeam(mine.tenantId, myOrganization, "My team");
    const theirs = await billingTenant();
    const theirOrganization = await organizationOf(theirs, "Theirs");
    const theirTeam = await insertTeam(theirs.tenantId, theirOrganization, "Their team");
    const theirMemberEmail = await addTenantUser(theirs.tenantId, "agent");
    await orgAction(await theirs.cookie(), theirOrganization, { intent: "add-member", email: theirMemberEmail, role: "agent" });

    expect(statusOf(await orgPage(cookie, theirOrganization))).toBe(404);
    expect(statusOf(await orgPage(cookie, "no-such-id"))).toBe(404);
    const organizationForms: Array<Record<string, string>> = [
      { intent: "add-member", email: mine.email, role: "owner" },
      { intent: "change-role", email: theirMemberEmail, role: "admin" },
      { intent: "remove-member", email: theirMemberEmail },
      { intent: "create-team", name: "Planted" },
    ];
    for (const form of organizationForms) {
      expect(statusOf(await orgAction(cookie, theirOrganization, form)), form.intent).toBe(404);
    }

    for (const [organizationId, teamId] of [
      [theirOrganization, theirTeam],
      [myOrganization, theirTeam],
      [theirOrganization, myTeam],
    ] as const) {
      expect(statusOf(await teamPage(cookie, organizationId, teamId))).toBe(404);
      const teamForms: Array<Record<string, string>> = [
        { intent: "rename-team", name: "Hijacked" },
        { intent: "add-team-member", userId: mine.userId },
        { intent: "delete-team" },
      ];
      for (const form of teamForms) {
        expect(
          statusOf(await teamAction(cookie, organizationId, teamId, form)),
          `${form.intent} ${organizationId === myOrganization ? "mine" : "theirs"}/${teamId === myTeam ? "mine" : "theirs"}`,
        ).toBe(404);
      }
    }

    const theirPage = await orgData(await theirs.cookie(), theirOrganization, "?tab=teams");
    expect(theirPage.teams.map((team) => team.name)).toEqual(["Their team"]);
    expect(theirPage.members.map((member) => member.email).sort()).toEqual([theirs.email, theirMemberEmail].sort());
    expect(await getDb().selectFrom("team_members").select("user_id").where("team_id", "=", theirTeam).execute()).toEqual([]);
    expect(await memberRole(theirOrganization, mine.userId)).toBeNull();

    // Adding another tenant's user by email does not reach them: it is an invitation to a new account here, which their address cannot accept.
    const invited = await orgAction(cookie, myOrganization, { intent: "add-member", email: theirMemberEmail, role: "agent" });
    expect(redirectLocation(invited)).toBe(`/organizations/${myOrganization}`);
    expect(await memberRole(myOrganization, await userIdOf(theirMemberEmail))).toBeNull();
    const token = invitationLinkTo(theirMemberEmail).searchParams.get("token")!;
    expect(replyOf(await accept(token, { name: "Double Agent", password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD })).problem).toBe("email-taken");
    expect((await findUser(theirMemberEmail))?.tenant_id).toBe(theirs.tenantId);
  });

  it("the selector: only this tenant's organizations, the first team by name comes with an organization, a team of another organization is ignored", async () => {
    const mine = await billingTenant();
    const session = await mine.cookie();
    const alpha = await organizationOf(mine, "Alpha");
    const beta = await organizationOf(mine, "beta");
    const empty = await organizationOf(mine, "Gamma");
    const alphaZulu = await insertTeam(mine.tenantId, alpha, "Zulu");
    const alphaFront = await insertTeam(mine.tenantId, alpha, "Front desk");
    const betaTeam = await insertTeam(mine.tenantId, beta, "Sales");
    const theirs = await billingTenant();
    const theirOrganization = await organizationOf(theirs, "Aardvark Foreign");
    const theirTeam = await insertTeam(theirs.tenantId, theirOrganization, "Alpha team");

    // Nothing chosen yet: the first organization by name, and its first team by name.
    let selection = await layoutSelection(session);
    expect(selection.organizations.map((organization) => organization.name)).toEqual(["Alpha", "beta", "Gamma"]);
    expect(selection.organizations[0]!.teams.map((team) => team.name)).toEqual(["Front desk", "Zulu"]);
    expect(selection).toMatchObject({ organizationId: alpha, teamId: alphaFront });

    // Another tenant's organization changes nothing: the stored value is this tenant's first organization.
    let chosen = await choose(session, { organizationId: theirOrganization, redirectTo: "/contacts" });
    expect(redirectLocation(chosen.response)).toBe("/contacts");
    expect(await storedSelection(chosen.cookie)).toEqual({ organizationId: alpha, teamId: alphaFront });

    chosen = await choose(session, { organizationId: beta });
    expect(redirectLocation(chosen.response)).toBe("/overview");
    expect(await storedSelection(chosen.cookie)).toEqual({ organizationId: beta, teamId: betaTeam });
    let cookie = chosen.cookie;
    expect(await layoutSelection(cookie)).toMatchObject({ organizationId: beta, teamId: betaTeam });

    // With beta chosen, another tenant's organization or team, or a team of alpha, leaves beta as it is.
    const ignored: Array<Record<string, string>> = [
      { organizationId: theirOrganization },
      { teamId: theirTeam },
      { teamId: alphaZulu },
      { organizationId: theirOrganization, teamId: theirTeam },
    ];
    for (const form of ignored) {
      chosen = await choose(cookie, form);
      expect(await storedSelection(chosen.cookie), JSON.stringify(form)).toEqual({ organizationId: beta, teamId: betaTeam });
    }

    // An organization without teams: no team.
    cookie = (await choose(cookie, { organizationId: empty })).cookie;
    expect(await storedSelection(cookie)).toEqual({ organizationId: empty, teamId: null });
    expect(await layoutSelection(cookie)).toMatchObject({ organizationId: empty, teamId: null });

    // An organization and one of its teams together; then a team of the selected organization alone.
    cookie = (await choose(cookie, { organizationId: alpha, teamId: alphaZulu })).cookie;
    expect(await storedSelection(cookie)).toEqual({ organizationId: alpha, teamId: alphaZulu });
    cookie = (await choose(cookie, { teamId: alphaFront })).cookie;
    expect(await storedSelection(cookie)).toEqual({ organizationId: alpha, teamId: alphaFront });
    cookie = (await choose(cookie, { organizationId: beta, teamId: alphaZulu })).cookie;
    expect(await storedSelection(cookie)).toEqual({ organizationId: beta, teamId: betaTeam });

    // Off-site redirects are refused.
    chosen = await choose(cookie, { organizationId: alpha, redirectTo: "https://evil.example/" });
    expect(redirectLocation(chosen.response)).toBe("/overview");

    // A forged cookie naming the other tenant's organization resolves to this tenant's first organization.
    const forged = `${session}; selection=${encodeURIComponent(btoa(JSON.stringify({ organizationId: theirOrganization, teamId: theirTeam })))}`;
    expect(await storedSelection(forged)).toEqual({ organizationId: theirOrganization, teamId: theirTeam });
    selection = await layoutSelection(forged);
    expect(selection).toMatchObject({ organizationId: alpha, teamId: alphaFront });
    expect(selection.organizations.map((organization) => organization.id)).not.toContain(theirOrganization);
    expect((await gateFor(forged)).user.roleKey).toBe("owner");
  });
});
