import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ConfirmForm, DeleteSummary } from "~/components/ui/confirm-action";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { deleteTemplate, getTemplateSummary } from "~/features/post-call/templates.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["post-call"] };

/** Deleting a template: GET confirms (saying how many calls' answers go with it), POST deletes. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "templates");
  const template = await getTemplateSummary(tenant.id, params.id ?? "");
  if (!template) notFound();
  const t = await getTranslator(request, "post-call");
  return {
    title: t("delete.title", { name: template.name }),
    id: template.id,
    name: template.name,
    calls: template.analysedCalls,
    assigned: template.assignedCount,
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "templates");
  const template = await getTemplateSummary(tenant.id, params.id ?? "");
  if (!template || !(await deleteTemplate(tenant.id, template.id))) notFound();
  return redirectWithToast("/templates", { type: "success", key: "post-call:toast.deleted", values: { name: template.name } });
}

export default function DeleteTemplatePage() {
  const { t } = useTranslation("post-call");
  const { id, name, calls, assigned } = useLoaderData<typeof loader>();
  const busy = useIsPending();
  return (
    <div className={`space-y-4 ${formWidthClass}`}>
      <PageHeader title={t("delete.title", { name })} />
      <Panel>
        <ConfirmForm confirmLabel={t("delete.confirm")} busyLabel={t("delete.deleting")} cancelHref={`/templates/${id}`} submitting={busy}>
          <DeleteSummary>{t("delete.body", { name })}</DeleteSummary>
          {calls + assigned > 0 ? <p className="text-sm">{t("delete.inUse", { calls, assigned })}</p> : null}
        </ConfirmForm>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
