import { beforeAll, describe, expect, it } from "vitest";
import { getDb, now } from "~/db/db.server";
import { popToast, toastCookie } from "~/lib/toast/toast.server";
import * as deleteRoute from "~/routes/_dashboard+/recordings+/$id.delete";
import * as detailRoute from "~/routes/_dashboard+/recordings+/$id";
import * as feedbackRoute from "~/routes/_dashboard+/recordings+/$id.feedback";
import { callAction, callLoader, prepareTestDatabase, redirectLocation, sessionCookieFor, unwrap } from "../support/app";
import { attachAudio, insertCall, ownerOfOtherTenant, tenantIdOf } from "../support/recording-fixtures";
import { isStored } from "../support/stored-files";

beforeAll(prepareTestDatabase);

let owner: string;
let agent: string;
let otherOwner: string;
let demoTenant: string;

beforeAll(async () => {
  owner = await sessionCookieFor("owner@demo.test");
  agent = await sessionCookieFor("agent@demo.test");
  otherOwner = (await ownerOfOtherTenant()).cookie;
  demoTenant = await tenantIdOf("owner@demo.test");
});

const callRow = (id: string) => getDb().selectFrom("calls").selectAll().where("id", "=", id).executeTakeFirst();

/** The toast a redirect carries, decoded the way the root loader would. */
async function toastOf(response: unknown) {
  if (!(response instanceof Response)) return null;
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__toast="));
  if (!cookie) return null;
  const { toast } = await popToast(new Request("http://localhost/", { headers: { Cookie: cookie.split(";")[0]! } }));
  return toast;
}

type DetailData = Awaited<ReturnType<typeof detailRoute.loader>>;

describe("GET /recordings/<id>", () => {
  it("shows the tenant's recording with its parts", async () => {
    const id = await insertCall(demoTenant);
    await attachAudio(demoTenant, id);
    const result = await callLoader(detailRoute.loader, `/recordings/${id}`, { cookie: owner, params: { id } });
    const { status, value } = unwrap(result);
    expect(status).toBe(200);
    const data = value as DetailData;
    expect(data.recording.id).toBe(id);
    expect(data.recording.hasAudio).toBe(true);
    expect(data.recording.transcript).toHaveLength(3);
    expect(data.recording.transcript[1]).toEqual({ speaker: "Customer", text: "Hi, I would like to renew my contract.", startSeconds: 4.5 });
    expect(data.recording.transcript[2]).not.toHaveProperty("startSeconds");
    expect(data.title).toBe("Call with Jonas Müller · Spring Renewals");
    expect(data.recording.extractedData).toEqual([
      { key: "contractId", label: "Contract ID", value: { kind: "text", text: "C-1042" } },
      { key: "renew", label: "Renew", value: { kind: "text", text: "Yes" } },
    ]);
    expect(data.recording.caller).toContainEqual({ key: "email", label: "Email", value: { kind: "text", text: "jonas@example.test" } });
    expect(data.timeZone).toBe("America/Toronto");
    expect(data.startAt).toBeNull();
    expect(data.returnTo).toBeNull();
    expect(data.permissions).toEqual({ update: true, delete: true });
  });

  it("labels caller details and extracted data in words and formats their values in the user's language and the tenant's zone", async () => {
    const id = await insertCall(demoTenant, {
      caller: { name: "Anna Schmidt", company: "Schmidt KG", phone: "+4930123456", language: "de" },
      extractedData: {
        callbackTime: "2026-11-24T10:15",
        confirmed: false,
        budget: 12500.5,
        contactedAt: "2026-03-02T15:04:05Z",
        preferences: { preferred_day: "2026-11-24" },
      },
    });
    const read = async (language: "en" | "de") =>
      unwrap(await callLoader(detailRoute.loader, `/recordings/${id}`, { cookie: owner, params: { id }, language })).value as DetailData;
    const text = (entries: DetailData["recording"]["caller"]) =>
      Object.fromEntries(entries.map((entry) => [entry.label, entry.value.kind === "text" ? entry.value.text : entry.value.kind]));

    const en = await read("en");
    expect(text(en.recording.caller)).toEqual({ Name: "Anna Schmidt", Company: "Schmidt KG", Phone: "+49 30 123456", Language: "German" });
    expect(text(en.recording.extractedData)).toEqual({
      "Callback time": expect.stringMatching(/^Nov 24, 2026, 10:15\sAM$/),
      Confirmed: "No",
      Budget: "12,500.5",
      // An instant is shown in the tenant's zone (Toronto, five hours behind UTC in March).
      "Contacted at": expect.stringMatching(/^Mar 2, 2026, 10:04\sAM$/),
      Preferences: "entries",
    });
    expect(en.recording.extractedData.find((entry) => entry.key === "preferences")?.value).toEqual({
      kind: "entries",
      entries: [{ key: "preferred_day", label: "Preferred day", value: { kind: "text", text: "Nov 24, 2026", dateTime: "2026-11-24" } }],
    });

    const de = await read("de");
    expect(text(de.recording.caller)).toMatchObject({ Name: "Anna Schmidt", Telefon: "+49 30 123456", Sprache: "Deutsch" });
    expect(text(de.recording.extractedData)).toMatchObject({ Rückrufzeit: "24.11.2026, 10:15", Bestätigt: "Nein", Budget: "12.500,5" });
    expect(de.title).toBe("Anruf mit Jonas Müller · Spring Renewals");
  });

  it("titles a call without a name by the other party's number, and one without either by its time", async () => {
    const byCaller = await insertCall(demoTenant, { userName: null, caller: { name: "Anna Schmidt" }, campaignName: null });
    const byNumber = await insertCall(demoTenant, { userName: null, caller: null, direction: "outbound", to: "+14165550199", campaignName: "Spring leads" });
    const byTime = await insertCall(demoTenant, { userName: null, caller: null, direction: "inbound", from: null, campaignName: null });
    const titleOf = async (id: string, language: "en" | "de" = "en") =>
      (unwrap(await callLoader(detailRoute.loader, `/recordings/${id}`, { cookie: owner, params: { id }, language })).value as DetailData).title;
    expect(await titleOf(byCaller)).toBe("Call with Anna Schmidt");
    expect(await titleOf(byNumber)).toBe("Call with +1 (416) 555-0199 · Spring leads");
    expect(await titleOf(byTime)).toMatch(/^Call on Mar 2, 2026, 10:04\sAM$/);
    expect(await titleOf(byTime, "de")).toBe("Anruf vom 02.03.2026, 10:04");
  });

  it("starts the audio at ?t= and keeps a same-site returnTo", async () => {
    const id = await insertCall(demoTenant);
    const returnTo = "/recordings?q=renew&page=2";
    const result = await callLoader(detailRoute.loader, `/recordings/${id}?t=42&returnTo=${encodeURIComponent(returnTo)}`, { cookie: owner, params: { id } });
    const data = unwrap(result).value as DetailData;
    expect(data.startAt).toBe(42);
    expect(data.returnTo).toBe(returnTo);
  });

  it("ignores a foreign returnTo and a nonsensical ?t=", async () => {
    const id = await insertCall(demoTenant);
    const result = await callLoader(detailRoute.loader, `/recordings/${id}?t=-5&returnTo=${encodeURIComponent("//evil.test/x")}`, {
      cookie: owner,
      params: { id },
    });
    const data = unwrap(result).value as DetailData;
    expect(data.startAt).toBeNull();
    expect(data.returnTo).toBeNull();
  });

  it("lets a read-only agent view but not change", async () => {
    const id = await insertCall(demoTenant);
    const data = unwrap(await callLoader(detailRoute.loader, `/recordings/${id}`, { cookie: agent, params: { id } })).value as DetailData;
    expect(data.permissions).toEqual({ update: false, delete: false });
  });

  it("is a 404 for another tenant's recording and for an unknown id", async () => {
    const id = await insertCall(demoTenant);
    const foreign = await callLoader(detailRoute.loader, `/recordings/${id}`, { cookie: otherOwner, params: { id } });
    expect(unwrap(foreign).status).toBe(404);
    const unknown = await callLoader(detailRoute.loader, "/recordings/nope", { cookie: owner, params: { id: "nope" } });
    expect(unwrap(unknown).status).toBe(404);
  });
});

describe("/recordings/<id>/delete", () => {
  it("shows a confirmation page with the call's summary line", async () => {
    const id = await insertCall(demoTenant);
    const result = await callLoader(deleteRoute.loader, `/recordings/${id}/delete?returnTo=%2Frecordings%3Fpage%3D3`, { cookie: owner, params: { id } });
    const { status, value } = unwrap(result);
    expect(status).toBe(200);
    const data = value as Awaited<ReturnType<typeof deleteRoute.loader>>;
    expect(data.call.summaryLine).toBe("Customer wants to renew the contract.");
    expect(data.returnTo).toBe("/recordings?page=3");
  });

  it("removes the row and the audio file, keeps the event history and redirects with a toast", async () => {
    const id = await insertCall(demoTenant);
    const { objectKey } = await attachAudio(demoTenant, id);
    await getDb()
      .insertInto("call_events")
      .values({ tenant_id: demoTenant, event_id: `evt-${id}`, type: "ended", call_id: id, received_at: now() })
      .execute();
    expect(await isStored(objectKey)).toBe(true);

    const result = await callAction(deleteRoute.action, `/recordings/${id}/delete`, {
      cookie: owner,
      params: { id },
      form: { returnTo: "/recordings?q=renew" },
    });
    expect(redirectLocation(result)).toBe("/recordings?q=renew");
    expect(await toastOf(result)).toEqual({ type: "success", key: "recording:toast.deleted" });
    expect(await callRow(id)).toBeUndefined();
    expect(await isStored(objectKey)).toBe(false);
    const event = await getDb().selectFrom("call_events").selectAll().where("event_id", "=", `evt-${id}`).executeTakeFirst();
    expect(event?.call_id).toBeNull();
  });

  it("goes to the list rather than back to the deleted recording's page", async () => {
    const id = await insertCall(demoTenant);
    const result = await callAction(deleteRoute.action, `/recordings/${id}/delete`, {
      cookie: owner,
      params: { id },
      form: { returnTo: `/recordings/${id}?t=3` },
    });
    expect(redirectLocation(result)).toBe("/recordings");
    const offsite = await insertCall(demoTenant);
    const second = await callAction(deleteRoute.action, `/recordings/${offsite}/delete`, {
      cookie: owner,
      params: { id: offsite },
      form: { returnTo: "https://evil.test/" },
    });
    expect(redirectLocation(second)).toBe("/recordings");
  });

  it("keeps an audio file another call still plays, and removes it with the last of them", async () => {
    // The demo's calls of one length share one file (app/seed/demo-calls.server.ts).
    const first = await insertCall(demoTenant);
    const second = await insertCall(demoTenant);
    const { key, size, objectKey } = await attachAudio(demoTenant, first).then((stored) => ({ ...stored, size: stored.bytes.byteLength }));
    await getDb()
      .updateTable("calls")
      .set({ audio_file: key, audio_mime: "audio/wav", audio_bytes: size, audio_status: "stored" })
      .where("id", "=", second)
      .execute();
    await callAction(deleteRoute.action, `/recordings/${first}/delete`, { cookie: owner, params: { id: first }, form: {} });
    expect(await callRow(first)).toBeUndefined();
    expect(await isStored(objectKey)).toBe(true);
    await callAction(deleteRoute.action, `/recordings/${second}/delete`, { cookie: owner, params: { id: second }, form: {} });
    expect(await isStored(objectKey)).toBe(false);
  });

  it("still deletes the recording when its audio file cannot be removed", async () => {
    const id = await insertCall(demoTenant);
    await getDb().updateTable("calls").set({ audio_file: "not a valid key", audio_status: "stored" }).where("id", "=", id).execute();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const result = await callAction(deleteRoute.action, `/recordings/${id}/delete`, { cookie: owner, params: { id }, form: {} });
      expect(redirectLocation(result)).toBe("/recordings");
    } finally {
      console.error = original;
    }
    expect(await callRow(id)).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it("refuses a read-only agent with 403 and leaves the recording", async () => {
    const id = await insertCall(demoTenant);
    const { objectKey } = await attachAudio(demoTenant, id);
    expect(unwrap(await callLoader(deleteRoute.loader, `/recordings/${id}/delete`, { cookie: agent, params: { id } })).status).toBe(403);
    const result = await callAction(deleteRoute.action, `/recordings/${id}/delete`, { cookie: agent, params: { id }, form: {} });
    expect(unwrap(result).status).toBe(403);
    expect(await callRow(id)).toBeDefined();
    expect(await isStored(objectKey)).toBe(true);
  });

  it("is a 404 for another tenant, on the page and the action, and deletes nothing", async () => {
    const id = await insertCall(demoTenant);
    const { objectKey } = await attachAudio(demoTenant, id);
    expect(unwrap(await callLoader(deleteRoute.loader, `/recordings/${id}/delete`, { cookie: otherOwner, params: { id } })).status).toBe(404);
    const result = await callAction(deleteRoute.action, `/recordings/${id}/delete`, { cookie: otherOwner, params: { id }, form: {} });
    expect(unwrap(result).status).toBe(404);
    expect(await callRow(id)).toBeDefined();
    expect(await isStored(objectKey)).toBe(true);
  });
});

describe("/recordings/<id>/feedback", () => {
  type Failure = { result: { error?: Record<string, string[] | null> } };
  const errorsOf = (result: unknown) => (unwrap(result).value as Failure).result.error ?? {};

  it("shows the current feedback", async () => {
    const id = await insertCall(demoTenant);
    await getDb().updateTable("calls").set({ feedback_rating: 4, feedback_text: "Good" }).where("id", "=", id).execute();
    const data = unwrap(await callLoader(feedbackRoute.loader, `/recordings/${id}/feedback`, { cookie: owner, params: { id } })).value as Awaited<
      ReturnType<typeof feedbackRoute.loader>
    >;
    expect(data.feedback).toEqual({ rating: 4, text: "Good", moment: null });
    expect(data.returnTo).toBe(`/recordings/${id}`);
  });

  it("saves a rating and text and redirects to returnTo with a toast", async () => {
    const id = await insertCall(demoTenant);
    const result = await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, {
      cookie: owner,
      params: { id },
      form: { rating: "2", text: "  Took too long to answer.  ", returnTo: "/recordings?sort=rating" },
    });
    expect(redirectLocation(result)).toBe("/recordings?sort=rating");
    expect(await toastOf(result)).toEqual({ type: "success", key: "recording:toast.feedbackSaved" });
    const row = await callRow(id);
    expect(row?.feedback_rating).toBe(2);
    expect(row?.feedback_text).toBe("Took too long to answer.");
    expect(row?.feedback_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("stores empty text as no text", async () => {
    const id = await insertCall(demoTenant);
    await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, { cookie: owner, params: { id }, form: { rating: "5", text: "" } });
    const row = await callRow(id);
    expect(row?.feedback_rating).toBe(5);
    expect(row?.feedback_text).toBeNull();
  });

  it.each(["0", "6", "3.5", "abc"])("rejects the rating %s with a message at the field", async (rating) => {
    const id = await insertCall(demoTenant);
    const result = await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, { cookie: owner, params: { id }, form: { rating, text: "x" } });
    expect(unwrap(result).status).toBe(400);
    expect(errorsOf(result).rating).toEqual(["feedback.validation.ratingRange"]);
    expect((await callRow(id))?.feedback_rating).toBeNull();
  });

  it("requires a rating and limits the text to 2,000 characters", async () => {
    const id = await insertCall(demoTenant);
    const missing = await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, { cookie: owner, params: { id }, form: { text: "hello" } });
    expect(unwrap(missing).status).toBe(400);
    expect(errorsOf(missing).rating).toEqual(["feedback.validation.ratingRequired"]);
    const long = await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, {
      cookie: owner,
      params: { id },
      form: { rating: "3", text: "a".repeat(2001) },
    });
    expect(unwrap(long).status).toBe(400);
    expect(errorsOf(long).text).toEqual(["feedback.validation.textTooLong"]);
    const exact = await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, {
      cookie: owner,
      params: { id },
      form: { rating: "3", text: "a".repeat(2000) },
    });
    expect(redirectLocation(exact)).toBe(`/recordings/${id}`);
  });

  it("refuses a read-only agent with 403", async () => {
    const id = await insertCall(demoTenant);
    expect(unwrap(await callLoader(feedbackRoute.loader, `/recordings/${id}/feedback`, { cookie: agent, params: { id } })).status).toBe(403);
    const result = await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, { cookie: agent, params: { id }, form: { rating: "5" } });
    expect(unwrap(result).status).toBe(403);
    expect((await callRow(id))?.feedback_rating).toBeNull();
  });

  it("is a 404 for another tenant and changes nothing", async () => {
    const id = await insertCall(demoTenant);
    expect(unwrap(await callLoader(feedbackRoute.loader, `/recordings/${id}/feedback`, { cookie: otherOwner, params: { id } })).status).toBe(404);
    const result = await callAction(feedbackRoute.action, `/recordings/${id}/feedback`, { cookie: otherOwner, params: { id }, form: { rating: "1" } });
    expect(unwrap(result).status).toBe(404);
    expect((await callRow(id))?.feedback_rating).toBeNull();
  });
});

// Keeps the toast helper honest: a cookie made by toastCookie must decode to the same toast.
it("decodes toasts the way the root loader does", async () => {
  const cookie = await toastCookie({ type: "error", key: "recording:toast.deleteFailed" });
  expect(await toastOf(new Response(null, { headers: { "Set-Cookie": cookie } }))).toEqual({ type: "error", key: "recording:toast.deleteFailed" });
});
