import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button } from "~/components/ui/button";
import { CancelAction } from "~/components/ui/confirm-action";
import { cn } from "~/components/ui/cn";
import { FormErrors, formWidthClass, SelectField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackToDeals } from "~/features/deals/back-link";
import { stageName } from "~/features/deals/deal-rules";
import { dealPaths, returnPath } from "~/features/deals/paths";
import { dealCountsByStage, getPipeline, listStages } from "~/features/deals/pipelines.server";
import { removeStageSchema, type RemoveStageFields } from "~/features/deals/schemas";
import { removeStage, type StageRefusal } from "~/features/deals/stage-editing.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/**
 * Removing a stage of a pipeline. A stage that holds deals asks where they
 * go (another stage of the pipeline; a lost one asks why, once for all of
 * them); the deals move by the rules of a move, then the stage goes, in one
 * transaction. The pipeline's last open stage is not removed.
 */
async function load(request: Request, params: { id?: string; stageId?: string }) {
  const { tenant } = await requireActionAccess(request, "delete", "crm-deals");
  const pipeline = await getPipeline(tenant.id, params.id ?? "");
  if (!pipeline) notFound();
  const stages = await listStages(tenant.id, pipeline.id);
  const stage = stages.find((each) => each.id === params.stageId);
  if (!stage) notFound();
  return { tenant, pipeline, stages, stage };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant, pipeline, stages, stage } = await load(request, params);
  const t = await getTranslator(request, "deals");
  const counts = await dealCountsByStage(tenant.id, pipeline.id);
  return {
    title: t("stageDelete.title"),
    stage: { id: stage.id, name: stageName(stage, t), deals: counts.get(stage.id) ?? 0 },
    targets: stages
      .filter((each) => each.id !== stage.id)
      .map((each) => ({ id: each.id, name: each.kind === "open" ? stageName(each, t) : `${stageName(each, t)} (${t(`kinds.${each.kind}`)})` })),
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo"), dealPaths.pipeline(pipeline.id)),
    constraint: getZodConstraint(removeStageSchema),
  };
}

export const meta = titleFromLoader;

const REFUSALS: Partial<Record<StageRefusal, [field: string, message: string]>> = {
  "target-required": ["targetStageId", "validation.targetRequired"],
  "stage-unknown": ["targetStageId", "validation.stageUnknown"],
  "lost-reason-required": ["lostReason", "validation.lostReasonRequired"],
  "lost-reason-too-long": ["lostReason", "validation.lostReasonTooLong"],
  "last-open-stage": ["", "validation.lastOpenStage"],
  "changed-meanwhile": ["", "validation.changedMeanwhile"],
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant, pipeline, stages, stage } = await load(request, params);
  const t = await getTranslator(request, "deals");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: removeStageSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const input = { targetStageId: submission.value.targetStageId || null, lostReason: submission.value.lostReason || null };
  const removed = await orFailed("Removing a stage", () => removeStage(tenant.id, pipeline.id, stage.id, input));
  if (removed === FAILED) return data({ result: submission.reply({ formErrors: ["failures.pipelineFailed"] }) }, { status: 500 });
  if (!removed.ok) {
    const [field, message] = REFUSALS[removed.refusal] ?? ["", "validation.stageUnknown"];
    return data({ result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) }, { status: 400 });
  }
  const name = stageName(stage, t);
  const target = stages.find((each) => each.id === input.targetStageId);
  const back = returnPath(formData.get("returnTo"), dealPaths.pipeline(pipeline.id));
  if (removed.moved === 0 || !target) return redirectWithToast(back, { type: "success", key: "deals:toast.stageRemoved", values: { name } });
  return redirectWithToast(back, {
    type: "success",
    key: "deals:toast.stageRemovedWithDeals",
    values: { name, count: removed.moved, target: stageName(target, t) },
  });
}

export default function RemoveStagePage() {
  const { t } = useTranslation("deals");
  const { stage, targets, returnTo, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const [form, fields] = usePlainForm<RemoveStageFields>({ id: "stage-remove", lastResult: actionData?.result, constraint });
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("stageDelete.title")} back={<BackToDeals returnTo={returnTo} toPipeline />} />
      <Panel>
        <Form method="post" {...plainFormProps(form)} className="space-y-4">
          <FormErrors errors={form.errors} namespace="deals" />
          <p>{t("stageDelete.question", { name: stage.name })}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {stage.deals === 0 ? t("stageDelete.empty") : t("stageDelete.holds", { count: stage.deals })}
          </p>
          {stage.deals > 0 ? (
            <>
              <SelectField
                label={t("stageDelete.target")}
                errors={fields.targetStageId.errors}
                namespace="deals"
                selectProps={plainSelectProps(fields.targetStageId)}
                options={[{ value: "", label: t("stageDelete.chooseTarget") }, ...targets.map((target) => ({ value: target.id, label: target.name }))]}
              />
              <TextField
                label={t("fields.lostReason")}
                errors={fields.lostReason.errors}
                namespace="deals"
                hint={t("stageDelete.reasonHint")}
                inputProps={{ ...plainInputProps(fields.lostReason, { type: "text" }), autoComplete: "off" }}
              />
            </>
          ) : null}
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" loading={submitting}>
              {t("stageDelete.submit")}
            </Button>
            <CancelAction href={returnTo} />
          </div>
        </Form>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
