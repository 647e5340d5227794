import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { loadOverviewFigures } from "~/features/call-center/kpis.server";
import { CallFiguresSection, type CallFiguresView } from "~/features/call-center/overview-figures";
import { DEFAULT_DATE_RANGE, isDateRangeKey } from "~/lib/dates/date-ranges";
import { FirstSteps } from "~/features/onboarding/first-steps";
import { loadFirstSteps } from "~/features/onboarding/first-steps.server";
import { isFirstVisit } from "~/features/onboarding/first-visit.server";
import { claimAutoOpen, loadProfileOptions, savePhoneIfChanged, saveProfileOptions } from "~/features/onboarding/onboarding.server";
import { OnboardingWizard, type WizardReply, type WizardView } from "~/features/onboarding/onboarding-wizard";
import { phoneStepSchema, profileStepSchema } from "~/features/onboarding/schemas";
import { isWizardStep, ONBOARDING_PARAM, wizardStepHref, type WizardStep } from "~/features/onboarding/wizard-steps";
import { formatPhoneForDisplay } from "~/features/phone/phone-library.server";
import { readFormData } from "~/lib/http/form-body.server";
import { badRequest } from "~/lib/http/errors.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { formatDate, formatMinutes, formatMoney, formatNumber } from "~/i18n/format";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { isCustomRoleKey } from "~/features/roles/role-rank";

export const handle: I18nHandle = { i18n: ["calls", "onboarding", "phone"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant, subscription, sessionIdHash } = await requireReadAccess(request, "overview");
  const url = new URL(request.url);
  const requested = url.searchParams.get("range");
  // An unknown range falls back to the default instead of an error, so an old or hand-edited link still opens the overview.
  const rangeKey = isDateRangeKey(requested) ? requested : DEFAULT_DATE_RANGE;
  const { range, granularity, total, periods } = await loadOverviewFigures(tenant.id, tenant.timeZone, rangeKey);
  const figures: CallFiguresView = { rangeKey, firstDay: range.firstDay, lastDay: range.lastDay, granularity, total, periods };
  // The wizard: the step the URL names, or the welcome when the user has never seen it (which it then is).
  const requestedStep = url.searchParams.get(ONBOARDING_PARAM);
  const auto = isWizardStep(requestedStep) ? false : await claimAutoOpen(tenant.id, user.id);
  const step: WizardStep | null = isWizardStep(requestedStep) ? requestedStep : auto ? "welcome" : null;
  const wizard: WizardView | null = step && {
    step,
    auto,
    phone: formatPhoneForDisplay(user.phone),
    profile: await loadProfileOptions(tenant.id, user.id),
    canSave: can(user.permissions, "profile", "update"),
    country: tenant.country,
  };
  return {
    figures,
    wizard,
    firstVisit: await isFirstVisit(tenant.id, sessionIdHash),
    firstSteps: await loadFirstSteps(tenant.id, user.permissions),
    // A tenant's own role is shown by its name (docs/product/roles.md); a built-in one by its translated key.
    user: {
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      roleKey: user.roleKey,
      roleName: isCustomRoleKey(user.roleKey) ? user.accountRoleName : null,
    },
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

/** A refused step: its form shows the messages and keeps what was typed. */
function refused(intent: WizardReply["intent"], result: WizardReply["result"], status = 400) {
  return data({ intent, result } satisfies WizardReply, { status });
}

/**
 * The wizard's forms (docs/product/behaviour.md#onboarding-wizard): each posts to its step's URL and
 * moves on to the next step's. Both change only the signed-in user's own
 * record, so they need the right to update one's profile.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const { user, tenant } = await requireActionAccess(request, "update", "profile");
  const search = new URL(request.url).search;
  const onward = (step: WizardStep) => redirect(safeRedirectPath(wizardStepHref(step, search)));
  switch (formData.get("intent")) {
    case "phone": {
      const submission = parseWithZod(formData, { schema: phoneStepSchema(tenant.country) });
      if (submission.status !== "success") return refused("phone", submission.reply());
      const saved = await orFailed("Saving the onboarding phone number", () => savePhoneIfChanged(tenant.id, user.id, submission.value.phone, tenant.country));
      // "Failed to update phone number" (docs/product/errors.md#operation-failures): the user stays on the step with what they typed.
      if (saved === FAILED) return refused("phone", submission.reply({ formErrors: ["failures.phoneUpdateFailed"] }), 500);
      return onward("profile");
    }
    case "profile": {
      const submission = parseWithZod(formData, { schema: profileStepSchema });
      if (submission.status !== "success") return refused("profile", submission.reply());
      const saved = await orFailed("Saving the onboarding profile", () => saveProfileOptions(tenant.id, user.id, submission.value));
      if (saved === FAILED) return refused("profile", submission.reply({ formErrors: ["failures.profileFailed"] }), 500);
      return onward("tour");
    }
    default:
      badRequest();
  }
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
  const { user, tenant, subscription, figures, firstVisit, firstSteps, wizard } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() ?? null;
  const language = i18n.language;
  return (
    <div className="space-y-6">
      <PageHeader title={t(firstVisit ? "overview.welcomeFirst" : "overview.welcome", { name: user.name })} />
      <OnboardingWizard wizard={wizard} reply={reply} />
      {firstSteps ? <FirstSteps steps={firstSteps} /> : null}
      <CallFiguresSection figures={figures} language={language} />
      <div className="grid gap-6 lg:grid-cols-2" data-tour="overview-account">
        <Panel title={t("overview.account")}>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label={t("overview.tenant")} value={tenant.name} testId="tenant-name" />
            <Fact label={t("overview.role")} value={user.roleName ?? t(`overview.roles.${user.roleKey}`, { defaultValue: user.roleKey })} />
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
