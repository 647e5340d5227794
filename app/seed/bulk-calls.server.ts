import { CompiledQuery, sql } from "kysely";
import { buildCallRow } from "~/features/calls/call-row";
import type { TranscriptTurn } from "~/features/calls/derived-columns";
import { seededRandom } from "~/features/calls/wav";
import type { NewCall } from "~/db/schema";
import type { DB } from "~/db/db.server";
import { isPostgres } from "~/db/dialect";

/**
 * Synthetic calls in bulk, for benchmarks (`npm run seed:bulk`). Rows go
 * through buildCallRow like every other insert, in large transactions of
 * multi-row statements; the FTS triggers stay in place, so the search index
 * is in sync when the load ends. Rows are generated batch by batch, so memory
 * stays flat at any count. No audio.
 */

export const MAX_BULK_CALLS = 1_000_000;
export const RARE_TERM = "zebrafinch";
/** Share of rows whose transcript mentions RARE_TERM. */
const RARE_TERM_SHARE = 0.001;
const HISTORY_DAYS = 730;

export interface BulkInsertOptions {
  /** Rows per transaction. */
  batchSize?: number;
  onProgress?: (inserted: number, total: number) => void;
  /** The same seed gives the same rows (apart from ids). */
  seed?: number;
  now?: Date;
}

/* ---------- Vocabulary ---------- */

const CAMPAIGN_BASES = [
  "Spring Renewal",
  "Winter Promo",
  "Zahnarzt Terminerinnerung",
  "Solar Leads",
  "Customer Care",
  "Ökostrom Wechsel",
  "Kfz-Versicherung",
  "Dental Recall",
  "Fitness Reactivation",
  "Umfrage Kundenzufriedenheit",
  "Heat Pump Leads",
  "Übergabe Kundendienst",
  "Roof Inspection",
  "Steuerberatung Erstgespräch",
  "Gym Membership Upsell",
  "Ärztehaus Terminbestätigung",
  "Broadband Win-Back",
];
const CAMPAIGNS = CAMPAIGN_BASES.flatMap((base) => [`${base} 2025`, `${base} 2026`, `${base} Q4`]).slice(0, 50);
const AGENTS = [
  "Ava",
  "Ben",
  "Nora",
  "Émile",
  "Lena",
  "Jonas",
  "Sören",
  "Mia",
  "Chloé",
  "Liam",
  "Zoë",
  "Jürgen Bot",
  "Max",
  "Olivia",
  "Noah",
  "Sophie",
  "Ömer",
  "Hannah",
  "Luca",
  "Ida",
];
const FIRST_NAMES = [
  "Sarah",
  "Michael",
  "Priya",
  "David",
  "Emily",
  "James",
  "Olivia",
  "Noah",
  "Aisha",
  "Liam",
  "Chloé",
  "Ethan",
  "Grace",
  "Daniel",
  "René",
  "Jürgen",
  "Ömer",
  "Anna",
  "Lukas",
  "Sabine",
  "Thomas",
  "Elif",
  "Katrin",
  "Stefan",
  "Monika",
  "Felix",
  "Lea",
  "Jörg",
  "Ayşe",
  "Uwe",
];
const LAST_NAMES = [
  "Thompson",
  "O'Brien",
  "Patel",
  "Chen",
  "Carter",
  "Wilson",
  "Martin",
  "Tremblay",
  "Khan",
  "Murphy",
  "Gagnon",
  "Côté",
  "Nguyen",
  "Silva",
  "Müller",
  "Yılmaz",
  "Schröder",
  "Weiß",
  "Groß",
  "Strauß",
  "Ünal",
  "Böhm",
  "Köhler",
  "Hoffmann",
  "Schäfer",
  "Krüger",
  "Vogel",
  "Öztürk",
  "Meißner",
  "Zöllner",
  "Becker",
  "Demir",
];
const COMPANY_STEMS = [
  "Maple Leaf",
  "Northwind",
  "Lakeshore",
  "Bayview",
  "Harbourfront",
  "Apex",
  "Crescent",
  "Müller",
  "Özil",
  "Schröder",
  "Weiß",
  "Bäcker",
  "Strauß",
  "Übersee",
  "Köhler",
  "Ärztehaus",
  "Lindenhof",
  "Alpen",
  "Nordlicht",
  "Rheintal",
];
const COMPANY_KINDS = ["Dental", "Logistics", "Haustechnik GmbH", "Handels GmbH", "Realty", "Immobilien", "Elektro KG", "Roofing Ltd.", "Café", "Partner"];

// A few hundred words, most common first; a Zipf draw over them gives realistic term frequencies.
const WORDS = (
  "the you to and a I is for your we it of that this on can be in call have with please yes thank thanks would will about an appointment " +
  "my at what me if our just so do get time here like know need can't today number account okay sure one now could tomorrow monday friday " +
  "Termin Sie ich und der die das ist nicht Ihnen gern bitte danke heute morgen Uhr Rechnung Vertrag Rückruf Woche " +
  "invoice renewal price plan order delivery payment card email address phone support ticket problem issue question help service contract " +
  "booking schedule confirm cancel change update reminder discount offer quote install technician visit roof panels solar heating " +
  "insurance policy claim refund credit balance minutes usage upgrade downgrade trial subscription annual monthly weekly morning afternoon evening " +
  "Zahnarzt Praxis Kontrolle Versicherung Abschlag Strom Ökostrom Wechsel Angebot Beratung Kunde Kundin Nummer Adresse Straße Müller Größe " +
  "weiß schön Grüße Tschüss Auf Wiederhören Entschuldigung leider natürlich genau richtig vielleicht später früher nächste letzte " +
  "manager colleague team office branch store warehouse shipment package tracking return exchange warranty repair replacement parts model " +
  "serial login password reset access dashboard report export import integration calendar reschedule availability slot confirmed pending " +
  "urgent important simple quick easy happy unhappy angry disappointed satisfied great excellent terrible awful fine good bad better worse " +
  "Toronto Berlin München Hamburg Köln Ottawa Montreal Vancouver Stuttgart Frankfurt Düsseldorf Leipzig Dresden Hannover Nürnberg Bremen"
).split(/\s+/);

const FEEDBACK_TEXTS = ["", "Great call.", "Not helpful.", "Sehr freundlich.", "Zu lang.", "Okay."];

function zipfSampler(random: () => number, size: number) {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 1; rank <= size; rank++) cumulative.push((total += 1 / rank));
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/* ---------- Rows ---------- */

export function makeRowFactory(tenantId: string, count: number, seed: number, now: Date) {
  const random = seededRandom(seed);
  const word = zipfSampler(random, WORDS.length);
  const capitalised = WORDS.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, "0");
  const phone = () =>
    random() < 0.6 ? `+1${pick(["416", "647", "905", "613", "514", "604"])}555${digits(4)}` : `+49${pick(["151", "160", "176", "30", "89"])}${digits(7)}`;
  const sentence = (rare: boolean) => {
    const length = 5 + Math.floor(random() * 10);
    const rareAt = rare ? Math.floor(random() * length) : -1;
    let text = "";
    for (let i = 0; i < length; i++) {
      if (i === rareAt) text += `${RARE_TERM} `;
      text += i === 0 ? capitalised[word()]! : ` ${WORDS[word()]!}`;
    }
    return `${text}.`;
  };
  // External ids of one run never collide with another run's in the same tenant.
  const runTag = crypto.randomUUID().slice(0, 8);
  const end = now.getTime() - 60_000;
  const span = HISTORY_DAYS * 86_400_000;

  return (index: number): NewCall => {
    const roll = random();
    const status = roll < 0.85 ? "ended" : roll < 0.93 ? "missed" : "voicemail";
    const direction = random() < 0.5 ? "inbound" : "outbound";
    const business = random() < 0.6 ? "+14165550100" : "+493055501000";
    const customer = phone();
    // Calls arrive in time order across the run (append-friendly for the created_at index), with jitter.
    const endedAt = end - span + ((index + random()) / count) * span;
    const durationSeconds = status === "missed" ? 0 : status === "voicemail" ? 8 + Math.floor(random() * 50) : 20 + Math.floor(random() ** 2 * 880);
    const userName = random() < 0.97 ? `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}` : null;
    const userCompany = random() < 0.8 ? `${pick(COMPANY_STEMS)} ${pick(COMPANY_KINDS)}` : null;
    let transcript: TranscriptTurn[] | null = null;
    if (status !== "missed") {
      const rareAt = random() < RARE_TERM_SHARE ? 0 : -1;
      const turns = status === "voicemail" ? 1 : 2 + Math.floor(random() * 3);
      const step = Math.max(1, durationSeconds / turns);
      transcript = [];
      for (let turn = 0; turn < turns; turn++) {
        const text = random() < 0.2 ? `${sentence(turn === rareAt)} ${sentence(false)}` : sentence(turn === rareAt);
        const speaker = status === "voicemail" || turn % 2 === 1 ? "customer" : "agent";
        transcript.push({ speaker, text, startSeconds: Math.round((0.5 + turn * step) * 10) / 10 });
      }
    }
    const rating = status === "ended" && random() < 0.12 ? 1 + Math.floor(random() * 5) : null;
    const createdAt = new Date(endedAt).toISOString();
    const row = buildCallRow({
      id: crypto.randomUUID(),
      tenantId,
      externalId: `bulk-${runTag}-${index}`,
      status,
      direction,
      from: direction === "inbound" ? customer : business,
      to: direction === "inbound" ? business : customer,
      campaignName: random() < 0.92 ? pick(CAMPAIGNS) : null,
      campaignType: direction,
      agentName: random() < 0.98 ? pick(AGENTS) : null,
      userName,
      userCompany,
      caller: userName ? { name: userName, company: userCompany } : null,
      transcript,
      summary: transcript ? sentence(false) : null,
      durationSeconds,
      extractedData: status === "ended" && random() < 0.3 ? { callbackRequested: random() < 0.5 } : null,
      escalated: status === "ended" && random() < 0.05,
      startedAt: status === "missed" ? null : new Date(endedAt - durationSeconds * 1000).toISOString(),
      queuedAt: status === "missed" ? new Date(endedAt - 30_000).toISOString() : null,
      endedAt: createdAt,
      createdAt,
    });
    // Assigned rather than spread into a new object literal: spreading ~45 properties per row doubled the generation time.
    row.audio_file = null;
    row.audio_mime = null;
    row.audio_bytes = null;
    row.analysis = null;
    row.analysis_status = "none";
    row.analysis_provider = null;
    row.analyzed_at = null;
    row.sentiment = null;
    row.feedback_rating = rating;
    row.feedback_text = rating === null ? null : pick(FEEDBACK_TEXTS);
    row.feedback_at = rating === null ? null : createdAt;
    return row;
  };
}

/* ---------- Insert ---------- */

/** Rows per INSERT statement: well under SQLite's 32,766 bound parameters. */
const ROWS_PER_STATEMENT = 200;

function insertStatement(columns: readonly string[], rows: number, postgres: boolean) {
  if (postgres) {
    const tuples = Array.from({ length: rows }, (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(",")})`);
    return `insert into calls (${columns.join(",")}) values ${tuples.join(",")}`;
  }
  const tuple = `(${columns.map(() => "?").join(",")})`;
  return `insert into calls (${columns.join(",")}) values ${Array.from({ length: rows }, () => tuple).join(",")}`;
}

/** A bigger page cache while loading: the sort indexes take random inserts, and at a million rows they outgrow SQLite's 2 MB default. */
const LOAD_CACHE_KIB = 64 * 1024;

export async function insertSyntheticCalls(
  db: DB,
  tenantId: string,
  count: number,
  { batchSize = 5_000, onProgress, seed = 1, now = new Date() }: BulkInsertOptions = {},
) {
  if (!Number.isInteger(count) || count < 0 || count > MAX_BULK_CALLS) throw new RangeError(`count must be a whole number from 0 to ${MAX_BULK_CALLS}`);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new RangeError("batchSize must be a positive whole number");
  const tenant = await db.selectFrom("tenants").select("id").where("id", "=", tenantId).executeTakeFirst();
  if (!tenant) throw new Error(`no tenant with id ${tenantId}`);

  const makeRow = makeRowFactory(tenantId, Math.max(1, count), seed, now);
  // Every generated row has the same keys, so one column list and one statement text serve the whole load.
  const columns = Object.keys(makeRowFactory(tenantId, 1, seed, now)(0));
  const postgres = isPostgres(db);
  const fullStatement = insertStatement(columns, ROWS_PER_STATEMENT, postgres);
  const started = performance.now();
  let inserted = 0;

  const previousCache = postgres ? null : await sql<{ cache_size: number }>`pragma cache_size`.execute(db);
  if (!postgres) await sql.raw(`pragma cache_size = -${LOAD_CACHE_KIB}`).execute(db);
  try {
    while (inserted < count) {
      const batchEnd = Math.min(count, inserted + batchSize);
      await db.transaction().execute(async (trx) => {
        for (let from = inserted; from < batchEnd; from += ROWS_PER_STATEMENT) {
          const rows = Math.min(ROWS_PER_STATEMENT, batchEnd - from);
          const parameters: unknown[] = [];
          for (let i = 0; i < rows; i++) {
            const row = makeRow(from + i) as Record<string, unknown>;
            for (const column of columns) parameters.push(row[column] ?? null);
          }
          await trx.executeQuery(CompiledQuery.raw(rows === ROWS_PER_STATEMENT ? fullStatement : insertStatement(columns, rows, postgres), parameters));
        }
      });
      inserted = batchEnd;
      onProgress?.(inserted, count);
    }
  } finally {
    if (previousCache) await sql.raw(`pragma cache_size = ${Number(previousCache.rows[0]?.cache_size ?? -2000)}`).execute(db);
  }
  return { inserted, seconds: (performance.now() - started) / 1000 };
}
