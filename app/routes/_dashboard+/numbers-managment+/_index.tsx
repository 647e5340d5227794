import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess, type GateContext } from "~/features/access/gate.server";
import { can, type PermissionAction } from "~/features/roles/permissions";
import { AddNumberPanel } from "~/features/numbers/add-number";
import { MAX_BULK_BYTES, MAX_BULK_ROWS } from "~/features/numbers/bulk-csv";
import { BulkUploadPanel } from "~/features/numbers/bulk-validation";
import { NumbersListPanel, type RowReply } from "~/features/numbers/numbers-list";
import { addTenantNumber, assignKnowledgeBase, findTenantNumber, listTenantNumbers, renameTenantNumber } from "~/features/numbers/numbers.server";
import { assignNumberAgent, listAssignableAgents } from "~/features/agents/agents.server";
import type { NumberIntent } from "~/features/numbers/number-forms";
import { addNumberSchema, AssignKnowledgeBaseSchema, AssignAgentSchema, RenameNumberSchema } from "~/features/numbers/schemas";
import { toE164 } from "~/features/phone/phone-library.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { forbidden, notFound } from "~/lib/http/errors.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { badRequest } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["numbers", "phone"] };

const SEGMENT = "numbers-managment";

/** /numbers-managment: the tenant's business numbers, the plan's quota, adding, labels, knowledge bases, bulk validation. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant, subscription } = await requireReadAccess(request, "numbers-managment");
  const t = await getTranslator(request, "numbers");
  const numbers = await listTenantNumbers(tenant.id);
  return {
    title: t("title"),
    numbers,
    timeZone: tenant.timeZone,
    phoneCountry: tenant.country,
    constraints: {
      add: getZodConstraint(addNumberSchema(tenant.country)),
      rename: getZodConstraint(RenameNumberSchema),
      assign: getZodConstraint(AssignKnowledgeBaseSchema),
      assignAgent: getZodConstraint(AssignAgentSchema),
    },
    agents: (await listAssignableAgents(tenant.id)).map((agent) => ({ id: agent.id, name: agent.name, version: agent.published_version! })),
    canOpenAgents: can(user.permissions, "ai-agent-manager", "read"),
    quota: { used: numbers.length, limit: subscription?.phone_number_limit ?? 0, planName: subscription?.plan_name ?? "" },
    bulkLimits: { maxBytes: MAX_BULK_BYTES, maxRows: MAX_BULK_ROWS },
    canCreate: can(user.permissions, SEGMENT, "create"),
    canUpdate: can(user.permissions, SEGMENT, "update"),
    canDelete: can(user.permissions, SEGMENT, "delete"),
    canChoosePlan: can(user.permissions, "choose-plan", "create"),
    canOpenKnowledgeBases: can(user.permissions, "knowledge-base", "read"),
  };
}

export const meta = titleFromLoader;

/** A form's failed submission, tagged with its form (and row) so only that form shows the errors. */
function invalid(intent: NumberIntent, result: SubmissionResult<string[]>, id?: string) {
  return data({ intent, id, result }, { status: 400 });
}

const PERMISSION_FOR: Record<NumberIntent, PermissionAction> = { add: "create", rename: "update", assign: "update", "assign-agent": "update" };

function isIntent(value: unknown): value is NumberIntent {
  return typeof value === "string" && value in PERMISSION_FOR;
}

/**
 * One action for the page's forms, told apart by the hidden `intent` field.
 * Sign-in, plan and access to the page are checked before the body is read;
 * the form's own permission (create or update) right after.
 */
export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "read", "numbers-managment");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (!isIntent(intent)) badRequest();
  if (!can(gate.user.permissions, SEGMENT, PERMISSION_FOR[intent])) throw await forbidden(request);
  switch (intent) {
    case "add":
      return addNumber(formData, gate);
    case "rename":
      return rename(formData, gate);
    case "assign":
      return assign(formData, gate);
    case "assign-agent":
      return assignAgent(formData, gate);
  }
}

async function addNumber(formData: FormData, { tenant, subscription }: GateContext) {
  const submission = parseWithZod(formData, { schema: addNumberSchema(tenant.country) });
  if (submission.status !== "success") return invalid("add", submission.reply());
  const e164 = toE164(submission.value.phone, tenant.country);
  if (!e164) return invalid("add", submission.reply({ fieldErrors: { phone: ["validation.phoneInvalid"] } }));
  const result = await addTenantNumber(tenant.id, { e164, label: submission.value.label }, subscription?.phone_number_limit ?? 0);
  if (!result.ok) {
    return result.reason === "duplicate"
      ? invalid("add", submission.reply({ fieldErrors: { phone: ["validation.duplicate"] } }))
      : invalid("add", submission.reply({ formErrors: ["validation.limitReached"] }));
  }
  return redirectWithToast("/numbers-managment", { type: "success", key: "numbers:toast.added" });
}

async function rename(formData: FormData, { tenant }: GateContext) {
  const submission = parseWithZod(formData, { schema: RenameNumberSchema });
  const id = String(formData.get("id") ?? "");
  if (submission.status !== "success") return invalid("rename", submission.reply(), id);
  if (!(await renameTenantNumber(tenant.id, submission.value.id, submission.value.label))) notFound();
  return redirectWithToast("/numbers-managment", { type: "success", key: "numbers:toast.renamed" });
}

async function assign(formData: FormData, { tenant }: GateContext) {
  const submission = parseWithZod(formData, { schema: AssignKnowledgeBaseSchema });
  const id = String(formData.get("id") ?? "");
  if (submission.status !== "success") return invalid("assign", submission.reply(), id);
  const outcome = await assignKnowledgeBase(tenant.id, submission.value.id, submission.value.knowledgeBaseId);
  if (outcome === "number-not-found") notFound();
  if (outcome === "knowledge-base-not-found") {
    return invalid("assign", submission.reply({ fieldErrors: { knowledgeBaseId: ["validation.knowledgeBaseUnknown"] } }), id);
  }
  return redirectWithToast("/numbers-managment", { type: "success", key: "numbers:toast.assigned" });
}

async function assignAgent(formData: FormData, { tenant }: GateContext) {
  const submission = parseWithZod(formData, { schema: AssignAgentSchema });
  const id = String(formData.get("id") ?? "");
  if (submission.status !== "success") return invalid("assign-agent", submission.reply(), id);
  if (!(await findTenantNumber(tenant.id, submission.value.id))) notFound();
  if (!(await assignNumberAgent(tenant.id, submission.value.id, submission.value.agentId || null))) {
    return invalid("assign-agent", submission.reply({ fieldErrors: { agentId: ["validation.agentUnavailable"] } }), id);
  }
  return redirectWithToast("/numbers-managment", {
    type: "success",
    key: submission.value.agentId ? "numbers:toast.agentAssigned" : "numbers:toast.agentRemoved",
  });
}

export default function NumbersManagementPage() {
  const { t } = useTranslation("numbers");
  const { numbers, timeZone, phoneCountry, constraints, quota, bulkLimits, canCreate, canUpdate, canDelete, canChoosePlan, canOpenKnowledgeBases, agents } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply: RowReply | undefined = actionData ?? undefined;
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("intro")} />
      {!canCreate && !canUpdate && !canDelete ? <Notice>{t("readOnly")}</Notice> : null}
      <div className={canCreate ? "grid items-start gap-6 lg:grid-cols-2" : undefined}>
        {/* Keyed by the count, so a successful add starts from an empty form while a failed one keeps what was typed. */}
        {canCreate ? (
          <div data-tour="numbers-add">
            <AddNumberPanel
              key={numbers.length}
              quota={quota}
              lastResult={reply?.intent === "add" ? reply.result : undefined}
              canChoosePlan={canChoosePlan}
              phoneCountry={phoneCountry}
              constraint={constraints.add}
            />
          </div>
        ) : null}
        <div data-tour="numbers-bulk">
          <BulkUploadPanel limits={bulkLimits} />
        </div>
      </div>
      <div data-tour="numbers-list">
        <NumbersListPanel
          numbers={numbers}
          timeZone={timeZone}
          quota={quota}
          reply={reply}
          constraints={constraints}
          canUpdate={canUpdate}
          canDelete={canDelete}
          canOpenKnowledgeBases={canOpenKnowledgeBases}
          agents={agents}
          emptyHint={canCreate ? t("list.emptyHint") : undefined}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
