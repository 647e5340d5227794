import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackToDeals } from "~/features/deals/back-link";
import { DealForm } from "~/features/deals/deal-form";
import { contactChoices, dealInputOf, defaultsFromUrl, formChoices, startFromCall, startFromContact, valueExample } from "~/features/deals/deal-form.server";
import { createDeal, refusalReply } from "~/features/deals/deals.server";
import { returnPath } from "~/features/deals/paths";
import { ensurePipelines, listPipelines } from "~/features/deals/pipelines.server";
import { dealFormSchema } from "~/features/deals/schemas";
import { formatDateTime } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/**
 * /crm-deals/new[?pipeline=<id>][&call=<recording id>|&contact=<contact id>]:
 * adding a deal to a pipeline (the default one unless the URL names another
 * of the tenant's), in its first stage unless chosen otherwise, owned by the
 * user who adds it. From a recording it is titled after the caller and takes
 * the contact with the caller's number; from a contact, that contact.
 */
async function pipelineOf(tenantId: string, requested: string | null) {
  await ensurePipelines(tenantId);
  const pipelines = await listPipelines(tenantId);
  return pipelines.find((pipeline) => pipeline.id === requested) ?? pipelines[0]!;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { tenant, user } = await requireActionAccess(request, "create", "crm-deals");
  const [t, language] = await Promise.all([getTranslator(request, "deals"), getLanguage(request)]);
  const url = new URL(request.url);
  const pipeline = await pipelineOf(tenant.id, url.searchParams.get("pipeline"));
  const choices = await formChoices(tenant, pipeline.id, t);
  const fromCall = url.searchParams.get("call") ? await startFromCall(tenant, url.searchParams.get("call")!, t) : null;
  const fromContact = url.searchParams.get("contact") ? await startFromContact(tenant.id, url.searchParams.get("contact")!, t) : null;
  const defaults = {
    stageId: choices.stages.find((stage) => stage.kind === "open")?.id ?? "",
    ownerId: user.id,
    ...(fromCall?.defaults ?? {}),
    ...(fromContact ?? {}),
    ...defaultsFromUrl(url.searchParams),
  };
  return {
    title: t("create.title"),
    ...choices,
    defaults,
    contacts: await contactChoices(tenant, url.searchParams.get("contactSearch") ?? "", defaults.contactId || null),
    valueExample: valueExample(language),
    hidden: { pipeline: pipeline.id, ...(fromCall ? { call: fromCall.callId } : {}) },
    call: fromCall ? { id: fromCall.callId, at: fromCall.callAt } : null,
    timeZone: tenant.timeZone,
    returnTo: returnPath(url.searchParams.get("returnTo")),
    constraint: getZodConstraint(dealFormSchema(language)),
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const { tenant, user } = await requireActionAccess(request, "create", "crm-deals");
  const language = await getLanguage(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: dealFormSchema(language) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const pipeline = await pipelineOf(tenant.id, String(formData.get("pipeline") ?? ""));
  const callId = formData.get("call");
  const saved = await orFailed("Adding a deal", () =>
    createDeal(tenant.id, pipeline.id, dealInputOf(submission.value), { createdBy: user.id, callId: typeof callId === "string" && callId ? callId : null }),
  );
  // The database failed (docs/product/errors.md#operation-failures): the form stays filled, nothing was saved.
  if (saved === FAILED) return data({ result: submission.reply({ formErrors: ["failures.createFailed"] }) }, { status: 500 });
  if (!saved.ok) return data({ result: submission.reply("fieldErrors" in saved ? refusalReply(saved.fieldErrors) : {}) }, { status: 400 });
  return redirectWithToast(returnPath(formData.get("returnTo")), { type: "success", key: "deals:toast.created", values: { title: submission.value.title } });
}

export default function NewDealPage() {
  const { t, i18n } = useTranslation("deals");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("create.title")} back={<BackToDeals returnTo={loaded.returnTo} />} />
      {loaded.call ? <Notice>{t("create.fromCall", { date: formatDateTime(loaded.call.at, i18n.language, loaded.timeZone) })}</Notice> : null}
      <Panel>
        <DealForm
          formId="deal-create"
          lastResult={actionData?.result}
          defaultValue={loaded.defaults}
          constraint={loaded.constraint}
          stages={loaded.stages}
          members={loaded.members}
          contacts={loaded.contacts}
          currency={loaded.currency}
          valueExample={loaded.valueExample}
          hidden={loaded.hidden}
          returnTo={loaded.returnTo}
          submitLabel={t("create.submit")}
          submitting={submitting}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
