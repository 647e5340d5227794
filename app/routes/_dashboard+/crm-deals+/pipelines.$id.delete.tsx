import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ConfirmForm } from "~/components/ui/confirm-action";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackToDeals } from "~/features/deals/back-link";
import { pipelineName } from "~/features/deals/deal-rules";
import { DEALS_PATH } from "~/features/deals/list-params";
import { dealPaths, returnPath } from "~/features/deals/paths";
import { deletePipeline, getPipeline } from "~/features/deals/pipelines.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { backToConfirmation, FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/**
 * Deleting a pipeline with its stages: GET asks, POST deletes. Refused while
 * it holds deals, and for the tenant's only pipeline; the page says why.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "crm-deals");
  const pipeline = await getPipeline(tenant.id, params.id ?? "");
  if (!pipeline) notFound();
  const t = await getTranslator(request, "deals");
  return {
    title: t("pipelineDelete.title"),
    pipeline: { id: pipeline.id, name: pipelineName(pipeline, t) },
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo"), dealPaths.pipeline(pipeline.id)),
  };
}

export const meta = titleFromLoader;

const REFUSALS = { "has-deals": "validation.pipelineHasDeals", "last-pipeline": "validation.lastPipeline" } as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "crm-deals");
  const pipeline = await getPipeline(tenant.id, params.id ?? "");
  if (!pipeline) notFound();
  const t = await getTranslator(request, "deals");
  const deleted = await orFailed("Deleting a pipeline", () => deletePipeline(tenant.id, pipeline.id));
  if (deleted === FAILED) return redirectWithToast(backToConfirmation(request), { type: "error", key: "deals:failures.pipelineFailed" });
  if (!deleted.ok) {
    if (deleted.refusal === "has-deals" || deleted.refusal === "last-pipeline") return data({ refusal: REFUSALS[deleted.refusal] }, { status: 409 });
    notFound();
  }
  return redirectWithToast(DEALS_PATH, { type: "success", key: "deals:toast.pipelineDeleted", values: { name: pipelineName(pipeline, t) } });
}

export default function DeletePipelinePage() {
  const { t } = useTranslation("deals");
  const { pipeline, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("pipelineDelete.title")} back={<BackToDeals returnTo={returnTo} toPipeline />} />
      <Panel>
        <ConfirmForm confirmLabel={t("pipelineDelete.submit")} cancelHref={returnTo} submitting={submitting}>
          {actionData?.refusal ? (
            <div role="alert">
              <Notice tone="warning">{t(actionData.refusal)}</Notice>
            </div>
          ) : null}
          <p>{t("pipelineDelete.question", { name: pipeline.name })}</p>
        </ConfirmForm>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
