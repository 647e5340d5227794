import { ensureSubscriptions } from "~/lib/events/bus.server";
import { getDb, newId, type DB } from "./db.server";

/**
 * The outbox (docs/decisions/0028-domain-events.md): durable jobs that a
 * subscriber enqueues in the transaction of the change, and the job runner
 * (app/features/jobs/job-runner.server.ts) carries out after commit: a push
 * to Cal.com, an email. A crash between commit and sending loses nothing; the
 * next pass sends it.
 *
 * Like the integration deliveries (docs/decisions/0024): a runner takes a due
 * job under a lease, so two runners never work one job at once and a runner
 * that died frees it when the lease runs out; a job that throws is tried again
 * later, with the delay doubled each time, and after MAX_ATTEMPTS it is
 * marked failed and logged. Jobs run at least once, so each handler must be
 * safe to run again after a crash mid-way.
 */
export interface OutboxJob<P = unknown> {
  id: string;
  tenantId: string;
  kind: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
}

/** A job a handler asks for next (Cal.com did not take a change: the email goes instead), enqueued when the job is settled. */
export interface FollowUp {
  kind: string;
  tenantId: string;
  payload: unknown;
}

export type JobHandler<P> = (job: OutboxJob<P>, context: { db: DB }) => Promise<FollowUp[] | void>;

const jobHandlers = new Map<string, JobHandler<unknown>>();

/** Tries in all: the first and five retries, 30 s, 1, 2, 4 and 8 minutes apart. */
export const MAX_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 3_600_000;
/** How a job ended: the number of follow-ups it enqueued, or null when it failed (tried again later, or failed for good). */
type Outcome = number | null;

/** Longer than any one job takes (an email, one Cal.com request with its timeout). */
const LEASE_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

/**
 * A kind of job: its payload's type, how to enqueue one, and (once, from a
 * feature's subscriptions module) what carries it out.
 */
export function outboxJob<P>(kind: string) {
  return {
    kind,
    followUp: (tenantId: string, payload: P): FollowUp => ({ kind, tenantId, payload }),
    enqueue: (trx: DB, tenantId: string, payload: P) => enqueueJobs(trx, [{ kind, tenantId, payload }]),
    handle(handler: JobHandler<P>) {
      jobHandlers.set(kind, handler as JobHandler<unknown>);
    },
  };
}

/** Enqueues jobs in the caller's transaction, due at once; returns how many. */
export async function enqueueJobs(trx: DB, jobs: readonly FollowUp[], at = new Date()): Promise<number> {
  if (jobs.length === 0) return 0;
  const timestamp = at.toISOString();
  await trx
    .insertInto("outbox_jobs")
    .values(
      jobs.map((job) => ({
        id: newId(),
        tenant_id: job.tenantId,
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        status: "queued",
        attempts: 0,
        next_attempt_at: timestamp,
        lease_owner: null,
        lease_until: null,
        last_error: null,
        created_at: timestamp,
        updated_at: timestamp,
        finished_at: null,
      })),
    )
    .execute();
  return jobs.length;
}

export interface OutboxRunOptions {
  db?: DB;
  owner: string;
  now?: () => Date;
  /** Jobs taken per pass. */
  limit?: number;
}

/**
 * One pass: takes the due jobs (queued, or running under an expired lease)
 * and carries each out once. Follow-ups a job asked for are due at once and
 * taken in the same pass (a Cal.com push that failed is followed by its email
 * without waiting for the next interval).
 */
export async function runDueOutboxJobs(options: OutboxRunOptions): Promise<{ attempted: number; done: number }> {
  const db = options.db ?? getDb();
  const now = options.now ?? (() => new Date());
  // The handlers register with the subscribers (app/subscriptions.server.ts).
  await ensureSubscriptions();
  let attempted = 0;
  let done = 0;
  // A follow-up's follow-up at most: no handler chains further.
  for (let round = 0; round < 3; round++) {
    const at = now().toISOString();
    const due = await db
      .selectFrom("outbox_jobs")
      .select("id")
      .where((eb) =>
        eb.or([eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", at)]), eb.and([eb("status", "=", "running"), eb("lease_until", "<", at)])]),
      )
      .orderBy("next_attempt_at")
      .orderBy("created_at")
      .limit(options.limit ?? 50)
      .execute();
    let followUps = 0;
    for (const { id } of due) {
      const job = await claim(db, id, options.owner, now());
      if (!job) continue;
      attempted++;
      const outcome = await carryOut(db, job, options.owner, now);
      if (outcome !== null) {
        done++;
        followUps += outcome;
      }
    }
    if (followUps === 0) break;
  }
  return { attempted, done };
}

async function claim(db: DB, id: string, owner: string, now: Date) {
  const at = now.toISOString();
  const result = await db
    .updateTable("outbox_jobs")
    .set((eb) => ({
      status: "running",
      attempts: eb("attempts", "+", 1),
      lease_owner: owner,
      lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
      updated_at: at,
    }))
    .where("id", "=", id)
    .where((eb) =>
      eb.or([eb.and([eb("status", "=", "queued"), eb("next_attempt_at", "<=", at)]), eb.and([eb("status", "=", "running"), eb("lease_until", "<", at)])]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return db.selectFrom("outbox_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

class LeaseLost extends Error {}

async function carryOut(
  db: DB,
  row: { id: string; tenant_id: string; kind: string; payload: string; attempts: number },
  owner: string,
  now: () => Date,
): Promise<Outcome> {
  const job: OutboxJob = { id: row.id, tenantId: row.tenant_id, kind: row.kind, payload: JSON.parse(row.payload) as unknown, attempt: row.attempts };
  try {
    const handler = jobHandlers.get(row.kind);
    // A job of a kind this build does not know (one enqueued by a newer server during a deploy): later, or failed in the end.
    if (!handler) throw new Error(`no handler for outbox jobs of kind ${row.kind}`);
    const followUps = (await handler(job, { db })) ?? [];
    const at = now();
    // Done and what follows in one transaction, and only while the lease is ours: a runner that took over settles it instead.
    const settled = await db
      .transaction()
      .execute(async (trx) => {
        const settled = await trx
          .updateTable("outbox_jobs")
          .set({ status: "done", lease_owner: null, lease_until: null, last_error: null, updated_at: at.toISOString(), finished_at: at.toISOString() })
          .where("id", "=", row.id)
          .where("status", "=", "running")
          .where("lease_owner", "=", owner)
          .executeTakeFirst();
        if (Number(settled.numUpdatedRows) !== 1) throw new LeaseLost();
        return enqueueJobs(trx, followUps, at);
      })
      .catch((error: unknown) => {
        if (error instanceof LeaseLost) return 0;
        throw error;
      });
    return settled;
  } catch (error) {
    const at = now();
    const last = row.attempts >= MAX_ATTEMPTS;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    if (last) console.error(`outbox job ${row.kind} ${row.id} failed for good after ${row.attempts} attempts:`, error);
    else console.warn(`outbox job ${row.kind} ${row.id} failed (attempt ${row.attempts}), tried again later: ${message}`);
    await db
      .updateTable("outbox_jobs")
      .set({
        status: last ? "failed" : "queued",
        next_attempt_at: last ? at.toISOString() : new Date(at.getTime() + retryDelayMs(row.attempts)).toISOString(),
        lease_owner: null,
        lease_until: null,
        last_error: message,
        updated_at: at.toISOString(),
        finished_at: last ? at.toISOString() : null,
      })
      .where("id", "=", row.id)
      .where("status", "=", "running")
      .where("lease_owner", "=", owner)
      .execute();
    return null;
  }
}

/** After the nth failed try: 30 s doubled per try, at most 6 hours. */
export function retryDelayMs(attempts: number) {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Done jobs after a week, failed ones after 30 days (their error is kept that long for whoever looks). */
export async function purgeFinishedOutboxJobs(now: Date, db: DB = getDb()) {
  const result = await db
    .deleteFrom("outbox_jobs")
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "done"), eb("finished_at", "<", new Date(now.getTime() - 7 * DAY_MS).toISOString())]),
        eb.and([eb("status", "=", "failed"), eb("finished_at", "<", new Date(now.getTime() - 30 * DAY_MS).toISOString())]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
