import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { hasSeenWizard, loadProfileOptions, markWizardSeen, savePhoneIfChanged, saveProfileOptions } from "~/features/onboarding/onboarding.server";
import * as overview from "~/routes/_dashboard+/overview";
import * as help from "~/routes/_dashboard+/help";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { refuseWrites } from "../support/db-faults";
import { tenantUser, tenantWithOwner } from "../support/factories";

/*
 * The overview's onboarding wizard on the server (docs/product/behaviour.md#onboarding-wizard):
 * seen flags per user and wizard type, the phone and quick profile steps,
 * each user's own and each tenant's own. Runs on SQLite and on PostgreSQL.
 */

beforeAll(prepareTestDatabase);

type OverviewData = Awaited<ReturnType<typeof overview.loader>>;

async function loadOverview(cookie: string, path = "/overview") {
  const result = unwrap(await callLoader(overview.loader, path, { cookie }));
  expect(result.status).toBe(200);
  return result.value as OverviewData;
}

const userRow = (id: string) => getDb().selectFrom("users").select(["phone", "caller_phone", "updated_at"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("seen flags", () => {
  it("are kept per user and wizard type", async () => {
    const first = await tenantWithOwner();
    const second = await tenantWithOwner();
    expect(await hasSeenWizard(first.tenantId, first.ownerId, "overview")).toBe(false);
    expect(await markWizardSeen(first.tenantId, first.ownerId, "overview")).toBe(true);
    // Once only: a second marking says it was already seen.
    expect(await markWizardSeen(first.tenantId, first.ownerId, "overview")).toBe(false);
    expect(await hasSeenWizard(first.tenantId, first.ownerId, "overview")).toBe(true);
    expect(await hasSeenWizard(first.tenantId, first.ownerId, "campaigns")).toBe(false);
    expect(await hasSeenWizard(second.tenantId, second.ownerId, "overview")).toBe(false);
  });

  it("cannot be written for a user of another tenant", async () => {
    const first = await tenantWithOwner();
    const second = await tenantWithOwner();
    expect(await markWizardSeen(first.tenantId, second.ownerId, "overview")).toBe(false);
    expect(await hasSeenWizard(second.tenantId, second.ownerId, "overview")).toBe(false);
    expect(await hasSeenWizard(first.tenantId, second.ownerId, "overview")).toBe(false);
  });

  it("open the wizard by itself on a user's first overview, and never again", async () => {
    const { cookie, tenantId, ownerId } = await tenantWithOwner();
    const first = await loadOverview(cookie);
    expect(first.wizard).toMatchObject({ step: "welcome", auto: true, profile: { inbound: true, outbound: true, liveCall: true }, canSave: true });
    expect(await hasSeenWizard(tenantId, ownerId, "overview")).toBe(true);
    expect((await loadOverview(cookie)).wizard).toBeNull();
    // Asked for by URL it opens at that step, whether seen or not.
    expect((await loadOverview(cookie, "/overview?onboarding=profile&range=today")).wizard).toMatchObject({ step: "profile", auto: false });
    // An unknown step is the plain overview.
    expect((await loadOverview(cookie, "/overview?onboarding=nonsense")).wizard).toBeNull();
  });

  it("are each user's own: a colleague still gets the wizard", async () => {
    const { cookie, tenantId } = await tenantWithOwner();
    await loadOverview(cookie);
    const colleague = await tenantUser(tenantId, { role: "agent" });
    expect((await loadOverview(colleague.cookie)).wizard).toMatchObject({ step: "welcome", auto: true, canSave: false });
  });

  it("count as seen for the demo's people", async () => {
    expect((await loadOverview(await sessionCookieFor("owner@demo.test"))).wizard).toBeNull();
  });
});

describe("the phone step", () => {
  it("saves a changed number as phone and caller phone, and moves on to the quick profile", async () => {
    const { cookie, ownerId } = await tenantWithOwner({ phone: "4165550160" });
    const result = await callAction(overview.action, "/overview?onboarding=phone&range=today", { cookie, form: { intent: "phone", phone: "(416) 555-0199" } });
    expect(redirectLocation(result)).toBe("/overview?onboarding=profile&range=today");
    expect(await userRow(ownerId)).toMatchObject({ phone: "+14165550199", caller_phone: "+14165550199" });
  });

  it("saves nothing when the number is the stored one, however it is typed", async () => {
    const { cookie, ownerId, tenantId } = await tenantWithOwner({ phone: "4165550160" });
    // Registration stores the caller phone too; make it differ, so a write would show.
    await getDb().updateTable("users").set({ caller_phone: "+14165550111" }).where("id", "=", ownerId).execute();
    const before = await userRow(ownerId);
    const result = await callAction(overview.action, "/overview?onboarding=phone", { cookie, form: { intent: "phone", phone: "+1 (416) 555-0160" } });
    expect(redirectLocation(result)).toBe("/overview?onboarding=profile");
    expect(await userRow(ownerId)).toEqual(before);
    expect(await savePhoneIfChanged(tenantId, ownerId, "416 555 0160", "US")).toEqual({ changed: false });
  });

  it("refuses an empty and a malformed number with the step's messages, saving nothing", async () => {
    const { cookie, ownerId } = await tenantWithOwner({ phone: "4165550160" });
    for (const [phone, message] of [
      ["  ", "validation.phoneRequired"],
      ["12345", "validation.phoneInvalid"],
    ]) {
      const result = unwrap(await callAction(overview.action, "/overview?onboarding=phone", { cookie, form: { intent: "phone", phone: phone! } }));
      expect(result.status).toBe(400);
      expect(result.value).toMatchObject({ intent: "phone", result: { error: { phone: [message] } } });
    }
    expect((await userRow(ownerId)).phone).toBe("+14165550160");
  });

  it("says 'Failed to update phone number' when the database refuses, and keeps the stored number", async () => {
    const { cookie, ownerId } = await tenantWithOwner({ phone: "4165550160" });
    const undo = await refuseWrites("users", "update");
    try {
      const result = unwrap(await callAction(overview.action, "/overview?onboarding=phone", { cookie, form: { intent: "phone", phone: "4165550123" } }));
      expect(result.status).toBe(500);
      expect(result.value).toMatchObject({ intent: "phone", result: { error: { "": ["failures.phoneUpdateFailed"] }, initialValue: { phone: "4165550123" } } });
    } finally {
      await undo();
    }
    expect((await userRow(ownerId)).phone).toBe("+14165550160");
  });

  it("changes only the signed-in user's own number", async () => {
    const first = await tenantWithOwner({ phone: "4165550160" });
    const colleague = await tenantUser(first.tenantId, { role: "admin", phone: "+14165550177" });
    const other = await tenantWithOwner({ phone: "4165550160" });
    await callAction(overview.action, "/overview?onboarding=phone", {
      cookie: first.cookie,
      form: { intent: "phone", phone: "4165550188", userId: other.ownerId },
    });
    expect((await userRow(first.ownerId)).phone).toBe("+14165550188");
    expect((await userRow(colleague.userId)).phone).toBe("+14165550177");
    expect((await userRow(other.ownerId)).phone).toBe("+14165550160");
    // The data function checks the tenant too.
    await expect(savePhoneIfChanged(first.tenantId, other.ownerId, "4165550100", "US")).rejects.toThrow();
  });

  it("is refused to a role that may not change its profile", async () => {
    const { tenantId } = await tenantWithOwner();
    const agent = await tenantUser(tenantId, { role: "agent", phone: "+14165550177" });
    const result = await callAction(overview.action, "/overview?onboarding=phone", { cookie: agent.cookie, form: { intent: "phone", phone: "4165550100" } });
    expect(unwrap(result).status).toBe(403);
    expect((await userRow(agent.userId)).phone).toBe("+14165550177");
  });
});

describe("the quick profile step", () => {
  it("stores the ticked call types per user and moves on to the nav tour", async () => {
    const { cookie, tenantId, ownerId } = await tenantWithOwner();
    expect(await loadProfileOptions(tenantId, ownerId)).toEqual({ inbound: true, outbound: true, liveCall: true });
    const result = await callAction(overview.action, "/overview?onboarding=profile", { cookie, form: { intent: "profile", inbound: "on", liveCall: "on" } });
    expect(redirectLocation(result)).toBe("/overview?onboarding=tour");
    expect(await loadProfileOptions(tenantId, ownerId)).toEqual({ inbound: true, outbound: false, liveCall: true });
    // Changed again: one row, updated.
    await callAction(overview.action, "/overview?onboarding=profile", { cookie, form: { intent: "profile", outbound: "on" } });
    expect(await loadProfileOptions(tenantId, ownerId)).toEqual({ inbound: false, outbound: true, liveCall: false });
    const rows = await getDb().selectFrom("onboarding_profiles").selectAll().where("user_id", "=", ownerId).execute();
    expect(rows).toHaveLength(1);
    expect((await loadOverview(cookie, "/overview?onboarding=profile")).wizard?.profile).toEqual({ inbound: false, outbound: true, liveCall: false });
  });

  it("keeps each user's and each tenant's choices apart", async () => {
    const first = await tenantWithOwner();
    const colleague = await tenantUser(first.tenantId, { role: "admin" });
    const other = await tenantWithOwner();
    await saveProfileOptions(first.tenantId, first.ownerId, { inbound: false, outbound: false, liveCall: true });
    expect(await loadProfileOptions(first.tenantId, colleague.userId)).toEqual({ inbound: true, outbound: true, liveCall: true });
    expect(await loadProfileOptions(other.tenantId, other.ownerId)).toEqual({ inbound: true, outbound: true, liveCall: true });
    // Another tenant's id reads the defaults, not the row, and cannot write one.
    expect(await loadProfileOptions(other.tenantId, first.ownerId)).toEqual({ inbound: true, outbound: true, liveCall: true });
    await expect(saveProfileOptions(other.tenantId, first.ownerId, { inbound: false, outbound: false, liveCall: false })).rejects.toThrow();
    expect(await loadProfileOptions(first.tenantId, first.ownerId)).toEqual({ inbound: false, outbound: false, liveCall: true });
  });

  it("answers an unknown intent with a 400", async () => {
    const { cookie } = await tenantWithOwner();
    expect(unwrap(await callAction(overview.action, "/overview", { cookie, form: { intent: "nonsense" } })).status).toBe(400);
  });
});

describe("the help page", () => {
  it("lists the steps of the tour it is asked for, and falls back to the tour every page has", async () => {
    const { cookie } = await tenantWithOwner();
    const campaigns = unwrap(await callLoader(help.loader, "/help?type=campaigns&from=/campaigns", { cookie })).value as Awaited<
      ReturnType<typeof help.loader>
    >;
    expect(campaigns).toMatchObject({ type: "campaigns", steps: ["page", "create", "list"], back: "/campaigns", title: "Help: Campaigns" });
    const tab = unwrap(await callLoader(help.loader, "/help?type=ai-agent&tab=privacy", { cookie })).value as Awaited<ReturnType<typeof help.loader>>;
    expect(tab).toMatchObject({ tab: "privacy", textKey: "ai-agent-tabs", steps: ["tabs", "privacy", "save"], back: null });
    const unknown = unwrap(await callLoader(help.loader, "/help?type=nonsense&from=//evil.example", { cookie })).value as Awaited<
      ReturnType<typeof help.loader>
    >;
    expect(unknown).toMatchObject({ type: "main", back: null });
  });
});
