import { getDb, type DB } from "~/db/db.server";
import { outboxJob } from "~/db/outbox.server";
import { subscribe } from "~/lib/events/bus.server";
import { getExtractor } from "./extractor.server";
import { extractCall } from "./results.server";
import { subscribeReruns } from "./reruns.server";

/**
 * A call that ends is analysed with its template after the commit (the
 * extractor may be a language model: nothing slow runs inside the ingest
 * transaction, docs/decisions/0028-domain-events.md). Tenants without a
 * template queue nothing. Registered by app/subscriptions.server.ts.
 */
export const extractJob = outboxJob<{ callId: string }>("post-call.extract");

/** Leaves a call's template to the job: after a failed attempt on request, the outbox tries again later. */
export function queueExtraction(tenantId: string, callId: string, db: DB = getDb()) {
  return db.transaction().execute((trx) => extractJob.enqueue(trx, tenantId, { callId }));
}

export function subscribePostCall() {
  subscribe("call.ended", async (trx, event) => {
    const any = await trx.selectFrom("post_call_templates").select("id").where("tenant_id", "=", event.tenantId).limit(1).executeTakeFirst();
    return any ? extractJob.enqueue(trx, event.tenantId, { callId: event.callId }) : 0;
  });
  // An extractor failure throws: the outbox tries again later, and the last good result stays meanwhile.
  extractJob.handle(async (job, { db }) => {
    await extractCall(job.tenantId, job.payload.callId, getExtractor(), { db });
  });
  subscribeReruns();
}
