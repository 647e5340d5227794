import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors, SelectField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import { STAGE_KINDS, type StageKind } from "./deal-rules";
import { dealPaths, withReturnTo } from "./paths";
import type { PipelineNameFields, StageFields } from "./schemas";

/**
 * The pipeline editor's parts (/crm-deals/pipelines/:id): the name, one form
 * per stage (name and kind, with Save, Up and Down as its submit buttons, so
 * it works without JavaScript), the add-stage form, and the way to delete the
 * pipeline. Removing a stage is a page of its own: it may have to ask where
 * the stage's deals go.
 */

export interface EditorStage {
  id: string;
  name: string;
  kind: StageKind;
  deals: number;
}

export interface EditorReply {
  intent: string;
  stageId?: string;
  result: SubmissionResult<string[]>;
}

export function PipelineNameForm({ name, reply, constraint }: { name: string; reply: EditorReply | undefined; constraint: FormConstraint }) {
  const { t } = useTranslation("deals");
  const [form, fields] = usePlainForm<PipelineNameFields>({
    id: "pipeline-name",
    lastResult: reply?.intent === "rename" ? reply.result : undefined,
    defaultValue: { name },
    constraint,
  });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-4">
      <FormErrors errors={form.errors} namespace="deals" />
      <TextField
        label={t("pipelineEditor.name")}
        errors={fields.name.errors}
        namespace="deals"
        inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
      />
      <Button type="submit" name="intent" value="rename" variant="secondary">
        {t("pipelineEditor.rename")}
      </Button>
    </Form>
  );
}

const kindOptions = (t: (key: string) => string) => STAGE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }));

export function StageRow({
  pipelineId,
  stage,
  index,
  count,
  reply,
  constraint,
  returnTo,
  canRemove,
}: {
  pipelineId: string;
  stage: EditorStage;
  index: number;
  count: number;
  reply: EditorReply | undefined;
  constraint: FormConstraint;
  returnTo: string;
  canRemove: boolean;
}) {
  const { t } = useTranslation("deals");
  const mine = reply && reply.stageId === stage.id ? reply.result : undefined;
  const [form, fields] = usePlainForm<StageFields>({
    id: `stage-${stage.id}`,
    lastResult: mine,
    defaultValue: { name: stage.name, kind: stage.kind },
    constraint,
  });
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700" data-testid="stage-row" data-stage-id={stage.id}>
      <Form method="post" {...plainFormProps(form)} className="space-y-3">
        <FormErrors errors={form.errors} namespace="deals" />
        <input type="hidden" name="stageId" value={stage.id} />
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            label={t("pipelineEditor.stageName")}
            errors={fields.name.errors}
            namespace="deals"
            inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
          />
          <SelectField
            label={t("pipelineEditor.kind")}
            errors={fields.kind.errors}
            namespace="deals"
            selectProps={plainSelectProps(fields.kind)}
            options={kindOptions(t)}
            hint={t(`kindHints.${stage.kind}`)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* Save first: Enter in the name field saves. */}
          <Button type="submit" name="intent" value="save-stage" variant="secondary" size="sm" aria-label={t("pipelineEditor.saveFor", { name: stage.name })}>
            {t("pipelineEditor.save")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="stage-up"
            variant="ghost"
            size="sm"
            disabled={index === 0}
            aria-label={t("pipelineEditor.upFor", { name: stage.name })}
          >
            <span aria-hidden="true">↑</span> {t("pipelineEditor.up")}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="stage-down"
            variant="ghost"
            size="sm"
            disabled={index === count - 1}
            aria-label={t("pipelineEditor.downFor", { name: stage.name })}
          >
            <span aria-hidden="true">↓</span> {t("pipelineEditor.down")}
          </Button>
          {canRemove ? (
            <Link
              to={withReturnTo(dealPaths.removeStage(pipelineId, stage.id), returnTo)}
              className={buttonClass("ghost", "text-red-700 dark:text-red-400", "sm")}
              aria-label={t("pipelineEditor.removeFor", { name: stage.name })}
            >
              {t("pipelineEditor.remove")}
            </Link>
          ) : null}
          <Badge className="ml-auto">{t("pipelineEditor.deals", { count: stage.deals })}</Badge>
        </div>
      </Form>
    </li>
  );
}

export function AddStageForm({ reply, constraint }: { reply: EditorReply | undefined; constraint: FormConstraint }) {
  const { t } = useTranslation("deals");
  const [form, fields] = usePlainForm<StageFields>({
    id: "stage-add",
    lastResult: reply?.intent === "add-stage" ? reply.result : undefined,
    defaultValue: { kind: "open" },
    constraint,
  });
  return (
    <Panel title={t("pipelineEditor.addTitle")}>
      <Form method="post" {...plainFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} namespace="deals" />
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <TextField
            label={t("pipelineEditor.stageName")}
            errors={fields.name.errors}
            namespace="deals"
            inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
          />
          <SelectField
            label={t("pipelineEditor.kind")}
            errors={fields.kind.errors}
            namespace="deals"
            selectProps={plainSelectProps(fields.kind)}
            options={kindOptions(t)}
          />
        </div>
        <Button type="submit" name="intent" value="add-stage">
          {t("pipelineEditor.add")}
        </Button>
      </Form>
    </Panel>
  );
}
