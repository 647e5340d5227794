import { beforeAll, describe, expect, it } from "vitest";
import { getDb, newId, now } from "~/db/db.server";
import { concludeRun } from "~/features/campaigns/lifecycle.server";
import { assignTicket, createTicket } from "~/features/service-desk/tickets.server";
import { emit } from "~/lib/events/bus.server";
import { announceFailingStreak, FAILING_STREAK } from "~/features/integrations/delivery/deliveries.server";
import * as dashboard from "~/routes/_dashboard+/_layout";
import * as page from "~/routes/_dashboard+/notifications";
import { runNotificationDigests } from "~/features/notifications/digest.server";
import * as profile from "~/routes/_dashboard+/profile";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, runOutboxJobs, unwrap } from "../support/app";
import { getEnv } from "~/config/env.server";
import fs from "node:fs";
import path from "node:path";
import * as factories from "../support/factories";

/*
 * The notification bell (issue 27, docs/decisions/0059-notifications.md):
 * each source event writes a notification for the right users of its own
 * tenant only (owners and admins who read the area; the assignee for a
 * ticket), the layout's unread count, the page's isolation, opening and
 * marking read. Runs on SQLite and PostgreSQL.
 */

const db = () => getDb();

interface PageData {
  items: Array<{ id: string; message: string; read: boolean }>;
  total: number;
}

async function pageOf(cookie: string, query = "?filter=all", language?: "en" | "de") {
  return unwrap(await callLoader(page.loader, `/notifications${query}`, { cookie, language })).value as PageData;
}

async function unreadOf(cookie: string) {
  const { value } = unwrap(await callLoader(dashboard.loader, "/overview", { cookie }));
  return (value as { unreadNotifications: number }).unreadNotifications;
}

const kindsOf = (userId: string) =>
  db().selectFrom("notifications").select(["kind", "tenant_id"]).where("user_id", "=", userId).orderBy("created_at").execute();

let tenant: factories.TestTenant;
let admin: factories.TenantUser;
let agent: factories.TenantUser;
let other: factories.TestTenant;

beforeAll(async () => {
  await prepareTestDatabase();
  tenant = await factories.tenantWithOwner({ name: "Nora Owner" });
  admin = await factories.tenantUser(tenant.tenantId, { role: "admin" });
  agent = await factories.tenantUser(tenant.tenantId, { role: "agent" });
  other = await factories.tenantWithOwner({ name: "Other Owner" });
});

async function importRow(tenantId: string, userId: string | null, fileName: string) {
  const id = newId();
  await db()
    .insertInto("contact_imports")
    .values({
      id,
      tenant_id: tenantId,
      user_id: userId,
      file_name: fileName,
      stored_file: `imports/${id}`,
      size_bytes: 10,
      mapping: null,
      list_id: null,
      status: "done",
      error: null,
      lease_owner: null,
      lease_until: null,
      created_at: now(),
      updated_at: now(),
    })
    .execute();
  return id;
}

describe("sources", () => {
  it("an import that finished tells the tenant's owners and admins, and the agent who started it only if they read contacts", async () => {
    const importId = await importRow(tenant.tenantId, agent.userId, "leads.csv");
    await db()
      .transaction()
      .execute((trx) => emit(trx, { kind: "contacts.imported", tenantId: tenant.tenantId, importId, listId: "x", createdAt: now(), count: 12 }));
    expect((await kindsOf(tenant.ownerId)).map((row) => row.kind)).toContain("import-finished");
    expect((await kindsOf(admin.userId)).map((row) => row.kind)).toContain("import-finished");
    // The agent started it and reads contacts (the built-in agent role does).
    expect((await kindsOf(agent.userId)).map((row) => row.kind)).toContain("import-finished");
    expect(await kindsOf(other.ownerId)).toEqual([]);
    const owner = await pageOf(tenant.cookie);
    expect(owner.items[0]!.message).toBe("Import of leads.csv finished: 12 contacts added");
    const german = await pageOf(tenant.cookie, "?filter=all", "de");
    expect(german.items[0]!.message).toBe("Import von leads.csv abgeschlossen: 12 Kontakte hinzugefügt");
  });

  it("an import that failed is announced by the event the runner emits and tells the account", async () => {
    const importId = await importRow(tenant.tenantId, null, "broken.csv");
    await db()
      .transaction()
      .execute((trx) => emit(trx, { kind: "contacts.import-failed", tenantId: tenant.tenantId, importId }));
    expect((await kindsOf(tenant.ownerId)).map((row) => row.kind)).toContain("import-failed");
    // Nobody started it by hand: the agent (neither owner nor admin) is not told.
    expect((await kindsOf(agent.userId)).filter((row) => row.kind === "import-failed")).toEqual([]);
  });

  it("a one-off campaign whose run concludes is completed, and that tells owners and admins, not agents", async () => {
    const campaign = await factories.campaign(tenant.tenantId, { name: "Spring calls", status: "running" });
    const concluded = await db()
      .transaction()
      .execute((trx) => concludeRun(campaign.id, { at: new Date(), timeZone: "UTC" }, trx));
    expect(concluded).toBe(true);
    expect((await db().selectFrom("campaigns").select("status").where("id", "=", campaign.id).executeTakeFirstOrThrow()).status).toBe("completed");
    const rows = await db()
      .selectFrom("notifications")
      .select(["user_id", "params", "link"])
      .where("tenant_id", "=", tenant.tenantId)
      .where("kind", "=", "campaign-completed")
      .execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual([tenant.ownerId, admin.userId].sort());
    expect(JSON.parse(rows[0]!.params)).toEqual({ name: "Spring calls" });
    expect(rows[0]!.link).toBe(`/campaigns/${campaign.id}`);
  });

  it("a ticket assigned tells the assignee only, never the member who assigned it to themselves", async () => {
    const scope = { id: tenant.tenantId, timeZone: "UTC", country: "US" };
    const made = await createTicket(
      scope,
      { subject: "Call back", description: "", priority: "normal", contactId: null, assignee: null, tags: [], callId: null },
      tenant.ownerId,
    );
    if (!made.ok) throw new Error("ticket refused");
    const support = await factories.tenantUser(tenant.tenantId, { role: "support" });
    expect(await assignTicket(tenant.tenantId, made.ticketId, support.userId, tenant.ownerId)).toMatchObject({ ok: true });
    const rows = await db()
      .selectFrom("notifications")
      .select(["user_id", "params"])
      .where("tenant_id", "=", tenant.tenantId)
      .where("kind", "=", "ticket-assigned")
      .execute();
    expect(rows.map((row) => row.user_id)).toEqual([support.userId]);
    expect(JSON.parse(rows[0]!.params)).toMatchObject({ number: made.number, subject: "Call back" });
    // Taking it oneself is no news.
    expect(await assignTicket(tenant.tenantId, made.ticketId, admin.userId, admin.userId)).toMatchObject({ ok: true });
    expect((await kindsOf(admin.userId)).filter((row) => row.kind === "ticket-assigned")).toEqual([]);
  });

  it("an appointment booked and cancelled tells owners, admins and its host", async () => {
    const organization = await factories.organization({ tenantId: tenant.tenantId, ownerId: tenant.ownerId });
    const appointment = await factories.appointment(tenant.tenantId, organization.id, {
      title: "Consultation",
      contact_name: "Ada Lovelace",
      host_user_id: agent.userId,
    });
    for (const kind of ["appointment.booked", "appointment.cancelled"] as const) {
      await db()
        .transaction()
        .execute((trx) => emit(trx, { kind, tenantId: tenant.tenantId, organizationId: organization.id, appointmentId: appointment.id, actor: "api" }));
    }
    for (const userId of [tenant.ownerId, admin.userId, agent.userId]) {
      const kinds = (await kindsOf(userId)).map((row) => row.kind);
      expect(kinds).toContain("appointment-booked");
      expect(kinds).toContain("appointment-cancelled");
    }
    expect(await kindsOf(other.ownerId)).toEqual([]);
  });
});

describe("billing sources", () => {
  it("a failed renewal or auto top-up tells owners and admins who read billing, with the amount formatted for the reader", async () => {
    const billed = await factories.tenantWithOwner();
    const billedAdmin = await factories.tenantUser(billed.tenantId, { role: "admin" });
    const billedAgent = await factories.tenantUser(billed.tenantId, { role: "agent" });
    await db()
      .transaction()
      .execute(async (trx) => {
        await emit(trx, { kind: "billing.renewal-failed", tenantId: billed.tenantId, planName: "Growth", graceEndsAt: "2026-12-05T00:00:00.000Z" });
        await emit(trx, { kind: "billing.auto-topup-failed", tenantId: billed.tenantId, amountCents: 2500, currency: "USD" });
      });
    for (const userId of [billed.ownerId, billedAdmin.userId]) {
      expect((await kindsOf(userId)).map((row) => row.kind)).toEqual(["renewal-failed", "auto-topup-failed"]);
    }
    expect(await kindsOf(billedAgent.userId)).toEqual([]);
    expect(await kindsOf(other.ownerId)).toEqual([]);
    const messages = (await pageOf(billed.cookie)).items.map((item) => item.message).sort();
    expect(messages).toEqual(["Automatic top-up of $25.00 failed", "Payment for the Growth plan failed: pay by Dec 5, 2026 to keep it"]);
    await db().deleteFrom("notifications").where("tenant_id", "=", billed.tenantId).execute();
  });
});

describe("an integration that keeps failing", () => {
  it("is announced once when its finished deliveries fail FAILING_STREAK times in a row, to owners and admins who read the hub", async () => {
    const hub = await factories.tenantWithOwner();
    const hubAgent = await factories.tenantUser(hub.tenantId, { role: "agent" });
    const organization = await factories.organization({ tenantId: hub.tenantId, ownerId: hub.ownerId });
    const integration = await factories.integration(hub.tenantId, organization.id);
    let minute = 0;
    const finished = async (status: "failed" | "succeeded") => {
      minute += 1;
      const at = new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
      const id = newId();
      await db()
        .insertInto("integration_deliveries")
        .values({
          id,
          tenant_id: hub.tenantId,
          integration_id: integration.id,
          webhook_id: null,
          target: "sync",
          event: "call.ended",
          record_kind: "call",
          record_id: id,
          record_label: "call",
          snapshot: "{}",
          idempotency_key: id,
          status,
          next_attempt_at: at,
          lease_owner: null,
          lease_until: null,
          last_status: 500,
          last_error: "boom",
          created_at: at,
          updated_at: at,
          finished_at: at,
        })
        .execute();
      await announceFailingStreak(db(), integration);
    };
    const told = async () => (await kindsOf(hub.ownerId)).filter((row) => row.kind === "integration-failing").length;
    await finished("succeeded");
    for (let i = 1; i < FAILING_STREAK; i += 1) await finished("failed");
    expect(await told()).toBe(0);
    await finished("failed");
    expect(await told()).toBe(1);
    // A longer streak is not told again; after a success, a new streak is.
    await finished("failed");
    expect(await told()).toBe(1);
    await finished("succeeded");
    for (let i = 0; i < FAILING_STREAK; i += 1) await finished("failed");
    expect(await told()).toBe(2);
    expect(await kindsOf(hubAgent.userId)).toEqual([]);
    const messages = (await pageOf(hub.cookie)).items.map((item) => item.message);
    expect(messages[0]).toBe(`Integration ${integration.crm_name} keeps failing: its last ${FAILING_STREAK} deliveries failed`);
    await db().deleteFrom("notifications").where("tenant_id", "=", hub.tenantId).execute();
  });
});

describe("the bell and the page", () => {
  it("counts the unread in the layout and drops the count when one is opened and when all are marked read", async () => {
    const before = await unreadOf(tenant.cookie);
    expect(before).toBeGreaterThanOrEqual(4);
    expect(await unreadOf(other.cookie)).toBe(0);

    const unread = await pageOf(tenant.cookie, "");
    expect(unread.total).toBe(before);
    const first = unread.items[0]!;
    const opened = await callAction(page.action, "/notifications", { cookie: tenant.cookie, form: { intent: "open", id: first.id } });
    expect(redirectLocation(opened)).toMatch(/^\/(contacts|campaigns|appointments|service-desk)\//);
    expect(await unreadOf(tenant.cookie)).toBe(before - 1);

    const second = (await pageOf(tenant.cookie, "")).items[0]!;
    const marked = await callAction(page.action, "/notifications", {
      cookie: tenant.cookie,
      form: { intent: "read", id: second.id, redirectTo: "/notifications" },
    });
    expect(redirectLocation(marked)).toBe("/notifications");
    expect(await unreadOf(tenant.cookie)).toBe(before - 2);

    const all = await callAction(page.action, "/notifications", { cookie: tenant.cookie, form: { intent: "read-all", redirectTo: "https://evil.example/" } });
    // A foreign redirect target is refused by the same-origin check.
    expect(redirectLocation(all)).toBe("/notifications");
    expect(await unreadOf(tenant.cookie)).toBe(0);
    expect((await pageOf(tenant.cookie, "")).items).toEqual([]);
    expect((await pageOf(tenant.cookie, "?filter=all")).total).toBe(before);
    // The admin's own are untouched.
    expect(await unreadOf(admin.cookie)).toBeGreaterThan(0);
  });

  it("keeps each user's notifications their own: another user's id is 404 and unchanged", async () => {
    const adminItem = (await pageOf(admin.cookie, "")).items[0]!;
    for (const cookie of [other.cookie, tenant.cookie]) {
      const result = await callAction(page.action, "/notifications", { cookie, form: { intent: "open", id: adminItem.id } }).catch((error: unknown) => error);
      expect(unwrap(result).status).toBe(404);
      await callAction(page.action, "/notifications", { cookie, form: { intent: "read", id: adminItem.id } });
    }
    expect((await pageOf(admin.cookie, "")).items.map((item) => item.id)).toContain(adminItem.id);
    expect((await pageOf(other.cookie)).items).toEqual([]);
  });

  it("pages through the list and opens only same-origin links", async () => {
    const user = await factories.tenantUser(other.tenantId, { role: "admin" });
    const rows = Array.from({ length: 25 }, (_, index) => ({
      id: newId(),
      tenant_id: other.tenantId,
      user_id: user.userId,
      kind: "campaign-completed",
      params: JSON.stringify({ name: `C${index}` }),
      link: index === 0 ? "//evil.example/x" : "/campaigns",
      created_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
      read_at: null,
    }));
    await db().insertInto("notifications").values(rows).execute();
    const first = await pageOf(user.cookie, "");
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.message).toBe("Campaign C24 completed");
    const second = await pageOf(user.cookie, "?page=2");
    expect(second.items.map((item) => item.message)).toEqual([
      "Campaign C4 completed",
      "Campaign C3 completed",
      "Campaign C2 completed",
      "Campaign C1 completed",
      "Campaign C0 completed",
    ]);
    const evil = await callAction(page.action, "/notifications", { cookie: user.cookie, form: { intent: "open", id: rows[0]!.id } });
    expect(redirectLocation(evil)).toBe("/notifications");
  });

  it("gives a user with none an empty list, the page's empty state", async () => {
    const fresh = await factories.tenantWithOwner();
    const view = await pageOf(fresh.cookie, "?filter=all");
    expect(view.items).toEqual([]);
  });
});

describe("the daily digest", () => {
  const emailsTo = (address: string) => {
    const dir = getEnv().outboxDir;
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { to: string; subject: string; text: string })
      .filter((message) => message.to === address);
  };

  it("is chosen on /profile and sends one email per user and day with the unread since the last one, translated", async () => {
    const digestTenant = await factories.tenantWithOwner({ country: "DE" });
    const chosen = await callAction(profile.action, "/profile", { cookie: digestTenant.cookie, form: { intent: "update-digest", digest: "daily" } });
    expect(redirectLocation(chosen)).toBe("/profile");
    const bad = await callAction(profile.action, "/profile", { cookie: digestTenant.cookie, form: { intent: "update-digest", digest: "hourly" } }).catch(
      (error: unknown) => error,
    );
    expect(unwrap(bad).status).toBe(400);

    const campaign = await factories.campaign(digestTenant.tenantId, { name: "Herbst", status: "running" });
    await db()
      .transaction()
      .execute((trx) => concludeRun(campaign.id, { at: new Date(), timeZone: "UTC" }, trx));
    // Someone who chose nothing gets nothing: the owner of the first tenant has unread ones too.
    expect(await runNotificationDigests(new Date())).toBe(1);
    expect(await runNotificationDigests(new Date())).toBe(0);
    await runOutboxJobs();
    const sent = emailsTo(digestTenant.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Voxboard: 1 ungelesene Benachrichtigung");
    expect(sent[0]!.text).toContain("- Kampagne Herbst abgeschlossen");
    expect(emailsTo(tenant.email)).toHaveLength(0);

    // The next day only what is new since: one line, and a rerun that day sends nothing more.
    const next = await factories.campaign(digestTenant.tenantId, { name: "Winter", status: "running" });
    await db()
      .transaction()
      .execute((trx) => concludeRun(next.id, { at: new Date(), timeZone: "UTC" }, trx));
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await runNotificationDigests(tomorrow)).toBe(1);
    expect(await runNotificationDigests(tomorrow)).toBe(0);
    await runOutboxJobs();
    const both = emailsTo(digestTenant.email);
    expect(both).toHaveLength(2);
    const latest = both.find((message) => message.text.includes("Winter"))!;
    expect(latest.text).not.toContain("Herbst");
  });
});
