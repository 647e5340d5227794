import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { handleBillingAction, type BillingReply } from "~/features/billing/billing-actions.server";
import { AutoTopupFailureBanner, BillingSubpageHeader } from "~/features/billing/billing-notices";
import { billingFrameForPage, topUpFormsData } from "~/features/billing/billing-page.server";
import { TopUpForms } from "~/features/billing/payments/topup-forms";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["billing"] };

const AREA = "add-topup-balance";
const HERE = "/add-topup-balance";

/** /add-topup-balance: the top-up and auto top-up forms on a screen of their own (the same forms as /billing?tab=top-up). */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, AREA);
  const language = await getLanguage(request);
  const [t, frame, forms] = await Promise.all([
    getTranslator(request, "billing"),
    billingFrameForPage(gate.tenant.id),
    topUpFormsData(gate.tenant.id, language),
  ]);
  return {
    title: t("topUp.title"),
    ...frame,
    ...forms,
    timeZone: gate.tenant.timeZone,
    canCreate: can(gate.user.permissions, AREA, "create"),
    canUpdate: can(gate.user.permissions, AREA, "update"),
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "read", AREA);
  return handleBillingAction(request, gate, AREA, HERE);
}

export default function AddTopUpBalancePage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as BillingReply | undefined;
  return (
    <div className="space-y-4">
      <BillingSubpageHeader title={data.title} testMode={data.testMode} />
      <AutoTopupFailureBanner failure={data.autoTopupFailure} currency={data.currency} timeZone={data.timeZone} />
      <TopUpForms
        forms={data}
        settings={data.autoTopup}
        balanceCents={data.balanceCents}
        currency={data.currency}
        reply={reply}
        returnTo={HERE}
        canCreate={data.canCreate}
        canUpdate={data.canUpdate}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
