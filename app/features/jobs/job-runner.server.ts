import { syncDueCalcomConnections } from "~/features/calcom/scheduled-sync.server";
import { pruneGateChanges } from "~/features/access/gate-changes.server";
import { purgeOldNotifications } from "~/features/notifications/purge.server";
import { runDueDeliveries } from "~/features/integrations/delivery/deliveries.server";
import { purgeExpiredLogs } from "~/features/integrations/delivery/log-retention.server";
import { purgeExpiredTranscripts } from "~/features/agents/retention.server";
import type { GuardOptions } from "~/lib/outbound/guard.server";
import { purgeFinishedOutboxJobs, runDueOutboxJobs } from "~/db/outbox.server";
import os from "node:os";
import { getEnv } from "~/config/env.server";
import { getDb, type DB } from "~/db/db.server";
import { createVoicePlatform } from "~/features/voice-platform/voice-platform.server";
import type { VoicePlatform } from "~/features/voice-platform/voice-platform";
import { jobRunnerLag, jobRunnerQueueDepth, jobRunnerTicks } from "~/lib/observability/metrics.server";
import { currentContext, runWithContext } from "~/lib/observability/request-context.server";
import { runBillingJobs } from "~/features/billing/billing-jobs.server";
import { runNotificationDigests } from "~/features/notifications/digest.server";
import { advanceCampaign, findDueCampaigns, releaseAllLeases, releaseLeasesOfStoppedCampaigns, type RunContext } from "../campaigns/campaign-runs.server";

/**
 * The in-process job runner (docs/decisions/0008-campaign-runner.md). Every
 * interval it looks for campaigns with a run due and advances each by one
 * batch; the run's state is in the database only, so any runner (this
 * process after a restart, or another process) can carry on where another
 * stopped. One batch per tick and campaign paces dispatch and makes a pause
 * take effect within one interval.
 */
export interface JobRunnerOptions {
  intervalMs: number;
  /** How long a claim on a run holds without renewal; another runner takes an expired run over. */
  leaseMs?: number;
  /** Contacts dispatched per campaign and tick. */
  batchSize?: number;
  voicePlatform?: VoicePlatform;
  db?: DB;
  /** This runner's name in lease_owner. */
  owner?: string;
  now?: () => Date;
  onError?: (error: unknown) => void;
  /** Tests only: how integration deliveries judge addresses (the outbound guard's options). */
  deliveryGuard?: GuardOptions;
  /** Tests only: see RunContext.beforeTakingContact. */
  beforeTakingContact?: (contactId: string) => Promise<void>;
}

export const DEFAULT_BATCH_SIZE = 5;
/** How often expired integration logs are purged. */
const PURGE_INTERVAL_MS = 3_600_000;

export class JobRunner {
  readonly owner: string;
  private readonly context: RunContext;
  private readonly intervalMs: number;
  private readonly onError: (error: unknown) => void;
  private timer: ReturnType<typeof setInterval> | undefined;
  private current: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private lastPurge = 0;
  private readonly deliveryGuard: GuardOptions | undefined;

  constructor(options: JobRunnerOptions) {
    this.owner = options.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
    this.intervalMs = options.intervalMs;
    this.onError = options.onError ?? ((error) => console.error("Job runner:", error));
    this.deliveryGuard = options.deliveryGuard;
    this.context = {
      db: options.db ?? getDb(),
      owner: this.owner,
      leaseMs: options.leaseMs ?? Math.max(60_000, 4 * options.intervalMs),
      batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
      voicePlatform: options.voicePlatform ?? createVoicePlatform(),
      now: options.now ?? (() => new Date()),
      beforeTakingContact: options.beforeTakingContact,
    };
  }

  /** Ticks at once (resuming runs whose lease expired while nobody ran) and then every interval. */
  start() {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** A tick as soon as possible; a tick already under way is followed by one more. */
  kick() {
    if (this.stopped) return;
    void this.tick().catch(this.onError);
  }

  /** One pass over the due campaigns. Ticks never overlap; asking during one queues exactly one more. */
  tick(): Promise<void> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped);
      } finally {
        this.current = undefined;
      }
    })();
    return this.current;
  }

  private pass() {
    // A tick a request kicked logs under that request's id; one the timer started gets an id of its own.
    return currentContext() ? this.passOnce() : runWithContext({ requestId: `job-${crypto.randomUUID()}` }, () => this.passOnce());
  }

  private async passOnce() {
    const now = this.context.now();
    try {
      await runBillingJobs(now, { db: this.context.db });
    } catch (error) {
      this.onError(error);
    }
    try {
      await syncDueCalcomConnections(now, this.context.db);
    } catch (error) {
      this.onError(error);
    }
    try {
      await runDueDeliveries({ db: this.context.db, owner: this.owner, now: this.context.now, guard: this.deliveryGuard });
      if (now.getTime() - this.lastPurge >= PURGE_INTERVAL_MS) {
        this.lastPurge = now.getTime();
        await purgeExpiredLogs(now, this.context.db);
        await purgeFinishedOutboxJobs(now, this.context.db);
        await purgeExpiredTranscripts(now, this.context.db);
        await pruneGateChanges(this.context.db);
        await purgeOldNotifications(now, this.context.db);
      }
    } catch (error) {
      this.onError(error);
    }
    try {
      // Before the outbox pass, so a digest claimed now is sent in this tick.
      await runNotificationDigests(now, this.context.db);
    } catch (error) {
      this.onError(error);
    }
    try {
      // What changes enqueued for after their commit (Cal.com pushes, appointment emails; docs/decisions/0028-domain-events.md).
      await runDueOutboxJobs({ db: this.context.db, owner: this.owner, now: this.context.now });
    } catch (error) {
      this.onError(error);
    }
    await releaseLeasesOfStoppedCampaigns(this.context.db, this.owner);
    const due = await findDueCampaigns(this.context.db, now);
    jobRunnerTicks.inc();
    jobRunnerQueueDepth.set(due.length);
    const oldest = due.reduce((min, campaign) => Math.min(min, Date.parse(campaign.next_run_at ?? "") || now.getTime()), now.getTime());
    jobRunnerLag.set(Math.max(0, (now.getTime() - oldest) / 1000));
    for (const campaign of due) {
      if (this.stopped) return;
      try {
        await advanceCampaign(this.context, campaign);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /**
   * Stops ticking and waits for the batch under way. A clean stop releases
   * this runner's leases, so the next runner continues at once; without it
   * (a crash, or `releaseLeases: false` in tests) they expire after leaseMs.
   */
  async stop({ releaseLeases = true } = {}) {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
    if (releaseLeases) await releaseAllLeases(this.context.db, this.owner);
  }
}

let instance: JobRunner | undefined;

/** The server's runner, configured from the environment. */
export function startJobRunner(options: Partial<JobRunnerOptions> = {}) {
  if (instance) return instance;
  const env = getEnv();
  instance = new JobRunner({
    intervalMs: env.JOB_RUNNER_INTERVAL_MS,
    // A call in flight must never outlive the lease that protects it.
    leaseMs: Math.max(60_000, 4 * env.JOB_RUNNER_INTERVAL_MS, 3 * env.VOICE_PLATFORM_TIMEOUT_MS),
    ...options,
  });
  instance.start();
  return instance;
}

export async function stopJobRunner() {
  const runner = instance;
  instance = undefined;
  await runner?.stop();
}

/** After a start or resume that is due now: dispatch without waiting for the next interval. Does nothing when no runner runs here. */
export function kickJobRunner() {
  instance?.kick();
}
