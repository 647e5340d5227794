import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FormErrors, formWidthClass, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackToDeals } from "~/features/deals/back-link";
import { DEALS_PATH } from "~/features/deals/list-params";
import { dealPaths, withReturnTo } from "~/features/deals/paths";
import { createPipeline, ensurePipelines } from "~/features/deals/pipelines.server";
import { pipelineNameSchema, type PipelineNameFields } from "~/features/deals/schemas";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/** /crm-deals/pipelines/new: a second (or further) pipeline, which starts with the default stages and opens in the editor. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireActionAccess(request, "create", "crm-deals");
  const t = await getTranslator(request, "deals");
  return { title: t("pipelineCreate.title"), constraint: getZodConstraint(pipelineNameSchema) };
}

export const meta = titleFromLoader;

const REFUSALS = { "name-taken": ["name", "validation.pipelineNameTaken"], "too-many": ["", "validation.tooManyPipelines"] } as const;

export async function action({ request }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "create", "crm-deals");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: pipelineNameSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const created = await orFailed("Adding a pipeline", async () => {
    // The default pipeline first, so a tenant that never opened the board does not make its first pipeline here by accident.
    await ensurePipelines(tenant.id);
    return createPipeline(tenant.id, submission.value.name);
  });
  if (created === FAILED) return data({ result: submission.reply({ formErrors: ["failures.pipelineFailed"] }) }, { status: 500 });
  if (!created.ok) {
    const [field, message] = created.refusal === "name-taken" || created.refusal === "too-many" ? REFUSALS[created.refusal] : ["", "failures.pipelineFailed"];
    return data({ result: submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) }, { status: 400 });
  }
  return redirectWithToast(withReturnTo(dealPaths.pipeline(created.id), `${DEALS_PATH}?pipeline=${created.id}`), {
    type: "success",
    key: "deals:toast.pipelineCreated",
    values: { name: submission.value.name },
  });
}

export default function NewPipelinePage() {
  const { t } = useTranslation("deals");
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const [form, fields] = usePlainForm<PipelineNameFields>({ id: "pipeline-create", lastResult: actionData?.result, constraint });
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("pipelineCreate.title")} description={t("pipelineCreate.intro")} back={<BackToDeals returnTo={DEALS_PATH} />} />
      <Panel>
        <Form method="post" {...plainFormProps(form)} className="space-y-5">
          <FormErrors errors={form.errors} namespace="deals" />
          <TextField
            label={t("pipelineEditor.name")}
            errors={fields.name.errors}
            namespace="deals"
            inputProps={{ ...plainInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={submitting}>
              {t("pipelineCreate.submit")}
            </Button>
            <Link to={DEALS_PATH} className={buttonClass("secondary")}>
              {t("common:actions.cancel")}
            </Link>
          </div>
        </Form>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
