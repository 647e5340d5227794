import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { BackToDeals } from "~/features/deals/back-link";
import { deleteDeal, getDeal } from "~/features/deals/deals.server";
import { DeleteDealForm } from "~/features/deals/delete-deal-form";
import { DEALS_PATH } from "~/features/deals/list-params";
import { dealPaths, returnPath } from "~/features/deals/paths";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { backToConfirmation, FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/**
 * Deleting a deal: GET shows a confirmation page (so it works without
 * JavaScript), POST deletes. With scripts, the list and the deal's page show
 * the same form in a dialog.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "crm-deals");
  const deal = await getDeal(tenant.id, params.id ?? "");
  if (!deal) notFound();
  const t = await getTranslator(request, "deals");
  return { title: t("delete.title"), deal: { id: deal.id, title: deal.title }, returnTo: returnPath(new URL(request.url).searchParams.get("returnTo")) };
}

export const meta = titleFromLoader;

/** Coming back to the deal's own form would be a 404 now. */
function afterDelete(returnTo: string, dealId: string) {
  const pathname = returnTo.split(/[?#]/)[0]!;
  return pathname === dealPaths.edit(dealId) || pathname === dealPaths.remove(dealId) ? DEALS_PATH : returnTo;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "crm-deals");
  const dealId = params.id ?? "";
  const formData = await readFormData(request);
  const deal = await getDeal(tenant.id, dealId);
  if (!deal) notFound();
  const deleted = await orFailed("Deleting a deal", () => deleteDeal(tenant.id, dealId));
  // Back to the confirmation, which says so (docs/product/errors.md#operation-failures); the deal is still there.
  if (deleted === FAILED)
    return redirectWithToast(backToConfirmation(request, returnPath(formData.get("returnTo"))), { type: "error", key: "deals:failures.deleteFailed" });
  if (!deleted) notFound();
  return redirectWithToast(afterDelete(returnPath(formData.get("returnTo")), dealId), {
    type: "success",
    key: "deals:toast.deleted",
    values: { title: deal.title },
  });
}

export default function DeleteDealPage() {
  const { t } = useTranslation("deals");
  const { deal, returnTo } = useLoaderData<typeof loader>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("delete.title")} back={<BackToDeals returnTo={returnTo} />} />
      <Panel>
        <DeleteDealForm dealId={deal.id} returnTo={returnTo} submitting={submitting} summary={deal.title} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
