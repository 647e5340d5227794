import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { loadOverviewFigures } from "~/features/call-center/kpis.server";
import { CallFiguresSection, type CallFiguresView } from "~/features/call-center/overview-figures";
import { DEFAULT_DATE_RANGE, isDateRangeKey } from "~/lib/dates/date-ranges";
import { FirstSteps } from "~/features/onboarding/first-steps";
import { loadFirstSteps } from "~/features/onboarding/first-steps.server";
import { isFirstVisit } from "~/features/onboarding/first-visit.server";
import { formatDate, formatMinutes, formatMoney, formatNumber } from "~/i18n/format";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["calls"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant, subscription, sessionIdHash } = await requireReadAccess(request, "overview");
  const requested = new URL(request.url).searchParams.get("range");
  // An unknown range falls back to the default instead of an error, so an old or hand-edited link still opens the overview.
  const rangeKey = isDateRangeKey(requested) ? requested : DEFAULT_DATE_RANGE;
  const { range, granularity, total, periods } = await loadOverviewFigures(tenant.id, tenant.timeZone, rangeKey);
  const figures: CallFiguresView = { rangeKey, firstDay: range.firstDay, lastDay: range.lastDay, granularity, total, periods };
  return {
    figures,
    firstVisit: await isFirstVisit(tenant.id, sessionIdHash),
    firstSteps: await loadFirstSteps(tenant.id, user.permissions),
    user: { name: user.name, email: user.email, emailVerified: user.emailVerified, roleKey: user.roleKey },
    tenant,
    subscription: subscription && {
      planName: subscription.plan_name,
      status: subscription.status,
      startedAt: subscription.started_at,
      priceCents: subscription.price_cents,
      currency: subscription.currency,
      phoneNumberLimit: subscription.phone_number_limit,
      includedMinutes: subscription.included_minutes,
      agentLimit: subscription.agent_limit,
    },
  };
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="hyphens-auto break-words text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export default function OverviewPage() {
  const { t, i18n } = useTranslation();
  const { user, tenant, subscription, figures, firstVisit, firstSteps } = useLoaderData<typeof loader>();
  const language = i18n.language;
  return (
    <div className="space-y-6">
      <PageHeader title={t(firstVisit ? "overview.welcomeFirst" : "overview.welcome", { name: user.name })} />
      {firstSteps ? <FirstSteps steps={firstSteps} /> : null}
      <CallFiguresSection figures={figures} language={language} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t("overview.account")}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label={t("overview.tenant")} value={tenant.name} testId="tenant-name" />
            <Fact label={t("overview.role")} value={t(`overview.roles.${user.roleKey}`, { defaultValue: user.roleKey })} />
            <Fact label={t("overview.email")} value={`${user.email} · ${user.emailVerified ? t("overview.emailVerified") : t("overview.emailUnverified")}`} />
            <Fact label={t("overview.timeZone")} value={tenant.timeZone} />
          </dl>
        </Panel>
        {subscription ? (
          <Panel title={t("overview.subscription")}>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Fact label={t("overview.plan")} value={subscription.planName} testId="plan-name" />
              <Fact label={t("overview.status")} value={t(`overview.subscriptionStatus.${subscription.status}`)} />
              <Fact label={t("overview.since")} value={formatDate(subscription.startedAt, language, tenant.timeZone)} />
              <Fact
                label={t("overview.price")}
                value={t("overview.perMonth", { price: formatMoney(subscription.priceCents, subscription.currency, language) })}
              />
              <Fact label={t("overview.phoneNumberLimit")} value={formatNumber(subscription.phoneNumberLimit, language)} />
              <Fact label={t("overview.includedMinutes")} value={formatMinutes(subscription.includedMinutes, language)} />
              <Fact label={t("overview.agentLimit")} value={formatNumber(subscription.agentLimit, language)} />
            </dl>
          </Panel>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
