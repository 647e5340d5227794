import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireActionAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { BackToDeals } from "~/features/deals/back-link";
import { pipelineName, stageName } from "~/features/deals/deal-rules";
import { DEALS_PATH } from "~/features/deals/list-params";
import { dealPaths, returnPath, withReturnTo } from "~/features/deals/paths";
import { AddStageForm, PipelineNameForm, StageRow, type EditorReply } from "~/features/deals/pipeline-editor";
import { dealCountsByStage, getPipeline, listStages, renamePipeline } from "~/features/deals/pipelines.server";
import { pipelineNameSchema, stageSchema } from "~/features/deals/schemas";
import { addStage, reorderStage, saveStage, type StageRefusal } from "~/features/deals/stage-editing.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { TFunction } from "~/i18n/translator";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/**
 * /crm-deals/pipelines/:id: a pipeline's name and stages (docs/product/deals.md#pipelines-and-stages).
 * Every change is a form post to this page: rename the pipeline, add a stage,
 * save a stage's name and kind, move it up or down. Removing a stage, or the
 * pipeline, is a page of its own. The page edits, so it needs update.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant, user } = await requireActionAccess(request, "update", "crm-deals");
  const pipeline = await getPipeline(tenant.id, params.id ?? "");
  if (!pipeline) notFound();
  const t = await getTranslator(request, "deals");
  const [stages, counts] = await Promise.all([listStages(tenant.id, pipeline.id), dealCountsByStage(tenant.id, pipeline.id)]);
  const name = pipelineName(pipeline, t);
  return {
    title: `${t("pipelineEditor.title")}: ${name}`,
    pipeline: { id: pipeline.id, name, isDefault: pipeline.is_default === 1 },
    stages: stages.map((stage) => ({ id: stage.id, name: stageName(stage, t), kind: stage.kind, deals: counts.get(stage.id) ?? 0 })),
    returnTo: returnPath(new URL(request.url).searchParams.get("returnTo"), pipeline.is_default === 1 ? DEALS_PATH : `${DEALS_PATH}?pipeline=${pipeline.id}`),
    canDelete: can(user.permissions, "crm-deals", "delete"),
    nameConstraint: getZodConstraint(pipelineNameSchema),
    stageConstraint: getZodConstraint(stageSchema),
  };
}

export const meta = titleFromLoader;

const STAGE_MESSAGES: Record<StageRefusal, [field: string, message: string]> = {
  "not-found": ["", "validation.stageUnknown"],
  "too-many": ["", "validation.tooManyStages"],
  "name-taken": ["name", "validation.stageNameTaken"],
  "last-open-stage": ["kind", "validation.lastOpenStage"],
  "kind-has-deals": ["kind", "validation.kindHasDeals"],
  "target-required": ["", "validation.targetRequired"],
  "deal-not-found": ["", "validation.dealGone"],
  "stage-unknown": ["", "validation.stageUnknown"],
  "lost-reason-required": ["", "validation.lostReasonRequired"],
  "lost-reason-too-long": ["", "validation.lostReasonTooLong"],
  "changed-meanwhile": ["", "validation.changedMeanwhile"],
};

/** The stage names as this user sees them: what "already has a stage with this name" compares. */
const nameOf = (t: TFunction) => (stage: { name: string | null; system_key: string | null }) => stageName(stage, t);

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "crm-deals");
  const pipeline = await getPipeline(tenant.id, params.id ?? "");
  if (!pipeline) notFound();
  const t = await getTranslator(request, "deals");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const stageId = String(formData.get("stageId") ?? "");
  const self = new URL(request.url);
  const here = `${self.pathname}${self.search}`;

  if (intent === "stage-up" || intent === "stage-down") {
    const moved = await orFailed("Reordering a stage", () => reorderStage(tenant.id, pipeline.id, stageId, intent === "stage-up" ? "up" : "down"));
    if (moved === FAILED) return redirectWithToast(here, { type: "error", key: "deals:failures.pipelineFailed" });
    if (!moved.ok) notFound();
    return redirectWithToast(here, { type: "success", key: "deals:toast.stageMoved" });
  }

  if (intent === "rename") {
    const submission = parseWithZod(formData, { schema: pipelineNameSchema });
    if (submission.status !== "success") return data<EditorReply>({ intent, result: submission.reply() }, { status: 400 });
    // The default pipeline saved under the name it shows keeps no name of its own: it goes on showing in each reader's language.
    if (pipeline.name === null && submission.value.name === pipelineName(pipeline, t))
      return redirectWithToast(here, { type: "success", key: "deals:toast.pipelineSaved" });
    const renamed = await orFailed("Renaming a pipeline", () => renamePipeline(tenant.id, pipeline.id, submission.value.name));
    if (renamed === FAILED) return data<EditorReply>({ intent, result: submission.reply({ formErrors: ["failures.pipelineFailed"] }) }, { status: 500 });
    if (!renamed.ok) {
      if (renamed.refusal === "not-found") notFound();
      return data<EditorReply>({ intent, result: submission.reply({ fieldErrors: { name: ["validation.pipelineNameTaken"] } }) }, { status: 400 });
    }
    return redirectWithToast(here, { type: "success", key: "deals:toast.pipelineSaved" });
  }

  if (intent !== "add-stage" && intent !== "save-stage") badRequest();
  const submission = parseWithZod(formData, { schema: stageSchema });
  const reply = (result: EditorReply["result"], status: number) =>
    data<EditorReply>({ intent, stageId: intent === "save-stage" ? stageId : undefined, result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  const saved = await orFailed("Saving a stage", () =>
    intent === "add-stage"
      ? addStage(tenant.id, pipeline.id, submission.value, nameOf(t))
      : saveStage(tenant.id, pipeline.id, stageId, submission.value, nameOf(t)),
  );
  if (saved === FAILED) return reply(submission.reply({ formErrors: ["failures.pipelineFailed"] }), 500);
  if (!saved.ok) {
    if (saved.refusal === "not-found" && intent === "save-stage") notFound();
    const [field, message] = STAGE_MESSAGES[saved.refusal];
    return reply(submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), 400);
  }
  const key = intent === "add-stage" ? "deals:toast.stageAdded" : "deals:toast.stageSaved";
  return redirectWithToast(here, { type: "success", key, values: { name: submission.value.name } });
}

export default function PipelineEditorPage() {
  const { t } = useTranslation("deals");
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { pipeline, stages } = loaded;
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("pipelineEditor.title")}
        description={pipeline.name}
        back={<BackToDeals returnTo={loaded.returnTo} />}
        actions={pipeline.isDefault ? <Badge tone="info">{t("pipelineEditor.default")}</Badge> : null}
      />
      <Panel title={t("pipelineEditor.nameTitle")}>
        <PipelineNameForm name={pipeline.name} reply={reply} constraint={loaded.nameConstraint} />
      </Panel>
      <Panel title={t("pipelineEditor.stagesTitle")}>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("pipelineEditor.stagesIntro")}</p>
        <ol className="space-y-3">
          {stages.map((stage, index) => (
            <StageRow
              key={stage.id}
              pipelineId={pipeline.id}
              stage={stage}
              index={index}
              count={stages.length}
              reply={reply}
              constraint={loaded.stageConstraint}
              returnTo={withReturnTo(dealPaths.pipeline(pipeline.id), loaded.returnTo)}
              canRemove={loaded.canDelete}
            />
          ))}
        </ol>
      </Panel>
      <AddStageForm reply={reply} constraint={loaded.stageConstraint} />
      {loaded.canDelete ? (
        <Panel title={t("pipelineEditor.deleteTitle")}>
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("pipelineEditor.deleteIntro")}</p>
          <Link
            to={withReturnTo(dealPaths.removePipeline(pipeline.id), withReturnTo(dealPaths.pipeline(pipeline.id), loaded.returnTo))}
            className={buttonClass("danger")}
          >
            {t("pipelineEditor.deleteLink")}
          </Link>
        </Panel>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
