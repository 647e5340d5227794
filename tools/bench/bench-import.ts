/**
 * The contact import benchmark of issue 4:
 *
 *   npm run bench:import                 # 100,000 rows, then 200,000 rows to show memory stays flat
 *   npm run bench:import -- --rows 50000 # one size
 *   npm run bench:import -- --markdown   # the table as Markdown (docs/benchmarks/import.md)
 *
 * Each size runs in a fresh child process (so peak RSS belongs to that size
 * alone) against a fresh temporary database and data folder:
 *
 * 1. generate  writes a CSV of realistic contacts as a stream (names with
 *              umlauts and quotes, formatted US numbers, UK and German numbers,
 *              2 % invalid rows, 1 % duplicates, 1 % numbers that already
 *              belong to contacts of the tenant);
 * 2. upload    sends it through receiveUpload as a streamed multipart request
 *              (size cap, sniffing, UTF-8 check, row count);
 * 3. preview   classifies every row as the preview page does, then removes the
 *              invalid rows as "Remove all invalid rows" does;
 * 4. import    the import itself, exactly as the page starts it (startImport):
 *              the file is parsed again, every row classified again, staged,
 *              and inserted in one transaction. Its own clock is split into
 *              parse, classify, stage and commit.
 *
 * The verdict: the import (step 4) of 100,000 rows under 10 seconds. The
 * exit code is 0 unless something broke. Method and results:
 * docs/benchmarks/import.md.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const TARGET_SECONDS = 10;
const TARGET_ROWS = 100_000;
const DEFAULT_SIZES = [100_000, 200_000];
const SCRIPT = fileURLToPath(import.meta.url);

interface ChildResult {
  rows: number;
  fileBytes: number;
  generateSeconds: number;
  uploadSeconds: number;
  previewSeconds: number;
  importSeconds: number;
  /** CPU time of the process over the same phases: on a busy machine the wall clock mostly measures waiting for other processes. */
  uploadCpuSeconds: number;
  previewCpuSeconds: number;
  importCpuSeconds: number;
  parseSeconds: number;
  classifySeconds: number;
  stageSeconds: number;
  commitSeconds: number;
  imported: number;
  skipped: number;
  removedInvalid: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  peakRssMiB: number;
  peakImportRssMiB: number;
  heapAfterMiB: number;
}

/* ---------- The data ---------- */

const FIRST = ["Anna", "Jürgen", "Zoë", "Liam", "Priya", "Mateo", "Chloé", "Noah", "Grace", "Søren", "Aisha", "Lucas", "Émile", "Hannah", "Björn"];
const LAST = ["Müller", "O'Brien", "Schmidt", "Nguyen", "García", "Smith", "Groß", "Tremblay", "Kowalski", "Lee", "Dubois", "Kim"];
const TITLES = ["Owner", "Office Manager", "CEO", "Head of Sales", "", "Geschäftsführer", "Practice Manager"];
const COMPANIES = ["Acme, Inc.", "Müller & Söhne GmbH", 'The "Best" Bakery', "Northwind Traders", "", "Lakeshore Logistics"];
const AREAS = ["416", "647", "212", "312", "415", "613", "514", "604", "303", "713"];

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** A distinct ten-digit North American number per index, written the ways people write them. */
function usNumber(index: number) {
  const area = AREAS[index % AREAS.length]!;
  const rest = String(2_000_000 + Math.floor(index / AREAS.length));
  switch (index % 4) {
    case 0:
      return `(${area}) ${rest.slice(0, 3)}-${rest.slice(3)}`;
    case 1:
      return `+1 ${area} ${rest.slice(0, 3)} ${rest.slice(3)}`;
    case 2:
      return `${area}.${rest.slice(0, 3)}.${rest.slice(3)}`;
    default:
      return `${area}${rest}`;
  }
}

function phoneOf(index: number) {
  if (index % 20 === 7) return `+44 20 7${String(100_000 + index).slice(-6, -3)} ${String(index).padStart(4, "0").slice(-4)}`;
  if (index % 20 === 13) return `+49 30 ${String(10_000_000 + index)}`;
  return usNumber(index);
}

/** Row i of the file: 2 % invalid (no first name, or a broken number), 1 % repeating an earlier row's number, 1 % numbers the tenant has. */
function row(index: number) {
  const first = FIRST[index % FIRST.length]!;
  const last = LAST[(index * 7) % LAST.length]!;
  let phone = phoneOf(index);
  let firstName = first;
  if (index % 100 === 41) firstName = "";
  if (index % 100 === 42) phone = "12345";
  if (index % 100 === 43) phone = phoneOf(index - 3);
  const email = index % 3 === 0 ? "" : `${first.toLowerCase()}.${index}@example.com`.normalize("NFKD").replace(/[^\x20-\x7e]/g, "");
  return [firstName, last, TITLES[index % TITLES.length]!, COMPANIES[index % COMPANIES.length]!, phone, email].map(csvCell).join(",");
}

/** Indexes whose numbers are put into the tenant's contacts before the import. */
const isPreExisting = (index: number) => index % 100 === 44;

async function writeCsv(file: string, rows: number) {
  async function* lines() {
    yield "First name,Last name,Title,Company,Phone,E-Mail\r\n";
    let buffer = "";
    for (let i = 0; i < rows; i++) {
      buffer += `${row(i)}\r\n`;
      if (buffer.length > 64 * 1024) {
        yield buffer;
        buffer = "";
      }
    }
    yield buffer;
  }
  await pipeline(Readable.from(lines()), fs.createWriteStream(file));
}

/** The file as a browser would post it: a streamed multipart body, never one buffer. */
function multipartRequest(file: string, url: string) {
  const boundary = `----voxboard-bench-${Date.now()}`;
  async function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 })) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const stream = Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>;
  return new Request(url, {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "Content-Length": String(fs.statSync(file).size + 300) },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

/* ---------- One size, in a child process ---------- */

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function runChild(rows: number): Promise<ChildResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-bench-import-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  Object.assign(process.env, {
    NODE_ENV: "production",
    DATA_DIR: dir,
    DATABASE_URL: `file:${path.join(dir, "bench.db")}`,
    SESSION_SECRET: "bench-secret-that-is-at-least-32-characters-long",
    SECRETS_KEY: "b".repeat(64),
    JOB_RUNNER: "0",
    MAX_IMPORT_ROWS: String(Math.max(rows, 200_000)),
    MAX_IMPORT_BYTES: String(200 * 1024 * 1024),
  });
  delete process.env.SEED_DEMO;

  // App modules only now, so they read the environment above.
  const { getDb, migrateToLatest, newId, now } = await import("~/db/db.server");
  const { matchColumns } = await import("~/features/contact-import/column-mapping");
  const { receiveUpload } = await import("~/features/contact-import/upload.server");
  const store = await import("~/features/contact-import/import-store.server");
  const preview = await import("~/features/contact-import/preview.server");
  const runner = await import("~/features/contact-import/import-runner.server");
  const { storedFileExists } = await import("~/features/contact-import/import-files.server");
  // The import's commit announces its contacts (docs/decisions/0028-domain-events.md), as the server would.
  (await import("~/subscriptions.server")).registerSubscriptions();

  let peak = 0;
  let phasePeak = 0;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    peak = Math.max(peak, rss);
    phasePeak = Math.max(phasePeak, rss);
  }, 10);
  const seconds = (start: number) => (performance.now() - start) / 1000;
  const cpuSeconds = (start: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e6;
  };
  let cpu = process.cpuUsage();

  await migrateToLatest();
  const db = getDb();
  const tenantId = newId();
  const userId = newId();
  const listId = newId();
  const timestamp = now();
  await db.insertInto("tenants").values({ id: tenantId, name: "Bench", time_zone: "America/Toronto", created_at: timestamp, updated_at: timestamp }).execute();
  const role = await db
    .insertInto("roles")
    .values({ id: newId(), key: `bench-${tenantId}`, name: "Bench", permissions: "{}", created_at: timestamp })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("users")
    .values({
      id: userId,
      tenant_id: tenantId,
      role_id: role.id,
      email: "bench@example.test",
      name: "Bench",
      phone: null,
      caller_phone: null,
      password_hash: "x",
      email_verified_at: null,
      profile_picture: null,
      created_at: timestamp,
      updated_at: timestamp,
    })
    .execute();
  await db
    .insertInto("contact_lists")
    .values({ id: listId, tenant_id: tenantId, name: "Bench", name_key: "bench", created_at: timestamp, updated_at: timestamp })
    .execute();
  const { toE164 } = await import("~/features/phone/phone");
  const existing = [];
  for (let i = 0; i < rows; i++) {
    if (isPreExisting(i))
      existing.push({
        id: newId(),
        tenant_id: tenantId,
        list_id: listId,
        first_name: "Existing",
        phone: toE164(phoneOf(i))!,
        time_zone: null,
        opted_out_at: null,
        created_at: timestamp,
        updated_at: timestamp,
      });
  }
  for (let i = 0; i < existing.length; i += 500)
    await db
      .insertInto("contacts")
      .values(existing.slice(i, i + 500))
      .execute();

  // 1. Generate.
  const csv = path.join(dir, "generated.csv");
  let start = performance.now();
  await writeCsv(csv, rows);
  const generateSeconds = seconds(start);
  const fileBytes = fs.statSync(csv).size;

  global.gc?.();
  const rssBefore = process.memoryUsage.rss();

  // 2. Upload.
  const importId = newId();
  start = performance.now();
  cpu = process.cpuUsage();
  const received = await receiveUpload(multipartRequest(csv, "http://localhost/contacts/import"), importId);
  if (!received.ok) throw new Error(`upload refused: ${JSON.stringify(received.refusal)}`);
  await store.createImport({
    id: importId,
    tenantId,
    userId,
    fileName: "contacts.csv",
    storedFile: received.upload.storedFile,
    sizeBytes: received.upload.sizeBytes,
    rowCount: received.upload.dataRows,
    mapping: matchColumns(received.upload.header),
  });
  const uploadSeconds = seconds(start);
  const uploadCpuSeconds = cpuSeconds(cpu);
  if (received.upload.dataRows !== rows) throw new Error(`counted ${received.upload.dataRows} rows, wrote ${rows}`);
  fs.rmSync(csv);

  // 3. Preview: the mapping as guessed, every row classified, the invalid ones removed.
  start = performance.now();
  cpu = process.cpuUsage();
  const entry = await store.findImport(tenantId, importId);
  await store.saveMapping(tenantId, importId, matchColumns(received.upload.header));
  const mapped = (await store.findImport(tenantId, importId))!;
  const page = await preview.loadPreviewPage(mapped, "all", 1);
  const invalid = await preview.invalidRowNumbers(mapped);
  await store.removeRows(tenantId, importId, invalid);
  const previewSeconds = seconds(start);
  const previewCpuSeconds = cpuSeconds(cpu);
  if (!entry || page.counts.total !== rows) throw new Error("preview did not see every row");

  // 4. Import.
  if (!(await store.claimForImport(tenantId, importId, listId))) throw new Error("could not claim the import");
  const metrics = runner.emptyMetrics();
  phasePeak = 0;
  start = performance.now();
  cpu = process.cpuUsage();
  await runner.startImport(importId, tenantId, metrics);
  const importSeconds = seconds(start);
  const importCpuSeconds = cpuSeconds(cpu);
  const peakImport = phasePeak;
  const done = await store.findImport(tenantId, importId);
  if (done?.status !== "done") throw new Error(`import ended as ${done?.status}: ${done?.error}`);
  const contacts = await db
    .selectFrom("contacts")
    .select(({ fn }) => fn.countAll<number>().as("n"))
    .where("tenant_id", "=", tenantId)
    .where("list_id", "=", listId)
    .executeTakeFirstOrThrow();
  if (Number(contacts.n) !== done.imported_count + existing.length) throw new Error("the contacts table does not hold what the import reported");
  if (await storedFileExists(done.stored_file)) throw new Error("the stored file was not deleted");

  clearInterval(sampler);
  global.gc?.();
  const rssAfter = process.memoryUsage.rss();
  return {
    rows,
    fileBytes,
    generateSeconds,
    uploadSeconds,
    previewSeconds,
    importSeconds,
    uploadCpuSeconds,
    previewCpuSeconds,
    importCpuSeconds,
    parseSeconds: metrics.parseMs / 1000,
    classifySeconds: metrics.classifyMs / 1000,
    stageSeconds: metrics.stageMs / 1000,
    commitSeconds: metrics.commitMs / 1000,
    imported: done.imported_count,
    skipped: metrics.skipped,
    removedInvalid: invalid.length,
    rssBeforeMiB: mib(rssBefore),
    rssAfterMiB: mib(rssAfter),
    peakRssMiB: mib(peak),
    peakImportRssMiB: mib(peakImport),
    heapAfterMiB: mib(process.memoryUsage().heapUsed),
  };
}

/* ---------- The parent: one child per size, then the table ---------- */

function runSize(rows: number): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, "--expose-gc", SCRIPT, "--child", "--rows", String(rows)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = output.trim().split("\n").pop() ?? "";
      if (code !== 0 || !line.startsWith("{")) reject(new Error(`the ${rows.toLocaleString("en-US")}-row run failed (exit ${code})\n${output}`));
      else resolve(JSON.parse(line) as ChildResult);
    });
  });
}

const fmt = (value: number, digits = 2) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const whole = (value: number) => value.toLocaleString("en-US");

export function formatResults(results: ChildResult[], markdown: boolean) {
  const header = [
    "rows",
    "file",
    "upload s",
    "preview s",
    "import s",
    "parse s",
    "classify s",
    "stage s",
    "commit s",
    "import rows/s",
    "total s",
    "CPU s upload/preview/import",
    "imported",
    "skipped",
    "removed",
    "RSS before",
    "RSS after",
    "peak RSS (import)",
    "peak RSS",
  ];
  const body = results.map((r) => [
    whole(r.rows),
    `${fmt(r.fileBytes / 1024 / 1024, 1)} MiB`,
    fmt(r.uploadSeconds),
    fmt(r.previewSeconds),
    fmt(r.importSeconds),
    fmt(r.parseSeconds),
    fmt(r.classifySeconds),
    fmt(r.stageSeconds),
    fmt(r.commitSeconds),
    whole(Math.round(r.rows / r.importSeconds)),
    fmt(r.uploadSeconds + r.previewSeconds + r.importSeconds),
    `${fmt(r.uploadCpuSeconds)} / ${fmt(r.previewCpuSeconds)} / ${fmt(r.importCpuSeconds)}`,
    whole(r.imported),
    whole(r.skipped),
    whole(r.removedInvalid),
    `${fmt(r.rssBeforeMiB, 0)} MiB`,
    `${fmt(r.rssAfterMiB, 0)} MiB`,
    `${fmt(r.peakImportRssMiB, 0)} MiB`,
    `${fmt(r.peakRssMiB, 0)} MiB`,
  ]);
  if (markdown) {
    return [`| ${header.join(" | ")} |`, `|${header.map(() => "---:").join("|")}|`, ...body.map((cells) => `| ${cells.join(" | ")} |`)].join("\n");
  }
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i]!)).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: { rows: { type: "string" }, child: { type: "boolean" }, markdown: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) {
    console.log(
      "Usage: npm run bench:import -- [--rows N] [--markdown]\n  --rows N     one run of N rows (default: 100,000, then 200,000)\n  --markdown   print the table as Markdown",
    );
    return;
  }
  const requested = values.rows ? Number(values.rows.replace(/[_,]/g, "")) : null;
  if (requested !== null && (!Number.isInteger(requested) || requested < 1 || requested > 1_000_000)) {
    console.error(`--rows must be a whole number from 1 to 1,000,000, got "${values.rows}"`);
    process.exitCode = 2;
    return;
  }
  if (values.child) {
    console.log(JSON.stringify(await runChild(requested ?? TARGET_ROWS)));
    // The import's connections are closed; the database handle and timers are not worth waiting for.
    process.exit(0);
  }

  const sizes = requested ? [requested] : DEFAULT_SIZES;
  console.log(
    `Contact import benchmark on ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const results: ChildResult[] = [];
  for (const rows of sizes) {
    console.log(`… ${whole(rows)} rows`);
    results.push(await runSize(rows));
  }
  console.log();
  console.log(formatResults(results, Boolean(values.markdown)));
  console.log();
  console.log("upload = streamed multipart → disk, sniff, UTF-8 check, row count; preview = classify every row + remove invalid rows;");
  console.log("import = parse → classify → stage → insert in one transaction (parse/classify/stage/commit are its parts); total = upload + preview + import.");
  const reference = results.find((r) => r.rows === TARGET_ROWS);
  if (reference) {
    const pass = reference.importSeconds < TARGET_SECONDS;
    console.log(`${pass ? "PASS" : "FAIL"}: import of ${whole(TARGET_ROWS)} rows took ${fmt(reference.importSeconds)} s (target: under ${TARGET_SECONDS} s).`);
    const total = reference.uploadSeconds + reference.previewSeconds + reference.importSeconds;
    console.log(
      `${total < TARGET_SECONDS ? "PASS" : "FAIL"}: upload + preview + import of ${whole(TARGET_ROWS)} rows took ${fmt(
        total,
      )} s (the same target, end to end).`,
    );
  }
  if (results.length > 1) {
    const [small, large] = [results[0]!, results[results.length - 1]!];
    console.log(
      `Memory: peak RSS ${fmt(small.peakRssMiB, 0)} MiB at ${whole(small.rows)} rows, ${fmt(large.peakRssMiB, 0)} MiB at ${whole(large.rows)} rows (${whole(
        large.rows / small.rows,
      )}× the rows).`,
    );
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
