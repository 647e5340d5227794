import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { findTenant, parseSeedBulkArgs } from "../../tools/bench/seed-bulk";
import { insertSyntheticCalls, MAX_BULK_CALLS, RARE_TERM } from "~/seed/bulk-calls.server";
import { getDb } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";
import { DEMO_HISTORY_CALLS } from "~/seed/demo-calls.server";
import { prepareDatabase } from "~/seed/seed.server";
import { parseStoredAnalysis } from "~/features/analysis/analysis";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import { normaliseSearchTerm } from "~/features/calls/derived-columns";
import { readWavInfo } from "~/features/calls/wav";
import { prepareTestDatabase } from "../support/app";
import { bareTenant } from "../support/factories";
import { audioKey, storedBytes, storedKeys } from "../support/stored-files";

const tenantId = async (name: string) => (await getDb().selectFrom("tenants").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
const callsOf = async (id: string) => getDb().selectFrom("calls").selectAll().where("tenant_id", "=", id).execute();

/** Matches of a term by the trigram index and by a plain scan of the same tenant's rows. */
async function searchCounts(id: string, term: string) {
  const needle = normaliseSearchTerm(term);
  const phrase = `"${needle.replaceAll('"', '""')}"`;
  // PostgreSQL's trigram index is part of the table (always in step); SQLite's is a table its triggers keep in step.
  const indexed = isPostgres(getDb())
    ? await sql<{ n: number }>`select count(*) as n from calls where tenant_id = ${id} and search_text like ${`%${needle}%`}`.execute(getDb())
    : await sql<{
        n: number;
      }>`select count(*) as n from calls where tenant_id = ${id} and rowid in (select rowid from calls_fts where calls_fts match ${phrase})`.execute(getDb());
  const position = isPostgres(getDb()) ? sql`strpos(search_text, ${needle})` : sql`instr(search_text, ${needle})`;
  const scanned = await sql<{ n: number }>`select count(*) as n from calls where tenant_id = ${id} and ${position} > 0`.execute(getDb());
  return { indexed: Number(indexed.rows[0]!.n), scanned: Number(scanned.rows[0]!.n) };
}

beforeAll(async () => {
  await prepareTestDatabase();
});

describe("demo calls", () => {
  it("gives Demo Company about 200 calls of every kind and the trial tenant none", async () => {
    const calls = await callsOf(await tenantId("Demo Company"));
    // The history, two live and two queued calls, and the seven the completed webinar campaign placed (app/seed/demo-campaigns.server.ts).
    expect(calls).toHaveLength(DEMO_HISTORY_CALLS + 4 + 7);
    expect(calls.length).toBeGreaterThanOrEqual(190);
    expect(new Set(calls.map((c) => c.direction))).toEqual(new Set(["inbound", "outbound"]));
    const campaigns = new Set(calls.map((c) => c.campaign_name).filter(Boolean));
    expect(campaigns.size).toBeGreaterThanOrEqual(3);
    expect(campaigns).toContain("Zahnarzt Terminerinnerung");
    expect(calls.some((c) => c.campaign_name === null)).toBe(true);
    const byStatus = (status: string) => calls.filter((c) => c.status === status).length;
    expect(byStatus("ended")).toBeGreaterThan(150);
    expect(byStatus("missed")).toBeGreaterThan(5);
    expect(byStatus("voicemail")).toBeGreaterThan(5);
    expect(byStatus("live")).toBe(2);
    expect(byStatus("queued")).toBe(2);
    expect(calls.filter((c) => c.escalated === 1).length).toBeGreaterThan(5);
    expect(await callsOf(await tenantId("Trial GmbH"))).toEqual([]);
    const events = await getDb().selectFrom("call_events").select(getDb().fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(0);
  });

  it("has English and German transcripts as timed speaker turns, with names that exercise locale order", async () => {
    const calls = await callsOf(await tenantId("Demo Company"));
    const transcripts = calls.filter((c) => c.transcript).map((c) => JSON.parse(c.transcript!) as TranscriptTurn[]);
    expect(transcripts.filter((turns) => turns.some((t) => /\b(Guten|Termin|Rechnung|Rückruf)\b/.test(t.text))).length).toBeGreaterThan(30);
    expect(transcripts.filter((turns) => turns.some((t) => /\b(Thank you|thanks|appointment|renewal)\b/i.test(t.text))).length).toBeGreaterThan(30);
    for (const turns of transcripts) {
      for (const turn of turns) {
        expect(["agent", "customer"]).toContain(turn.speaker);
        expect(typeof turn.startSeconds).toBe("number");
      }
    }
    for (const call of calls.filter((c) => c.status === "ended")) {
      const turns = JSON.parse(call.transcript!) as TranscriptTurn[];
      expect(call.duration_seconds!).toBeGreaterThan(turns.at(-1)!.startSeconds!);
      expect(call.transcript_text).toContain(turns[0]!.text);
      expect(call.summary).toBeTruthy();
      expect(call.from_number).toMatch(/^\+[1-9]\d{7,14}$/);
      expect(call.to_number).toMatch(/^\+[1-9]\d{7,14}$/);
    }
    const extracted = calls.filter((c) => c.extracted_data).map((c) => JSON.parse(c.extracted_data!) as Record<string, unknown>);
    expect(extracted.some((e) => typeof e.appointmentDate === "string")).toBe(true);
    expect(extracted.some((e) => typeof e.callbackTime === "string")).toBe(true);
    expect(extracted.some((e) => typeof e.email === "string")).toBe(true);
    const users = new Set(calls.map((c) => c.user_name));
    const companies = new Set(calls.map((c) => c.user_company));
    expect(users).toContain("Jürgen Müller");
    expect(companies).toContain("Özil Handels GmbH");
    expect(calls.find((c) => c.user_company === "Özil Handels GmbH")!.sort_company).toBe("ozil handels gmbh");
    // The search index agrees with a plain scan on the demo data too.
    for (const term of ["zahnarzt", "müller", "renewal", "+49", "ü"]) {
      const { indexed, scanned } = await searchCounts(await tenantId("Demo Company"), term);
      if (term.length >= 3) expect(indexed).toBe(scanned);
      expect(scanned).toBeGreaterThan(0);
    }
  });

  it("has feedback, stored analyses, and ratings that disagree with the analysed sentiment", async () => {
    const calls = await callsOf(await tenantId("Demo Company"));
    const rated = calls.filter((c) => c.feedback_rating !== null);
    expect(rated.length).toBeGreaterThan(20);
    expect(new Set(rated.map((c) => c.feedback_rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(rated.every((c) => c.feedback_at && c.feedback_text !== null)).toBe(true);
    const analysed = calls.filter((c) => c.analysis_status === "done");
    expect(analysed.length).toBeGreaterThan(50);
    expect(calls.filter((c) => c.analysis_status === "none" && c.status === "ended").length).toBeGreaterThan(20);
    for (const call of analysed) {
      const analysis = parseStoredAnalysis(call.analysis);
      expect(analysis, `analysis of ${call.external_id}`).not.toBeNull();
      expect(analysis!.sentiment).toBe(call.sentiment);
      expect(call.analyzed_at).toBeTruthy();
    }
    const disagree = calls.filter(
      (c) =>
        (c.feedback_rating !== null && c.feedback_rating <= 2 && c.sentiment === "positive") ||
        (c.feedback_rating !== null && c.feedback_rating >= 4 && c.sentiment === "negative"),
    );
    expect(disagree.length).toBeGreaterThanOrEqual(4);
    expect(disagree.some((c) => c.feedback_rating === 1)).toBe(true);
    expect(disagree.some((c) => c.feedback_rating === 5)).toBe(true);
  });

  it("stores playable WAV audio for about 90% of the recorded calls, each as long as its call, under 15 MB in all", async () => {
    const calls = await callsOf(await tenantId("Demo Company"));
    const recorded = calls.filter((c) => c.status === "ended" || c.status === "voicemail");
    const stored = calls.filter((c) => c.audio_status === "stored");
    expect(stored.length / recorded.length).toBeGreaterThan(0.82);
    expect(stored.every((c) => c.status === "ended" || c.status === "voicemail")).toBe(true);
    const files = new Map<string, number>();
    for (const call of stored) {
      expect(call.audio_mime).toBe("audio/wav");
      expect(call.audio_file!.startsWith(`${call.tenant_id}/`)).toBe(true);
      const bytes = (await storedBytes(audioKey(call.audio_file!)))!;
      expect(bytes.byteLength).toBe(call.audio_bytes);
      const info = readWavInfo(new Uint8Array(bytes));
      expect(info).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 8000, bitsPerSample: 8 });
      // What the header says the file plays is the duration the list shows: a 0:42 call plays 42 s.
      expect({ call: call.external_id, seconds: info.durationSeconds }).toEqual({ call: call.external_id, seconds: call.duration_seconds });
      files.set(call.audio_file!, bytes.byteLength);
    }
    // Calls of the same length share a file: far fewer files than recordings, and little audio in all.
    expect(files.size).toBeLessThan(stored.length / 2);
    expect([...files.values()].reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(15_000_000);
    for (const call of calls.filter((c) => c.audio_status !== "stored")) expect(call.audio_file).toBeNull();
    // No stray files: every file in the store belongs to a row.
    expect((await storedKeys(`audio/${stored[0]!.tenant_id}/`)).sort()).toEqual([...files.keys()].map(audioKey).sort());
  });

  it("is seeded once: a second start leaves calls and files as they were", async () => {
    const id = await tenantId("Demo Company");
    const before = await callsOf(id);
    const result = await prepareDatabase();
    expect(result.seeded).toBe(false);
    const after = await callsOf(id);
    expect(after.map((c) => c.id).sort()).toEqual(before.map((c) => c.id).sort());
    expect(await storedKeys(`audio/${id}/`)).toHaveLength(new Set(before.filter((c) => c.audio_file).map((c) => c.audio_file)).size);
  });
});

describe("bulk synthetic calls", () => {
  let bulkTenant = "";

  beforeAll(async () => {
    ({ tenantId: bulkTenant } = await bareTenant({ name: "Bulk Bench AG", timeZone: "Europe/Berlin" }));
  });

  it("inserts N rows in batches, reporting progress, with the search index in sync", async () => {
    const progress: number[] = [];
    const result = await insertSyntheticCalls(getDb(), bulkTenant, 2_000, { batchSize: 700, onProgress: (done) => progress.push(done) });
    expect(result.inserted).toBe(2_000);
    expect(progress).toEqual([700, 1_400, 2_000]);
    const calls = await callsOf(bulkTenant);
    expect(calls).toHaveLength(2_000);
    expect(new Set(calls.map((c) => c.direction))).toEqual(new Set(["inbound", "outbound"]));
    expect(new Set(calls.map((c) => c.campaign_name)).size).toBeGreaterThan(30);
    expect(new Set(calls.map((c) => c.agent_name)).size).toBeGreaterThan(10);
    expect(calls.every((c) => c.audio_file === null && c.audio_status === "none")).toBe(true);
    const days = calls.map((c) => Date.parse(c.created_at));
    expect((Math.max(...days) - Math.min(...days)) / 86_400_000).toBeGreaterThan(600);
    expect(Math.max(...days)).toBeLessThanOrEqual(Date.now());

    // The rare term is rare and the common words common, and the index agrees with a plain scan for each.
    const rare = await searchCounts(bulkTenant, RARE_TERM);
    expect(rare.indexed).toBe(rare.scanned);
    expect(rare.scanned).toBeLessThan(15);
    for (const term of ["the", "appointment", "Müller", "ter", "+49", "spring renewal"]) {
      const counts = await searchCounts(bulkTenant, term);
      expect(counts.indexed, term).toBe(counts.scanned);
      expect(counts.scanned, term).toBeGreaterThan(0);
    }
    expect((await searchCounts(bulkTenant, "the")).scanned).toBeGreaterThan(1_000);
    if (!isPostgres(getDb())) await sql`insert into calls_fts(calls_fts) values ('integrity-check')`.execute(getDb());
  });

  it("finds the rare term in about 0.1% of rows", async () => {
    const { tenantId: id } = await bareTenant({ name: "Rare Term KG", timeZone: "UTC" });
    await insertSyntheticCalls(getDb(), id, 5_000, { seed: 7 });
    const { indexed, scanned } = await searchCounts(id, RARE_TERM);
    expect(indexed).toBe(scanned);
    expect(scanned).toBeGreaterThanOrEqual(1);
    expect(scanned).toBeLessThanOrEqual(15);
  });

  it("can run twice for the same tenant and refuses bad input", async () => {
    await insertSyntheticCalls(getDb(), bulkTenant, 50);
    expect(await callsOf(bulkTenant)).toHaveLength(2_050);
    await expect(insertSyntheticCalls(getDb(), bulkTenant, MAX_BULK_CALLS + 1)).rejects.toThrow(/count/);
    await expect(insertSyntheticCalls(getDb(), bulkTenant, 1.5)).rejects.toThrow(/count/);
    await expect(insertSyntheticCalls(getDb(), "no-such-tenant", 10)).rejects.toThrow(/tenant/);
    // Other tenants are untouched.
    expect(await callsOf(await tenantId("Trial GmbH"))).toEqual([]);
  });
});

describe("seed:bulk arguments", () => {
  it("reads --recordings and --tenant, defaulting to Demo Company", () => {
    expect(parseSeedBulkArgs(["--recordings", "1000"])).toEqual({ recordings: 1_000, tenant: "Demo Company" });
    expect(parseSeedBulkArgs(["--recordings", "100_000", "--tenant", "Trial GmbH"])).toEqual({ recordings: 100_000, tenant: "Trial GmbH" });
    expect(parseSeedBulkArgs(["--recordings=1,000,000"])).toEqual({ recordings: 1_000_000, tenant: "Demo Company" });
  });

  it("explains what is wrong", () => {
    expect(parseSeedBulkArgs([])).toEqual({ error: "--recordings is required." });
    expect(parseSeedBulkArgs(["--recordings", "1000001"])).toEqual({ error: "--recordings must be between 1 and 1,000,000, got 1,000,001." });
    expect(parseSeedBulkArgs(["--recordings", "0"])).toMatchObject({ error: expect.stringMatching(/between 1 and/) });
    expect(parseSeedBulkArgs(["--recordings", "12abc"])).toMatchObject({ error: expect.stringMatching(/whole number/) });
    expect(parseSeedBulkArgs(["--recordings", "-5"])).toMatchObject({ error: expect.any(String) });
    expect(parseSeedBulkArgs(["--records", "5"])).toMatchObject({ error: expect.stringMatching(/Unknown option/) });
  });

  it("finds a tenant by id or by name in any case, and lists the tenants when none matches", async () => {
    const id = await tenantId("Trial GmbH");
    expect(await findTenant(getDb(), id)).toEqual({ id, name: "Trial GmbH" });
    expect(await findTenant(getDb(), "trial gmbh")).toEqual({ id, name: "Trial GmbH" });
    await expect(findTenant(getDb(), "Nobody Ltd")).rejects.toThrow(/No tenant "Nobody Ltd"[\s\S]*Demo Company/);
  });
});
