import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { recordAudit } from "~/features/audit/audit.server";
import { addMemberByEmail, changeMemberRole, removeMemberByEmail } from "~/features/organizations/members.server";
import { runWithContext } from "~/lib/observability/request-context.server";
import * as apiAccess from "~/routes/_dashboard+/api-access";
import * as auditPage from "~/routes/_dashboard+/settings_.audit-log";
import * as auditCsv from "~/routes/_files+/settings.audit-log[.]csv";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, unwrap } from "../support/app";
import * as factories from "../support/factories";

/*
 * The audit log (docs/product/audit-log.md): what is recorded (API keys
 * created and revoked, organization members added, removed and their role
 * changed), with who, whom, when, the client's address and the request id;
 * that nothing can change or delete an entry (on SQLite and PostgreSQL);
 * and the owners' page and CSV: filters in the URL, tenant isolation, both
 * languages. Runs on SQLite and PostgreSQL.
 */

const db = () => getDb();

beforeAll(async () => {
  await prepareTestDatabase();
});

type AuditPageData = {
  view: {
    rows: Array<{ action: string; actorLabel: string; targetLabel: string | null; details: string; ip: string | null; requestId: string | null }>;
    total: number;
  };
};
const openLog = async (cookie: string, query = "", language?: "en" | "de") =>
  unwrap(await callLoader(auditPage.loader, `/settings/audit-log${query}`, { cookie, language })).value as AuditPageData;

describe("what is recorded", () => {
  let tenant: factories.TestTenant;

  beforeAll(async () => {
    tenant = await factories.tenantWithOwner({ name: "Olivia Owner" });
  });

  it("an API key created and revoked, once each, by whom, with the key's name", async () => {
    const created = await callAction(apiAccess.action, "/api-access?tab=keys", {
      cookie: tenant.cookie,
      form: { intent: "create", name: "Vapi production", scopes: "calls:write" },
    });
    expect(unwrap(created).status).toBe(200);
    const key = await db().selectFrom("api_keys").select(["id", "prefix"]).where("tenant_id", "=", tenant.tenantId).executeTakeFirstOrThrow();
    for (let time = 0; time < 2; time += 1) {
      await callAction(apiAccess.action, "/api-access?tab=keys", { cookie: tenant.cookie, form: { intent: "revoke", keyId: key.id } });
    }
    const { view } = await openLog(tenant.cookie);
    expect(view.rows.map((row) => [row.action, row.targetLabel])).toEqual([
      ["API key revoked", `Vapi production (${key.prefix}…)`],
      ["API key created", `Vapi production (${key.prefix}…)`],
    ]);
    expect(view.rows[0]!.actorLabel).toBe(`Olivia Owner <${tenant.email}>`);
  });

  it("an organization member added, given another role and removed, naming the organization and the roles", async () => {
    const organization = await factories.organization(tenant, { name: "Berlin office" });
    const member = await factories.tenantUser(tenant.tenantId, { role: "agent", name: "Mia Member" });
    const actor = { id: tenant.ownerId, roleKey: "owner", accountRoleKey: "owner", language: "en" as const };
    expect(await addMemberByEmail(tenant.tenantId, organization.id, { email: member.email, roleKey: "agent" }, actor)).toMatchObject({ kind: "added" });
    expect(await changeMemberRole(tenant.tenantId, organization.id, { email: member.email, roleKey: "admin" }, actor)).toMatchObject({ kind: "done" });
    // The same role again changes nothing and records nothing.
    await changeMemberRole(tenant.tenantId, organization.id, { email: member.email, roleKey: "admin" }, actor);
    expect(await removeMemberByEmail(tenant.tenantId, organization.id, member.email, actor)).toMatchObject({ kind: "done" });
    const { view } = await openLog(tenant.cookie, "?action=member.role-changed");
    expect(view.rows.map((row) => [row.action, row.targetLabel, row.details])).toEqual([
      ["Member's role changed", `Mia Member <${member.email}>`, "in Berlin office, from Agent, to Admin"],
    ]);
    const all = await openLog(tenant.cookie);
    expect(all.view.rows.slice(0, 3).map((row) => row.action)).toEqual(["Member removed", "Member's role changed", "Member added"]);
  });

  it("keeps the request's id and the client's address", async () => {
    await runWithContext({ requestId: "req-4711", ip: "203.0.113.9" }, () =>
      recordAudit(db(), { tenantId: tenant.tenantId, actorUserId: null, action: "api-key.created", target: { kind: "api-key", id: "k", label: "Imported" } }),
    );
    const { view } = await openLog(tenant.cookie);
    expect(view.rows[0]).toMatchObject({ actorLabel: "System", ip: "203.0.113.9", requestId: "req-4711", targetLabel: "Imported" });
  });

  it("refuses to change or delete an entry, whatever asks", async () => {
    const before = await db().selectFrom("audit_log").select("id").where("tenant_id", "=", tenant.tenantId).execute();
    await expect(db().updateTable("audit_log").set({ actor_label: "Someone else" }).where("tenant_id", "=", tenant.tenantId).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(db().deleteFrom("audit_log").where("tenant_id", "=", tenant.tenantId).execute()).rejects.toThrow(/append-only/);
    const after = await db().selectFrom("audit_log").select(["id", "actor_label"]).where("tenant_id", "=", tenant.tenantId).execute();
    expect(after).toHaveLength(before.length);
    expect(after.some((row) => row.actor_label === "Someone else")).toBe(false);
  });
});

describe("the owners' page and its CSV", () => {
  let tenant: factories.TestTenant;
  let other: factories.TestTenant;

  beforeAll(async () => {
    tenant = await factories.tenantWithOwner({ name: "Olivia Owner" });
    other = await factories.tenantWithOwner();
    const entry = (label: string, at: string) =>
      recordAudit(
        db(),
        { tenantId: tenant.tenantId, actorUserId: tenant.ownerId, action: "api-key.created", target: { kind: "api-key", id: label, label } },
        at,
      );
    await entry('=HYPERLINK("http://x")', "2026-03-01T10:00:00.000Z");
    await entry("Second key", "2026-03-05T10:00:00.000Z");
    await recordAudit(db(), {
      tenantId: other.tenantId,
      actorUserId: other.ownerId,
      action: "api-key.created",
      target: { kind: "api-key", id: "t", label: "Theirs" },
    });
  });

  it("filters by action and by days in the URL, and shows no other tenant's entries", async () => {
    expect((await openLog(tenant.cookie)).view.rows.map((row) => row.targetLabel)).toEqual(["Second key", '=HYPERLINK("http://x")']);
    expect((await openLog(tenant.cookie, "?from=2026-03-04")).view.rows.map((row) => row.targetLabel)).toEqual(["Second key"]);
    expect((await openLog(tenant.cookie, "?to=2026-03-04&from=2026-02-01")).view.rows.map((row) => row.targetLabel)).toEqual(['=HYPERLINK("http://x")']);
    expect((await openLog(tenant.cookie, "?action=member.removed")).view.total).toBe(0);
    expect((await openLog(tenant.cookie, "?action=nonsense")).view.total).toBe(2);
    expect((await openLog(other.cookie)).view.rows.map((row) => row.targetLabel)).toEqual(["Theirs"]);
  });

  it("reads in German", async () => {
    const german = await openLog(tenant.cookie, "", "de");
    expect(german.view.rows[0]!.action).toBe("API-Schlüssel erstellt");
  });

  it("is the owners': an admin and the read-only agent are sent away", async () => {
    for (const role of ["admin", "agent"] as const) {
      const user = await factories.tenantUser(tenant.tenantId, { role });
      expect(redirectLocation(await callLoader(auditPage.loader, "/settings/audit-log", { cookie: user.cookie }))).toBe("/overview");
      expect(redirectLocation(await callLoader(auditCsv.loader, "/settings/audit-log.csv", { cookie: user.cookie }))).toBe("/overview");
    }
  });

  it("exports exactly the view as CSV: formula-safe, semicolons and a byte-order mark in German", async () => {
    const response = (await callLoader(auditCsv.loader, "/settings/audit-log.csv?from=2026-02-01", { cookie: tenant.cookie, language: "de" })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The byte-order mark (Response.text() would drop it).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toContain('"Wann";"Wann (UTC, ISO 8601)";"Wer"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Second key"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const english = await ((await callLoader(auditCsv.loader, "/settings/audit-log.csv?action=member.added", { cookie: tenant.cookie })) as Response).text();
    expect(english.trim().split("\r\n")).toHaveLength(1);
  });
});
