import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { BackToDeals } from "~/features/deals/back-link";
import { DealForm } from "~/features/deals/deal-form";
import { contactChoices, dealInputOf, defaultsFromUrl, defaultsOfDeal, formChoices, valueExample } from "~/features/deals/deal-form.server";
import { getDeal, refusalReply, updateDeal } from "~/features/deals/deals.server";
import { DeleteDealForm } from "~/features/deals/delete-deal-form";
import { dealPaths, returnPath, withReturnTo } from "~/features/deals/paths";
import { dealFormSchema } from "~/features/deals/schemas";
import { formatDate } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/**
 * /crm-deals/:id/edit: a deal's form. Its stage changes by the rules of a
 * move (app/features/deals/stage-moves.server.ts): a lost stage asks why.
 * Another tenant's deal is not found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant, user } = await requireActionAccess(request, "update", "crm-deals");
  const deal = await getDeal(tenant.id, params.id ?? "");
  if (!deal) notFound();
  const [t, language] = await Promise.all([getTranslator(request, "deals"), getLanguage(request)]);
  const url = new URL(request.url);
  const defaults = { ...defaultsOfDeal(deal, language), ...defaultsFromUrl(url.searchParams) };
  return {
    title: t("edit.title"),
    deal: { id: deal.id, title: deal.title, callId: deal.call_id, closedAt: deal.closed_at },
    ...(await formChoices(tenant, deal.pipeline_id, t)),
    // A deal keeps the currency it was valued in.
    currency: deal.currency,
    defaults,
    contacts: await contactChoices(tenant, url.searchParams.get("contactSearch") ?? "", defaults.contactId || null),
    valueExample: valueExample(language),
    returnTo: returnPath(url.searchParams.get("returnTo")),
    timeZone: tenant.timeZone,
    canDelete: can(user.permissions, "crm-deals", "delete"),
    canOpenCall: can(user.permissions, "recordings", "read"),
    constraint: getZodConstraint(dealFormSchema(language)),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "crm-deals");
  const dealId = params.id ?? "";
  if (!(await getDeal(tenant.id, dealId))) notFound();
  const language = await getLanguage(request);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: dealFormSchema(language) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await orFailed("Saving a deal", () => updateDeal(tenant.id, dealId, dealInputOf(submission.value)));
  // The database failed (docs/product/errors.md#operation-failures): the form stays filled, nothing was saved.
  if (saved === FAILED) return data({ result: submission.reply({ formErrors: ["failures.saveFailed"] }) }, { status: 500 });
  if (!saved.ok) {
    if ("notFound" in saved) notFound();
    return data({ result: submission.reply(refusalReply(saved.fieldErrors)) }, { status: 400 });
  }
  return redirectWithToast(returnPath(formData.get("returnTo")), { type: "success", key: "deals:toast.saved", values: { title: submission.value.title } });
}

export default function EditDealPage() {
  const { t, i18n } = useTranslation("deals");
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const { deal } = loaded;
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("edit.title")}
        back={<BackToDeals returnTo={loaded.returnTo} />}
        actions={
          loaded.canDelete ? (
            <ConfirmAction
              href={withReturnTo(dealPaths.remove(deal.id), loaded.returnTo)}
              title={t("delete.title")}
              className={buttonClass("danger")}
              content={({ fetcher, close }) => (
                <DeleteDealForm dealId={deal.id} returnTo={loaded.returnTo} summary={deal.title} fetcher={fetcher} onCancel={close} />
              )}
            >
              {t("delete.submit")}
            </ConfirmAction>
          ) : null
        }
      />
      {deal.callId || deal.closedAt ? (
        <Notice>
          {deal.closedAt ? t("edit.closedOn", { date: formatDate(deal.closedAt, i18n.language, loaded.timeZone) }) : null}{" "}
          {deal.callId ? (
            <>
              {t("edit.fromCall")}{" "}
              {loaded.canOpenCall ? (
                <Link to={`/recordings/${encodeURIComponent(deal.callId)}`} className="font-medium underline">
                  {t("edit.openCall")}
                </Link>
              ) : null}
            </>
          ) : null}
        </Notice>
      ) : null}
      <Panel>
        <DealForm
          formId="deal-edit"
          lastResult={actionData?.result}
          defaultValue={loaded.defaults}
          constraint={loaded.constraint}
          stages={loaded.stages}
          members={loaded.members}
          contacts={loaded.contacts}
          currency={loaded.currency}
          valueExample={loaded.valueExample}
          hidden={{}}
          returnTo={loaded.returnTo}
          submitLabel={t("edit.submit")}
          submitting={submitting}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
