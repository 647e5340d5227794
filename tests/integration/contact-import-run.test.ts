import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { getDb, newId } from "~/db/db.server";
import { IMPORT_LEASE_MS } from "~/features/contact-import/import-lease.server";
import { resumeAbandonedImports, startImport, sweepAbandonedImports, waitForImport } from "~/features/contact-import/import-runner.server";
import { claimForImport } from "~/features/contact-import/import-store.server";
import * as detail from "~/routes/_dashboard+/contacts+/import.$importId";
import * as index from "~/routes/_dashboard+/contacts+/import._index";
import { callAction, callLoader, loadContext, makeRequest, prepareTestDatabase, redirectLocation, sessionCookieFor, settle, unwrap } from "../support/app";
import { refuseInserts } from "../support/db-faults";
import { contact, contactList } from "../support/factories";
import { importKey, isStored } from "../support/stored-files";

type DetailData = Awaited<ReturnType<typeof detail.loader>>;

let owner: string;
let tenantId: string;

beforeAll(async () => {
  await prepareTestDatabase();
  owner = await sessionCookieFor("owner@demo.test");
  tenantId = (await getDb().selectFrom("users").select("tenant_id").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow()).tenant_id;
});

let block = 0;
/** Ten-digit numbers (+1 613 …) unique within this file. */
function phones(count: number) {
  block++;
  const base = 2_000_000 + block * 100_000;
  return Array.from({ length: count }, (_, i) => `613${base + i}`);
}

async function upload(text: string, name = "contacts.csv") {
  const form = new FormData();
  form.append("file", new File([text], name, { type: "text/csv" }));
  const result = await settle(() => index.action({ request: makeRequest("/contacts/import", { cookie: owner, form }), params: {}, context: loadContext() }));
  const id = redirectLocation(result)?.split("/").pop();
  if (!id) throw new Error(`upload refused: ${JSON.stringify(unwrap(result).value)}`);
  return id;
}

const post = (id: string, form: Record<string, string>) =>
  callAction(detail.action, `/contacts/import/${id}`, { cookie: owner, form, params: { importId: id } });

async function viewOf(id: string) {
  const { status, value } = unwrap(await callLoader(detail.loader, `/contacts/import/${id}`, { cookie: owner, params: { importId: id } }));
  expect(status).toBe(200);
  return (value as DetailData).view;
}

/** Upload, accept the guessed mapping. */
async function previewed(text: string) {
  const id = await upload(text);
  const view = await viewOf(id);
  if (view.kind !== "mapping") throw new Error(`expected the mapping step, got ${view.kind}`);
  const form: Record<string, string> = { intent: "save-mapping" };
  for (const [target, column] of Object.entries(view.mapping)) form[target] = column === null ? "" : String(column);
  expect(redirectLocation(await post(id, form))).toBe(`/contacts/import/${id}`);
  return id;
}

async function start(id: string, list: { listId?: string; newListName?: string }) {
  const result = await post(id, { intent: "start-import", listId: list.listId ?? "new", newListName: list.newListName ?? "" });
  expect(redirectLocation(result), JSON.stringify(unwrap(result).value)).toBe(`/contacts/import/${id}`);
  await waitForImport(id);
}

/** Runs an import as the named runner, with no heartbeat during the test (as if its process were frozen). */
async function runImportAs(id: string, owner: string, beforeCommit: () => Promise<void>) {
  await startImport(id, tenantId, undefined, { owner, beforeCommit, heartbeatMs: 3_600_000 });
}

const importRow = (id: string) => getDb().selectFrom("contact_imports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function newList(name: string) {
  return (await contactList(tenantId, { name })).id;
}

async function addContact(phone: string, listId: string) {
  await contact(tenantId, { listId, first_name: "Existing", phone });
}

const contactsOfList = (listId: string) =>
  getDb().selectFrom("contacts").selectAll().where("tenant_id", "=", tenantId).where("list_id", "=", listId).orderBy("first_name").execute();

async function countContactsWithPhones(e164s: string[]) {
  const row = await getDb()
    .selectFrom("contacts")
    .select(({ fn }) => fn.countAll<number>().as("n"))
    .where("phone", "in", e164s)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("a successful import", () => {
  it("imports the valid rows into a new list in E.164 with time zones, skips existing and duplicate rows, and reports the counts", async () => {
    const [p1, p2, p3, p4] = phones(4);
    const existingList = await newList(`Existing ${newId()}`);
    await addContact(`+1${p3}`, existingList);
    const id = await previewed(
      [
        "Name,Phone,Email,Company",
        `"Doe, Jane",(${p1!.slice(0, 3)}) ${p1!.slice(3, 6)}-${p1!.slice(6)},jane@example.com,"Acme, Inc."`,
        `Jürgen Groß,+44 20 7946 0958,,`,
        `Erin Exists,${p3},,`,
        `Dana Duplicate,1${p1},,`,
        `Removed Row,${p4},,`,
        `Toll Free,1 800 555 0100,,`,
        `Fix Me,${p2},broken-email,`,
      ].join("\r\n"),
    );
    await post(id, { intent: "remove-row", row: "6" });
    await post(id, { intent: "edit-row", row: "8", firstName: "Fixed", lastName: "Person", title: "CEO", company: "", phone: p2!, email: "fixed@example.com" });
    const listName = `Imported ${newId()}`;
    await start(id, { newListName: listName });

    const entry = await importRow(id);
    expect(entry).toMatchObject({ status: "done", imported_count: 4, processed_rows: 7, error: null });
    const list = await getDb().selectFrom("contact_lists").selectAll().where("tenant_id", "=", tenantId).where("name", "=", listName).executeTakeFirstOrThrow();
    expect(entry.list_id).toBe(list.id);
    const contacts = await contactsOfList(list.id);
    expect(contacts.map((c) => [c.first_name, c.last_name, c.company, c.phone, c.email, c.time_zone])).toEqual([
      ["Fixed", "Person", "", `+1${p2}`, "fixed@example.com", "America/Toronto"],
      ["Jane", "Doe", "Acme, Inc.", `+1${p1}`, "jane@example.com", "America/Toronto"],
      ["Jürgen", "Groß", "", "+442079460958", "", "Europe/London"],
      ["Toll", "Free", "", "+18005550100", "", null],
    ]);
    expect(contacts[0]?.title).toBe("CEO");
    // The existing contact stays where it was and is not imported twice.
    expect(await countContactsWithPhones([`+1${p3}`])).toBe(1);
    expect(await isStored(importKey(id))).toBe(false);

    const view = await viewOf(id);
    expect(view).toEqual({ kind: "result", imported: 4, skipped: 2, removed: 1, list: { id: list.id, name: listName } });
  });

  it("imports into an existing list, and classifies again at import time: a number added after the preview is skipped", async () => {
    const [p1, p2] = phones(2);
    const listId = await newList(`Target ${newId()}`);
    const id = await previewed(`First name,Phone\nAnn,${p1}\nBen,${p2}\n`);
    expect(await viewOf(id)).toMatchObject({ kind: "preview", counts: { valid: 2 } });
    const elsewhere = await newList(`Elsewhere ${newId()}`);
    await addContact(`+1${p2}`, elsewhere);
    await start(id, { listId });
    expect(await importRow(id)).toMatchObject({ status: "done", imported_count: 1 });
    expect((await contactsOfList(listId)).map((c) => c.first_name)).toEqual(["Ann"]);
    expect(await viewOf(id)).toMatchObject({ kind: "result", imported: 1, skipped: 1 });
  });

  it("says nothing in a toast when it starts: the page it lands on tells whether the import runs or is finished", async () => {
    const listId = await newList(`Quiet ${newId()}`);
    const id = await previewed(`First name,Phone\nAnn,${phones(1)[0]}\n`);
    const result = await post(id, { intent: "start-import", listId });
    expect(redirectLocation(result)).toBe(`/contacts/import/${id}`);
    // "Import started." over an "Import finished" page would contradict it; a small file is often done before the redirect lands.
    expect((result as Response).headers.getSetCookie().filter((cookie) => cookie.startsWith("__toast="))).toEqual([]);
    await waitForImport(id);
    expect(await viewOf(id)).toMatchObject({ kind: "result", imported: 1 });
  });

  it("starts once however often the button is pressed", async () => {
    const [p1] = phones(1);
    const listId = await newList(`Once ${newId()}`);
    const id = await previewed(`First name,Phone\nAnn,${p1}\n`);
    const [first, second] = await Promise.all([post(id, { intent: "start-import", listId }), post(id, { intent: "start-import", listId })]);
    await waitForImport(id);
    expect([redirectLocation(first), redirectLocation(second)]).toEqual([`/contacts/import/${id}`, `/contacts/import/${id}`]);
    expect(await contactsOfList(listId)).toHaveLength(1);
  });
});

describe("all or nothing", () => {
  it("a failure mid-way (a constraint violation at row 8,000 of 12,000) leaves zero new contacts, a failed status and a file to retry with", async () => {
    const numbers = phones(12_000);
    const rows = numbers.map((p, i) => `${i === 7_998 ? "Explode" : `Person ${i}`},${p}`);
    const listId = await newList(`Fault ${newId()}`);
    const id = await previewed(["First name,Phone", ...rows].join("\n"));
    // A trigger stands in for any failure the database can raise: the first 5,000-row chunk is already written when it fires.
    const undo = await refuseInserts("contacts", "new.first_name = 'Explode'");
    try {
      await start(id, { listId });
    } finally {
      await undo();
    }
    expect(await importRow(id)).toMatchObject({ status: "failed", error: "errors.importFailed", imported_count: 0 });
    expect(await contactsOfList(listId)).toHaveLength(0);
    expect(await countContactsWithPhones(numbers.slice(0, 500).map((p) => `+1${p}`))).toBe(0);
    expect(await isStored(importKey(id))).toBe(true);
    expect(await viewOf(id)).toEqual({ kind: "failed", errorKey: "errors.importFailed", retryable: true });

    // Try again: back to the preview with the same list, and this time it all lands.
    expect(redirectLocation(await post(id, { intent: "retry" }))).toBe(`/contacts/import/${id}`);
    expect(await viewOf(id)).toMatchObject({ kind: "preview", selectedListId: listId, counts: { valid: 12_000 } });
    await start(id, { listId });
    expect(await importRow(id)).toMatchObject({ status: "done", imported_count: 12_000, processed_rows: 12_000 });
    expect(await contactsOfList(listId)).toHaveLength(12_000);
    // Tens of thousands of rows can take longer than the default 20 s on a busy machine.
  }, 90_000);

  it("a list deleted before the import commits fails it with its own message and writes nothing", async () => {
    const [p1] = phones(1);
    const listId = await newList(`Doomed ${newId()}`);
    const id = await previewed(`First name,Phone\nAnn,${p1}\n`);
    const result = await post(id, { intent: "start-import", listId });
    expect(redirectLocation(result)).toBe(`/contacts/import/${id}`);
    await getDb().deleteFrom("contact_lists").where("id", "=", listId).execute();
    await waitForImport(id);
    expect(await importRow(id)).toMatchObject({ status: "failed", error: "errors.listMissing" });
    expect(await countContactsWithPhones([`+1${p1}`])).toBe(0);
  });
});

describe("progress", () => {
  it("writes processed_rows while it runs, and the page shows the progress", async () => {
    const numbers = phones(30_000);
    const listId = await newList(`Progress ${newId()}`);
    const id = await previewed(["First name,Phone", ...numbers.map((p, i) => `P${i},${p}`)].join("\n"));
    const result = await post(id, { intent: "start-import", listId });
    expect(redirectLocation(result)).toBe(`/contacts/import/${id}`);
    const seen: number[] = [];
    let view = await viewOf(id);
    while (view.kind === "progress") {
      seen.push(view.processed);
      expect(view.total).toBe(30_000);
      // A turn of the event loop, not a timer: the run yields every 2,000 rows, and a 10 ms timer can sleep through all of them.
      await new Promise((resolve) => setImmediate(resolve));
      view = await viewOf(id);
    }
    await waitForImport(id);
    expect(view).toMatchObject({ kind: "result", imported: 30_000 });
    // The page was asked while the import ran, and at least once it showed a count between the start and the end.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((processed) => processed > 0 && processed < 30_000)).toBe(true);
    // Tens of thousands of rows can take longer than the default 20 s on a busy machine.
  }, 90_000);

  it("shows the progress view for an import that is running", async () => {
    const id = await previewed(`First name,Phone\nAnn,${phones(1)[0]}\n`);
    await getDb().updateTable("contact_imports").set({ status: "importing", processed_rows: 1 }).where("id", "=", id).execute();
    expect(await viewOf(id)).toEqual({ kind: "progress", processed: 1, total: 1 });
    await getDb().updateTable("contact_imports").set({ status: "mapped", processed_rows: 0 }).where("id", "=", id).execute();
  });
});

describe("restarts and clean-up", () => {
  it("an import whose server died is taken over by another runner once its lease expires, and lands whole, once", async () => {
    const numbers = phones(40);
    const listId = await newList(`Crash ${newId()}`);
    const id = await previewed(["First name,Phone", ...numbers.map((p, i) => `Row ${i},${p}`)].join("\n"));
    // What a server that died mid-import leaves behind: the status and its lease, and nothing else (its staging was its
    // own connection's, its commit never happened).
    expect(await claimForImport(tenantId, id, listId, "dead-server")).toBe(true);
    expect(await resumeAbandonedImports({ owner: "survivor" })).toBe(0); // the lease still holds
    const expired = Date.now() + IMPORT_LEASE_MS + 1_000;
    expect(await resumeAbandonedImports({ owner: "survivor", nowMs: expired })).toBe(1);
    await waitForImport(id);
    expect(await importRow(id)).toMatchObject({ status: "done", imported_count: 40, processed_rows: 40, attempts: 2, lease_owner: null });
    expect(await contactsOfList(listId)).toHaveLength(40);
  });

  it("two runners interleaved: the one that lost its lease before committing adds nothing, the one that took over adds every row once", async () => {
    const numbers = phones(25);
    const listId = await newList(`Stall ${newId()}`);
    const id = await previewed(["First name,Phone", ...numbers.map((p, i) => `Row ${i},${p}`)].join("\n"));
    expect(await claimForImport(tenantId, id, listId, "stalled")).toBe(true);
    let release!: () => void;
    const stalledAtCommit = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const atCommit = new Promise<void>((resolve) => (reached = resolve));
    // The first runner stages every row, then stops (a long GC pause, a frozen VM) with no heartbeat until its lease is gone.
    const first = runImportAs(id, "stalled", async () => {
      reached();
      await stalledAtCommit;
    });
    await atCommit;
    const expired = Date.now() + IMPORT_LEASE_MS + 1_000;
    expect(await resumeAbandonedImports({ owner: "successor", nowMs: expired })).toBe(1);
    // Not waitForImport: that would wait for the stalled run too.
    await expect.poll(async () => (await importRow(id)).status, { timeout: 15_000 }).toBe("done");
    expect(await importRow(id)).toMatchObject({ status: "done", imported_count: 25, attempts: 2 });
    release();
    await first;
    expect(await importRow(id)).toMatchObject({ status: "done", imported_count: 25, error: null });
    expect(await contactsOfList(listId)).toHaveLength(25);
    expect(await countContactsWithPhones(numbers.map((p) => `+1${p}`))).toBe(25);
  });

  it("an import that keeps losing its runner is failed (interrupted) after three runs, and can be retried", async () => {
    const [p1] = phones(1);
    const listId = await newList(`Retry ${newId()}`);
    const id = await previewed(`First name,Phone\nAnn,${p1}\n`);
    expect(await claimForImport(tenantId, id, listId, "gone")).toBe(true);
    await getDb().updateTable("contact_imports").set({ attempts: 3 }).where("id", "=", id).execute();
    expect(await resumeAbandonedImports({ owner: "survivor", nowMs: Date.now() + IMPORT_LEASE_MS + 1_000 })).toBe(0);
    expect(await importRow(id)).toMatchObject({ status: "failed", error: "errors.interrupted" });
    expect(await viewOf(id)).toEqual({ kind: "failed", errorKey: "errors.interrupted", retryable: true });
    await post(id, { intent: "retry" });
    await start(id, { listId });
    expect(await importRow(id)).toMatchObject({ status: "done", imported_count: 1, attempts: 1 });
  });

  it("removes the files of uploads abandoned for a day, and stray partial files; recent ones stay", async () => {
    const stale = await upload(`First name,Phone\nAnn,${phones(1)[0]}\n`);
    const fresh = await upload(`First name,Phone\nAnn,${phones(1)[0]}\n`);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await getDb().updateTable("contact_imports").set({ updated_at: twoDaysAgo.toISOString() }).where("id", "=", stale).execute();
    const stray = path.join(getEnv().importsDir, `${newId()}.upload`);
    fs.writeFileSync(stray, "half an upload");
    fs.utimesSync(stray, twoDaysAgo, twoDaysAgo);
    const unrelated = path.join(getEnv().importsDir, "README.txt");
    fs.writeFileSync(unrelated, "not ours");
    fs.utimesSync(unrelated, twoDaysAgo, twoDaysAgo);

    await sweepAbandonedImports();
    expect(await isStored(importKey(stale))).toBe(false);
    expect(await importRow(stale)).toMatchObject({ status: "failed", error: "errors.expired" });
    expect(await viewOf(stale)).toEqual({ kind: "failed", errorKey: "errors.expired", retryable: false });
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(unrelated)).toBe(true);
    expect(await isStored(importKey(fresh))).toBe(true);
    expect((await importRow(fresh)).status).toBe("uploaded");
  });
});
