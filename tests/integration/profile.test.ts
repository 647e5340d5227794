import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { DEMO_PASSWORD } from "~/seed/seed.server";
import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/access/gate.server";
import { verifyPassword } from "~/features/auth/password.server";
import { PROFILE_INTENTS } from "~/features/profile/profile-forms";
import * as avatarRoute from "~/routes/resources+/avatar.$userId";
import * as profile from "~/routes/_dashboard+/profile";
import { loadContext, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, settle, unwrap } from "../support/app";
import { tenantUser, tenantWithOwner } from "../support/factories";
import { avatarKey, isStored, storedBytes } from "../support/stored-files";

beforeAll(prepareTestDatabase);

const PNG_BYTES = fs.readFileSync(path.resolve("public/user.png"));

type Form = Record<string, string> | FormData;

function post(cookie: string, form: Form, language?: "en" | "de") {
  return settle(() => profile.action({ request: makeRequest("/profile", { cookie, form, language }), params: {}, context: loadContext() }));
}

function getProfile(cookie: string) {
  return settle(() => profile.loader({ request: makeRequest("/profile", { cookie }), params: {}, context: loadContext() }));
}

function getAvatar(cookie: string, userId: string) {
  return settle(() => avatarRoute.loader({ request: makeRequest(`/resources/avatar/${userId}`, { cookie }), params: { userId }, context: loadContext() }));
}

/** The field errors of a failed submission, and which form they were for. */
function failure(result: unknown) {
  const { status, value } = unwrap(result);
  const reply = value as { intent: string; result: { error?: Record<string, string[] | null> } } | undefined;
  return { status, intent: reply?.intent, errors: reply?.result.error ?? {} };
}

function userRow(email: string) {
  return getDb().selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

function uploadForm(file: File) {
  const form = new FormData();
  form.append("intent", "upload-picture");
  form.append("picture", file);
  return form;
}

/** A second owner in the demo tenant, so deleting them must leave the tenant standing. */
async function extraDemoUser(email: string) {
  const owner = await userRow("owner@demo.test");
  const { cookie } = await tenantUser(owner!.tenant_id, {
    role: "owner",
    email,
    name: "Extra Person",
    phone: "+14165550160",
    password: DEMO_PASSWORD,
    emailVerified: false,
  });
  return { tenantId: owner!.tenant_id, cookie };
}

describe("/profile loader", () => {
  it("shows the owner's own details and lets them edit", async () => {
    const result = await getProfile(await sessionCookieFor("owner@demo.test"));
    const { status, value } = unwrap(result);
    expect(status).toBe(200);
    expect(value).toMatchObject({ profile: { email: "owner@demo.test", emailVerified: true, avatarUrl: "/user.png" }, canUpdate: true, canDelete: true });
  });

  it("is readable but not editable for the read-only agent", async () => {
    const { value } = unwrap(await getProfile(await sessionCookieFor("agent@demo.test")));
    expect(value).toMatchObject({ profile: { email: "agent@demo.test" }, canUpdate: false, canDelete: false });
  });

  it("sends a visitor without a session to /login", async () => {
    expect(redirectLocation(await getProfile(""))).toBe("/login?redirectTo=%2Fprofile");
  });
});

describe("details", () => {
  it("saves name, phone and caller phone in E.164 and answers with a toast", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const result = await post(cookie, { intent: "update-details", name: "Olivia Renée Owner", phone: "(416) 555-0199", callerPhone: "44 20 7946 0958" });
    expect(redirectLocation(result)).toBe("/profile");
    expect((result as Response).headers.get("Set-Cookie")).toContain("__toast=");
    const row = await userRow("owner@demo.test");
    expect(row).toMatchObject({ name: "Olivia Renée Owner", phone: "+14165550199", caller_phone: "+442079460958" });
  });

  it("treats an empty caller phone as none", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    expect(redirectLocation(await post(cookie, { intent: "update-details", name: "Olivia Owner", phone: "+14165550101", callerPhone: "" }))).toBe("/profile");
    expect((await userRow("owner@demo.test"))?.caller_phone).toBeNull();
  });

  it.each([
    [{ name: "O" }, "name", "validation.nameTooShort"],
    [{ name: "R2-D2 Droid" }, "name", "validation.nameLettersOnly"],
    [{ name: "" }, "name", "validation.nameRequired"],
    [{ phone: "12345" }, "phone", "validation.phoneInvalid"],
    [{ phone: "" }, "phone", "validation.phoneRequired"],
    [{ callerPhone: "999" }, "callerPhone", "validation.phoneInvalid"],
  ])("rejects %o with %s: %s and saves nothing", async (change, field, key) => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const before = await userRow("owner@demo.test");
    const result = await post(cookie, { intent: "update-details", name: "Someone Else", phone: "4165550111", callerPhone: "", ...change });
    const { status, intent, errors } = failure(result);
    expect(status).toBe(400);
    expect(intent).toBe("update-details");
    expect(errors[field]).toEqual([key]);
    const after = await userRow("owner@demo.test");
    expect(after).toMatchObject({ name: before!.name, phone: before!.phone, caller_phone: before!.caller_phone });
  });
});

describe("theme colour", () => {
  it("saves one of the ten palette colours and the root loader's user gets it", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    expect(redirectLocation(await post(cookie, { intent: "update-theme", themeColor: "GreenLime" }))).toBe("/profile");
    expect((await userRow("owner@demo.test"))?.theme_color).toBe("GreenLime");
  });

  it("refuses a colour that is not in the palette", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const { status, errors } = failure(await post(cookie, { intent: "update-theme", themeColor: "HotPink" }));
    expect(status).toBe(400);
    expect(errors.themeColor).toEqual(["validation.themeColorRequired"]);
    expect((await userRow("owner@demo.test"))?.theme_color).toBe("GreenLime");
  });
});

describe("password change", () => {
  const email = "password-change@example.test";
  const newPassword = "Brand-new-pass-77!";
  let cookieHere: string;
  let cookieElsewhere: string;

  beforeAll(async () => {
    ({ cookie: cookieHere } = await tenantWithOwner({ email, name: "Test Person", phone: "4165550150" }));
    cookieElsewhere = await sessionCookieFor(email);
  });

  it("needs the old and the new password", async () => {
    const { status, errors } = failure(await post(cookieHere, { intent: "change-password", currentPassword: "", newPassword: "" }));
    expect(status).toBe(400);
    expect(errors.currentPassword).toEqual(["validation.currentPasswordRequired"]);
    expect(errors.newPassword).toEqual(["validation.newPasswordRequired"]);
  });

  it("holds the new password to the registration rules", async () => {
    const { errors } = failure(await post(cookieHere, { intent: "change-password", currentPassword: DEMO_PASSWORD, newPassword: "short" }));
    expect(errors.newPassword).toEqual(["validation.passwordRules"]);
  });

  it("refuses a wrong old password and keeps the stored one", async () => {
    const result = await post(cookieHere, { intent: "change-password", currentPassword: "Wrong-pass-2026!", newPassword });
    const { status, errors } = failure(result);
    expect(status).toBe(400);
    expect(errors.currentPassword).toEqual(["validation.invalidPassword"]);
    // Passwords are never sent back into the form.
    expect(JSON.stringify(unwrap(result).value)).not.toContain("Wrong-pass-2026!");
    expect(await verifyPassword((await userRow(email))!.password_hash, DEMO_PASSWORD)).toBe(true);
  });

  it("changes the password, ends the other sessions and keeps this one", async () => {
    const result = await post(cookieHere, { intent: "change-password", currentPassword: DEMO_PASSWORD, newPassword });
    expect(redirectLocation(result)).toBe("/profile");
    expect((result as Response).headers.get("Set-Cookie")).toContain("__toast=");
    expect(await verifyPassword((await userRow(email))!.password_hash, newPassword)).toBe(true);

    const elsewhere = await settle(() => requireUser(makeRequest("/overview", { cookie: cookieElsewhere })));
    expect(redirectLocation(elsewhere)).toMatch(/^\/login/);
    expect(unwrap(await getProfile(cookieHere)).status).toBe(200);
  });
});

describe("profile picture", () => {
  it("refuses text bytes dressed up as a PNG", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const fake = new File([new TextEncoder().encode("just some notes, not a picture")], "notes.png", { type: "image/png" });
    const { status, intent, errors } = failure(await post(cookie, uploadForm(fake)));
    expect(status).toBe(400);
    expect(intent).toBe("upload-picture");
    expect(errors.picture).toEqual(["validation.pictureType"]);
    expect((await userRow("owner@demo.test"))?.profile_picture).toBeNull();
  });

  it("refuses a file type outside the image list", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], "logo.svg", { type: "image/svg+xml" });
    expect(failure(await post(cookie, uploadForm(svg))).errors.picture).toEqual(["validation.pictureType"]);
  });

  it("refuses a picture over MAX_AVATAR_BYTES with a message at the field", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const big = new Uint8Array(getEnv().MAX_AVATAR_BYTES + 1);
    big.set(PNG_BYTES.subarray(0, 8));
    const { status, intent, errors } = failure(await post(cookie, uploadForm(new File([big], "huge.png", { type: "image/png" }))));
    expect(status).toBe(400);
    expect(intent).toBe("upload-picture");
    expect(errors.picture).toEqual(["validation.pictureTooLarge"]);
    expect((await userRow("owner@demo.test"))?.profile_picture).toBeNull();
  });

  it("asks for a file when none was chosen", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const empty = new File([], "", { type: "application/octet-stream" });
    expect(failure(await post(cookie, uploadForm(empty))).errors.picture).toEqual(["validation.pictureRequired"]);
  });

  it("stores a real PNG, serves it to the same tenant only, and replaces it on the next upload", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const result = await post(cookie, uploadForm(new File([PNG_BYTES], "me.png", { type: "image/png" })));
    expect(redirectLocation(result)).toBe("/profile");
    const owner = (await userRow("owner@demo.test"))!;
    expect(owner.profile_picture).toMatch(new RegExp(`^${owner.id}-[0-9a-f]{16}\\.png$`));
    const firstFile = avatarKey(owner.profile_picture!);
    expect((await storedBytes(firstFile))!.equals(PNG_BYTES)).toBe(true);

    const { value } = unwrap(await getProfile(cookie));
    expect((value as { profile: { avatarUrl: string } }).profile.avatarUrl).toBe(`/resources/avatar/${owner.id}?v=${owner.profile_picture}`);

    const served = await getAvatar(await sessionCookieFor("agent@demo.test"), owner.id);
    expect(served).toBeInstanceOf(Response);
    const response = served as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(PNG_BYTES)).toBe(true);

    const foreign = (await getAvatar(await sessionCookieFor("trial@demo.test"), owner.id)) as Response;
    expect(foreign.status).toBe(404);
    expect(redirectLocation(await getAvatar("", owner.id))).toMatch(/^\/login/);

    // A second upload takes the place of the first: new name, old file gone.
    expect(redirectLocation(await post(cookie, uploadForm(new File([PNG_BYTES], "again.png", { type: "image/png" }))))).toBe("/profile");
    const replaced = (await userRow("owner@demo.test"))!.profile_picture!;
    expect(replaced).not.toBe(owner.profile_picture);
    expect(await isStored(firstFile)).toBe(false);
    expect(await isStored(avatarKey(replaced))).toBe(true);
  });

  it("removes the picture and its file", async () => {
    const cookie = await sessionCookieFor("owner@demo.test");
    const owner = (await userRow("owner@demo.test"))!;
    expect(owner.profile_picture).not.toBeNull();
    expect(redirectLocation(await post(cookie, { intent: "remove-picture" }))).toBe("/profile");
    expect((await userRow("owner@demo.test"))?.profile_picture).toBeNull();
    expect(await isStored(avatarKey(owner.profile_picture!))).toBe(false);
    expect(((await getAvatar(cookie, owner.id)) as Response).status).toBe(404);
  });
});

describe("account deletion", () => {
  it("keeps the account when the phrase is wrong", async () => {
    const { cookie } = await extraDemoUser("keep-me@example.test");
    for (const confirmation of ["", "delete account", "Delete My Account", "mein Konto löschen"]) {
      const { status, intent, errors } = failure(await post(cookie, { intent: "delete-account", confirmation }, "en"));
      expect(status).toBe(400);
      expect(intent).toBe("delete-account");
      expect(errors.confirmation).toEqual(["validation.deleteConfirmationInvalid"]);
    }
    expect(await userRow("keep-me@example.test")).toBeDefined();
  });

  it("deletes a user of a shared tenant with the English phrase, signs them out and keeps the tenant", async () => {
    const { tenantId, cookie } = await extraDemoUser("leave-en@example.test");
    const result = await post(cookie, { intent: "delete-account", confirmation: "delete my account" }, "en");
    expect(redirectLocation(result)).toBe("/login");
    const setCookie = (result as Response).headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/__session=;.*Max-Age=0/i);
    expect(setCookie).toContain("__toast=");
    expect(await userRow("leave-en@example.test")).toBeUndefined();
    expect(await getDb().selectFrom("tenants").select("id").where("id", "=", tenantId).executeTakeFirst()).toBeDefined();
    expect(redirectLocation(await settle(() => requireUser(makeRequest("/overview", { cookie }))))).toMatch(/^\/login/);
  });

  it("deletes the last user with the German phrase, with their tenant, sessions and picture", async () => {
    const email = "leave-de@example.test";
    const { ownerId: id, tenantId, cookie } = await tenantWithOwner({ email, name: "Test Person", phone: "4165550150" });
    expect(failure(await post(cookie, { intent: "delete-account", confirmation: "delete my account" }, "de")).status).toBe(400);
    expect(redirectLocation(await post(cookie, uploadForm(new File([PNG_BYTES], "me.png", { type: "image/png" }))))).toBe("/profile");
    const picture = (await userRow(email))!.profile_picture!;

    const result = await post(cookie, { intent: "delete-account", confirmation: "mein Konto löschen" }, "de");
    expect(redirectLocation(result)).toBe("/login");
    expect(await userRow(email)).toBeUndefined();
    expect(await getDb().selectFrom("tenants").select("id").where("id", "=", tenantId).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom("subscriptions").select("id").where("tenant_id", "=", tenantId).executeTakeFirst()).toBeUndefined();
    expect(await getDb().selectFrom("sessions").select("id_hash").where("user_id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await isStored(avatarKey(picture))).toBe(false);
  });
});

describe("read-only agent", () => {
  const forms: Record<(typeof PROFILE_INTENTS)[number], () => Form> = {
    "update-details": () => ({ intent: "update-details", name: "Agent Changed", phone: "4165550102", callerPhone: "" }),
    "upload-picture": () => uploadForm(new File([PNG_BYTES], "me.png", { type: "image/png" })),
    "remove-picture": () => ({ intent: "remove-picture" }),
    "update-theme": () => ({ intent: "update-theme", themeColor: "PinkQueen" }),
    "change-password": () => ({ intent: "change-password", currentPassword: DEMO_PASSWORD, newPassword: "Agent-new-pass-1!" }),
    "delete-account": () => ({ intent: "delete-account", confirmation: "delete my account" }),
  };

  it.each(PROFILE_INTENTS)("gets 403 on %s and nothing changes", async (intent) => {
    const cookie = await sessionCookieFor("agent@demo.test");
    const before = await userRow("agent@demo.test");
    const result = await post(cookie, forms[intent](), "en");
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(403);
    expect(await userRow("agent@demo.test")).toEqual(before);
  });
});
