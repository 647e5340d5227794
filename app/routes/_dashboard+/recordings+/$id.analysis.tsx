import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireActionAccess } from "~/features/access/gate.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { AnalysisError } from "~/features/analysis/analysis";
import { analyzeCall } from "~/features/analysis/analysis.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { readFormData } from "~/lib/http/form-body.server";

/**
 * POST /recordings/<id>/analysis: analyses the call's transcript now and
 * goes back to `returnTo` (the detail page by default) with a toast. A plain
 * form post, so it works without JavaScript. Analysis never runs on its own;
 * this is the only way in.
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
  return redirectWithToast(returnTo, { type: "success", key: "analysis:toast.done" });
}

/** Nothing to show at this address: a bookmarked or reloaded URL lands on the recording. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/recordings/${encodeURIComponent(params.id ?? "")}`);
}
