import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { handleBillingAction, type BillingReply } from "~/features/billing/billing-actions.server";
import { AutoTopupFailureBanner, TestModeNotice } from "~/features/billing/billing-notices";
import { billingFrame, cardViews, LIMITS } from "~/features/billing/billing-page.server";
import { autoTopupSchema, topUpSchema } from "~/features/billing/schemas";
import { AutoTopupPanel, TopUpPanel } from "~/features/billing/topup-forms";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["billing"] };

const AREA = "add-topup-balance";
const HERE = "/add-topup-balance";

/** /add-topup-balance: the top-up and auto top-up forms on a screen of their own (the same forms as /billing?tab=top-up). */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, AREA);
  const [t, language, frame, cards] = await Promise.all([getTranslator(request, "billing"), getLanguage(request), billingFrame(gate.tenant.id), cardViews(gate.tenant.id)]);
  const { account, ...shown } = frame;
  return {
    title: t("topUp.title"),
    ...shown,
    cards,
    timeZone: gate.tenant.timeZone,
    autoTopup: { enabled: account.auto_topup_enabled === 1, thresholdCents: account.auto_topup_threshold_cents, amountCents: account.auto_topup_amount_cents, monthlyCapCents: account.auto_topup_monthly_cap_cents },
    limits: LIMITS,
    submissionKey: crypto.randomUUID(),
    constraints: { topUp: getZodConstraint(topUpSchema(language)), autoTopup: getZodConstraint(autoTopupSchema(language)) },
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
  const { t } = useTranslation("billing");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as BillingReply | undefined;
  return (
    <div className="space-y-4">
      <PageHeader
        title={data.title}
        back={
          <Link to="/billing" className="text-primary-dark underline dark:text-primary">
            {t("title")}
          </Link>
        }
      />
      <TestModeNotice testMode={data.testMode} />
      <AutoTopupFailureBanner failure={data.autoTopupFailure} currency={data.currency} timeZone={data.timeZone} />
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <TopUpPanel
          cards={data.cards}
          balanceCents={data.balanceCents}
          currency={data.currency}
          limits={data.limits}
          submissionKey={data.submissionKey}
          reply={reply}
          constraint={data.constraints.topUp}
          returnTo={HERE}
          canCreate={data.canCreate}
        />
        <AutoTopupPanel settings={data.autoTopup} currency={data.currency} limits={data.limits} reply={reply} constraint={data.constraints.autoTopup} returnTo={HERE} canUpdate={data.canUpdate} />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
