import { subscribe } from "~/lib/events/bus.server";
import { feedbackRequestJob, queueFeedbackRequest, sendFeedbackRequest } from "./requests.server";

/**
 * A campaign that asks for feedback emails its contact a rating link once
 * the call ended answered (docs/product/feedback.md#rating-link): the
 * request and its job join the transaction of the call's end, and the job
 * runner sends the email after commit (docs/decisions/0028-domain-events.md).
 */
export function subscribeFeedback() {
  subscribe("call.ended", (trx, event) => queueFeedbackRequest(trx, event.tenantId, event.callId));
  feedbackRequestJob.handle(async (job, { db }) => {
    await sendFeedbackRequest(job.tenantId, job.payload.requestId, { db });
  });
}
