import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { handleBillingAction, type BillingReply } from "~/features/billing/billing-actions.server";
import { AutoTopupFailureBanner, BillingTabBar, TestModeNotice } from "~/features/billing/billing-notices";
import { billingFrameForPage, cardViews, historyData, overviewData, topUpFormsData } from "~/features/billing/billing-page.server";
import { resolveBillingTab } from "~/features/billing/billing-tabs";
import { CardsPanel } from "~/features/billing/payments/cards-panel";
import { HistoryPanel } from "~/features/billing/history/history-panel";
import { parseHistoryParams } from "~/features/billing/history/history-params";
import { OverviewPanel } from "~/features/billing/overview-panel";
import { getPaymentProvider } from "~/features/billing/payments/provider.server";
import { addCardSchema } from "~/features/billing/schemas";
import { TopUpForms } from "~/features/billing/payments/topup-forms";
import { usageData } from "~/features/billing/usage/usage-page.server";
import { BillingDetailsPanel } from "~/features/billing/tax/billing-details-panel";
import { billingDetailsSchema } from "~/features/billing/tax/billing-details-schema";
import { getBillingDetails } from "~/features/billing/tax/invoice-tax.server";
import { UsagePanel } from "~/features/billing/usage/usage-panel";
import { DEFAULT_DATE_RANGE, isDateRangeKey } from "~/lib/dates/date-ranges";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { loadFailed } from "~/lib/http/errors.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";

export const handle: I18nHandle = { i18n: ["billing"] };

const AREA = "billing";

/**
 * /billing?tab=overview|payment-methods|billing-history|billing-details|top-up|usage. Each tab is
 * its own URL and reads only its own data; every form works without
 * JavaScript (the add-card and remove dialogs are pages of this URL without
 * it: &add=card, &remove=<card>, &confirm=cancel-plan).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, AREA);
  const url = new URL(request.url);
  const tab = resolveBillingTab(url.searchParams.get("tab"));
  // A balance that cannot be read is "Failed to fetch the balance" (docs/product/errors.md#operation-failures), shown by the error boundary.
  const [t, language, frame] = await Promise.all([getTranslator(request, "billing"), getLanguage(request), billingFrameForPage(gate.tenant.id)]);
  const permissions = gate.user.permissions;
  const common = {
    title: t("title"),
    ...frame,
    timeZone: gate.tenant.timeZone,
    canCreate: can(permissions, AREA, "create"),
    canUpdate: can(permissions, AREA, "update"),
    canDelete: can(permissions, AREA, "delete"),
  };
  switch (tab) {
    case "overview":
      return {
        ...common,
        view: {
          tab,
          ...(await overviewData(gate.tenant.id, gate.subscription)),
          autoTopup: frame.autoTopup,
          canChangePlan: can(permissions, "choose-plan", "create"),
          confirmingCancel: url.searchParams.get("confirm") === "cancel-plan",
        } as const,
      };
    case "payment-methods": {
      const cards = await cardViews(gate.tenant.id);
      return {
        ...common,
        view: {
          tab,
          cards,
          cardEntry: getPaymentProvider().cardEntry,
          constraint: getZodConstraint(addCardSchema),
          adding: url.searchParams.get("add") === "card",
          removing: cards.find((card) => card.id === url.searchParams.get("remove")) ?? null,
          setupCancelled: url.searchParams.get("setup") === "cancelled",
        } as const,
      };
    }
    case "top-up":
      return { ...common, view: { tab, ...(await topUpFormsData(gate.tenant.id, language)), autoTopup: frame.autoTopup } as const };
    case "usage": {
      const requested = url.searchParams.get("range");
      const rangeKey = isDateRangeKey(requested) ? requested : DEFAULT_DATE_RANGE;
      const usage = await orFailed("Reading usage", () => usageData(gate.tenant.id, rangeKey, gate.tenant.timeZone));
      if (usage === FAILED) loadFailed("billing:failures.usageFailed", "Failed to fetch the usage data.");
      return { ...common, view: { tab, ...usage } as const };
    }
    case "billing-details": {
      // Who invoices are addressed to (docs/decisions/0056-tax-invoices.md); everyone who reads billing sees them, those who may update billing edit them.
      const row = await getBillingDetails(gate.tenant.id);
      const details = row
        ? {
            legalName: row.legal_name,
            street: row.street,
            postcode: row.postcode,
            city: row.city,
            country: row.country,
            vatId: row.vat_id ?? "",
            taxExempt: row.tax_exempt === 1,
          }
        : null;
      return { ...common, view: { tab, details, constraint: getZodConstraint(billingDetailsSchema) } as const };
    }
    case "billing-history": {
      const params = parseHistoryParams(url.searchParams);
      return { ...common, view: { tab, params, ...(await historyData(gate.tenant.id, params, gate.tenant.timeZone)) } as const };
    }
  }
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "read", AREA);
  return handleBillingAction(request, gate, AREA, "/billing");
}

export default function BillingPage() {
  const { t } = useTranslation("billing");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as BillingReply | undefined;
  const { view } = data;
  return (
    <div className="space-y-4">
      <PageHeader title={data.title} description={t("intro")} />
      <TestModeNotice testMode={data.testMode} />
      <AutoTopupFailureBanner failure={data.autoTopupFailure} currency={data.currency} timeZone={data.timeZone} />
      <BillingTabBar active={view.tab} />
      {view.tab === "overview" ? (
        <OverviewPanel
          balanceCents={data.balanceCents}
          currency={data.currency}
          plan={view.plan}
          autoTopup={view.autoTopup}
          invoices={view.invoices}
          invoiceCount={view.invoiceCount}
          timeZone={data.timeZone}
          canChangePlan={view.canChangePlan}
          canUpdate={data.canUpdate}
          confirmingCancel={view.confirmingCancel}
        />
      ) : view.tab === "payment-methods" ? (
        <div className="space-y-4">
          {view.setupCancelled ? <Notice>{t("cards.setupCancelled")}</Notice> : null}
          <CardsPanel
            cards={view.cards}
            cardEntry={view.cardEntry}
            reply={reply}
            constraint={view.constraint}
            adding={view.adding}
            removing={view.removing}
            canCreate={data.canCreate}
            canUpdate={data.canUpdate}
            canDelete={data.canDelete}
          />
        </div>
      ) : view.tab === "top-up" ? (
        <TopUpForms
          forms={view}
          settings={view.autoTopup}
          balanceCents={data.balanceCents}
          currency={data.currency}
          reply={reply}
          returnTo="/billing?tab=top-up"
          canCreate={data.canCreate}
          canUpdate={data.canUpdate}
        />
      ) : view.tab === "billing-details" ? (
        <BillingDetailsPanel details={view.details} reply={reply} constraint={view.constraint} canUpdate={data.canUpdate} />
      ) : view.tab === "usage" ? (
        <UsagePanel {...view} billingCurrency={data.currency} timeZone={data.timeZone} />
      ) : (
        <HistoryPanel params={view.params} items={view.items} total={view.total} pageCount={view.pageCount} currency={data.currency} timeZone={data.timeZone} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
