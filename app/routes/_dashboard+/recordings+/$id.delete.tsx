import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Panel } from "~/components/ui/panel";
import { requireActionAccess } from "~/features/access/gate.server";
import { DeleteRecordingForm } from "~/features/recordings/delete-recording-form";
import { deleteCall, getCallForTenant, recordingSummaryLine, returnPath, returnPathAfterDelete } from "~/features/recordings/recording.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { formatDateTime } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["recording"] };

/**
 * Deleting a recording: GET shows a confirmation page (so it works without
 * JavaScript), POST deletes the call and its audio. With scripts, the list
 * and the detail page show the same form in a dialog.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "recordings");
  const call = params.id ? await getCallForTenant(tenant.id, params.id) : undefined;
  if (!call) notFound();
  const t = await getTranslator(request, "recording");
  return {
    title: t("delete.title"),
    timeZone: tenant.timeZone,
    call: {
      id: call.id,
      createdAt: call.created_at,
      direction: call.direction,
      from: call.from_number,
      to: call.to_number,
      campaignName: call.campaign_name,
      summaryLine: recordingSummaryLine(call),
    },
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "recordings");
  const callId = params.id ?? "";
  const returnTo = (await readFormData(request)).get("returnTo");
  let deleted: boolean;
  try {
    deleted = await deleteCall(tenant.id, callId);
  } catch (error) {
    console.error(`Failed to delete recording ${callId}`, error);
    return redirectWithToast(returnPath(returnTo), { type: "error", key: "recording:toast.deleteFailed" });
  }
  if (!deleted) notFound();
  return redirectWithToast(returnPathAfterDelete(returnTo, callId), { type: "success", key: "recording:toast.deleted" });
}

export default function DeleteRecordingPage() {
  const { t, i18n } = useTranslation("recording");
  const { call, timeZone, returnTo } = useLoaderData<typeof loader>();
  const submitting = useIsPending();
  const parts = [
    formatDateTime(call.createdAt, i18n.language, timeZone),
    t(`direction.${call.direction}`, { defaultValue: call.direction }),
    call.from || call.to ? `${call.from ?? "–"} → ${call.to ?? "–"}` : null,
    call.campaignName,
  ].filter(Boolean);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("delete.title")}</h1>
      <Panel>
        <DeleteRecordingForm
          callId={call.id}
          returnTo={returnTo}
          submitting={submitting}
          summaryLine={
            <span className="block space-y-1" data-testid="delete-summary">
              <span className="block font-medium">{parts.join(" · ")}</span>
              {call.summaryLine ? <span className="block">{call.summaryLine}</span> : null}
            </span>
          }
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
