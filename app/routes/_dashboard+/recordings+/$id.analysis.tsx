import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireActionAccess } from "~/features/access/gate.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { AnalysisError } from "~/features/analysis/analysis";
import { analyzeCall } from "~/features/analysis/analysis.server";
import { getExtractor } from "~/features/post-call/extractor.server";
import { extractCall } from "~/features/post-call/results.server";
import { queueExtraction } from "~/features/post-call/subscriptions.server";
import { kickJobRunner } from "~/features/jobs/job-runner.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { readFormData } from "~/lib/http/form-body.server";

/**
 * POST /recordings/<id>/analysis: analyses the call's transcript now and
 * goes back to `returnTo` (the detail page by default) with a toast. A plain
 * form post, so it works without JavaScript. The call's post-call template
 * (docs/product/post-call.md) is filled again with it; that part also runs
 * on its own when a call ends, the general analysis only from here.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "recordings");
  const callId = params.id ?? "";
  const formData = await readFormData(request);
  const returnTo = safeRedirectPath(formData.get("returnTo"), `/recordings/${encodeURIComponent(callId)}`);
  try {
    await analyzeCall(tenant.id, callId);
  } catch (error) {
    // A 404 for another tenant's call passes through; only a failed analysis becomes a toast.
    if (error instanceof AnalysisError) return redirectWithToast(returnTo, { type: "error", key: "analysis:toast.failed" });
    throw error;
  }
  try {
    await extractCall(tenant.id, callId, getExtractor());
  } catch (error) {
    if (!(error instanceof AnalysisError)) throw error;
    // The analysis is stored; the template's part is left to the job, which tries again (its last good result stays meanwhile).
    await queueExtraction(tenant.id, callId);
    kickJobRunner();
    return redirectWithToast(returnTo, { type: "error", key: "post-call:toast.templateFailed" });
  }
  return redirectWithToast(returnTo, { type: "success", key: "analysis:toast.done" });
}

/** Nothing to show at this address: a bookmarked or reloaded URL lands on the recording. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/recordings/${encodeURIComponent(params.id ?? "")}`);
}
