import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Panel } from "~/components/ui/panel";
import { requireActionAccess } from "~/features/access/gate.server";
import { FeedbackSchema } from "~/features/recordings/feedback/feedback-schema";
import { FeedbackForm } from "~/features/recordings/feedback/feedback-form";
import type { FeedbackActionData, FeedbackPageData } from "~/features/recordings/feedback/feedback-page";
import { feedbackMoments, getCallForTenant, recordingSummaryLine, returnPath, saveFeedback } from "~/features/recordings/recording.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["recording"] };

/**
 * Customer feedback on one recording: a rating from 1 to 5 and optional text.
 * The page works without JavaScript; with it, the list and the detail page
 * open the same form in a dialog (which reads this loader for the current values).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "recordings");
  const call = params.id ? await getCallForTenant(tenant.id, params.id) : undefined;
  if (!call) notFound();
  const t = await getTranslator(request, "recording");
  return {
    title: t("feedback.title"),
    callId: call.id,
    summaryLine: recordingSummaryLine(call),
    feedback: call.feedback_rating === null ? null : { rating: call.feedback_rating, text: call.feedback_text, moment: call.feedback_moment_seconds },
    moments: feedbackMoments(call),
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo"), `/recordings/${call.id}`),
    constraint: getZodConstraint(FeedbackSchema),
  } satisfies FeedbackPageData;
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "recordings");
  const callId = params.id ?? "";
  // Another tenant's id is unknown here, whatever the form says.
  if (!(await getCallForTenant(tenant.id, callId))) notFound();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: FeedbackSchema });
  if (submission.status !== "success") return data({ result: submission.reply() } satisfies FeedbackActionData, { status: 400 });
  if (!(await saveFeedback(tenant.id, callId, submission.value))) notFound();
  return redirectWithToast(returnPath(formData.get("returnTo"), `/recordings/${callId}`), { type: "success", key: "recording:toast.feedbackSaved" });
}

export default function RecordingFeedbackPage() {
  const { t } = useTranslation("recording");
  const { callId, summaryLine, feedback, returnTo, constraint, moments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("feedback.title")}</h1>
      <Panel>
        <div className="space-y-4">
          {summaryLine ? <p className="text-sm text-slate-600 dark:text-slate-300">{summaryLine}</p> : null}
          <FeedbackForm
            callId={callId}
            returnTo={returnTo}
            defaultValue={feedback}
            lastResult={actionData?.result}
            submitting={submitting}
            constraint={constraint}
            moments={moments}
          />
        </div>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
