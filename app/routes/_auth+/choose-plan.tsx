import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { handleBillingAction, type BillingReply } from "~/features/billing/billing-actions.server";
import { billingFrame, cardViews } from "~/features/billing/billing-page.server";
import { CardErrorNotice, TestModeNotice } from "~/features/billing/billing-notices";
import { AddCardForm, StripeCardSetupForm } from "~/features/billing/payments/card-forms";
import { useCardLabel } from "~/features/billing/payments/cards-panel";
import { isCardErrorCode } from "~/features/billing/payments/card-errors";
import { planOffers } from "~/features/billing/plans/plan-choice.server";
import { getPaymentProvider } from "~/features/billing/payments/provider.server";
import { addCardSchema } from "~/features/billing/schemas";
import { invoiceNumberForCharge } from "~/features/billing/history/invoices.server";
import { choosePlan } from "~/features/billing/plans/subscriptions.server";
import { formatDate, formatMoney, formatNumber } from "~/i18n/format";
import { getLanguage } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { badRequest, forbidden } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["billing"] };

const HERE = "/choose-plan";

/**
 * Exempt from the subscription check only. Anyone signed in may look at the
 * plans (so a user without a plan is never bounced in a loop), but only a role
 * allowed to create on choose-plan may pick one. Choosing charges the plan
 * through the payment provider: the full price for a first plan, the
 * prorated difference for an upgrade; a downgrade waits for the period's end.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "choose-plan");
  const canChoose = can(gate.user.permissions, "choose-plan", "create");
  const [plans, frame, cards] = await Promise.all([planOffers(gate.subscription), billingFrame(gate.tenant.id), canChoose ? cardViews(gate.tenant.id) : []]);
  return {
    plans,
    current: gate.subscription ? { key: gate.subscription.plan_key, status: gate.subscription.status } : null,
    canChoose,
    testMode: frame.testMode,
    primaryCard: cards.find((card) => card.priority === "primary") ?? null,
    cardEntry: getPaymentProvider().cardEntry,
    cardConstraint: getZodConstraint(addCardSchema),
    submissionKey: crypto.randomUUID(),
    timeZone: gate.tenant.timeZone,
    canManageCards: can(gate.user.permissions, "billing", "read"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "choose-plan");
  const form = await readFormData(request);
  const intent = form.get("intent") ?? "choose";
  if (intent === "add-card" || intent === "start-card-setup") return handleBillingAction(request, gate, "choose-plan", HERE, form);
  if (intent !== "choose") throw await forbidden(request);
  const planKey = String(form.get("plan") ?? "");
  const submissionKey = String(form.get("submissionKey") ?? "");
  if (!/^[0-9a-f-]{36}$/i.test(submissionKey)) badRequest();
  const language = await getLanguage(request);
  const choice = await choosePlan({ tenantId: gate.tenant.id, planKey, submissionKey, userId: gate.user.id });
  switch (choice.kind) {
    case "unknownPlan":
      return data({ formErrors: ["plans.unknownPlan"], plan: planKey }, { status: 400 });
    case "noCard":
      return data({ formErrors: ["plans.needCard"], plan: planKey }, { status: 402 });
    case "unchanged": {
      const plan = (await planOffers(gate.subscription)).find((offer) => offer.key === planKey);
      return redirectWithToast("/billing", { type: "success", key: "plans.resumed", values: { plan: plan?.name ?? planKey } });
    }
    case "scheduled": {
      const plan = (await planOffers(gate.subscription)).find((offer) => offer.key === planKey);
      return redirectWithToast("/billing", {
        type: "success",
        key: "plans.downgradeScheduled",
        values: { plan: plan?.name ?? planKey, date: formatDate(choice.effectiveAt, language, gate.tenant.timeZone) },
      });
    }
    case "charged": {
      const { charge } = choice;
      if (charge.status === "succeeded") {
        const invoiceNumber = await invoiceNumberForCharge(charge.tenant_id, charge.id);
        const details = JSON.parse(charge.details) as { planName?: string; change?: string };
        const target = gate.subscription ? "/billing" : "/overview";
        return redirectWithToast(target, {
          type: "success",
          key: details.change === "upgrade" ? "plans.upgraded" : details.change === "renewal" ? "plans.resumed" : "plans.chargedNew",
          values: { plan: details.planName ?? "", number: invoiceNumber ?? "" },
        });
      }
      if (charge.status === "pending") return data({ formErrors: ["plans.paymentPending"], plan: planKey, submissionKey }, { status: 202 });
      return data({ cardError: isCardErrorCode(charge.failure_code) ? charge.failure_code : "payment_failed", plan: planKey }, { status: 402 });
    }
  }
}

type PlanReply = { formErrors?: string[]; cardError?: string; plan?: string; submissionKey?: string } & Partial<BillingReply>;

export default function ChoosePlanPage() {
  const { t, i18n } = useTranslation();
  const { plans, current, canChoose, testMode, primaryCard, cardEntry, cardConstraint, submissionKey, timeZone, canManageCards } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as PlanReply | undefined;
  const cardLabel = useCardLabel();
  const language = i18n.language;
  const choosing = useIsPending({ intent: "choose" });
  const cardReply = reply && "intent" in reply && (reply.intent === "add-card" || reply.intent === "start-card-setup") ? (reply as BillingReply) : undefined;
  return (
    <AuthCard title={t("plans.title")} wide>
      <div className="space-y-4">
        <p>{t("plans.intro")}</p>
        <TestModeNotice testMode={testMode} />
        {!canChoose ? <Notice>{t("plans.askOwner")}</Notice> : null}
        {canChoose && !primaryCard ? (
          <section aria-labelledby="plan-card-title" className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
            <h2 id="plan-card-title" className="font-semibold">
              {t("plans.cardTitle")}
            </h2>
            <p className="text-sm">{t("plans.needCard")}</p>
            {cardEntry === "form" ? (
              <AddCardForm reply={cardReply} constraint={cardConstraint} returnTo={HERE} />
            ) : (
              <StripeCardSetupForm returnTo={HERE} reply={cardReply} />
            )}
          </section>
        ) : null}
        {canChoose && primaryCard ? (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="plan-card">
            {t("plans.paysWith", { card: cardLabel(primaryCard) })}{" "}
            {canManageCards ? (
              <Link to="/billing?tab=payment-methods" className="font-medium underline">
                {t("plans.manageCards")}
              </Link>
            ) : null}
          </p>
        ) : null}
        <FormErrors errors={reply?.formErrors} />
        {reply?.cardError ? <CardErrorNotice code={reply.cardError} /> : null}
        <ul className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.key} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-5 dark:border-slate-700" data-plan={plan.key}>
              <h2 className="text-lg font-semibold">{plan.name}</h2>
              <p>
                <span className="text-2xl font-bold">{formatMoney(plan.priceCents, plan.currency, language)}</span>{" "}
                <span className="text-sm text-slate-500 dark:text-slate-400">{t("plans.perMonth")}</span>
              </p>
              <ul className="flex-1 space-y-1 text-sm">
                <li>{t("plans.phoneNumbers", { count: plan.phoneNumbers })}</li>
                <li>{t("plans.minutes", { minutes: formatNumber(plan.minutes, language) })}</li>
                <li>{t("plans.agents", { count: plan.agents })}</li>
              </ul>
              {plan.offer.kind === "current" ? (
                <div className="space-y-2">
                  <p className="rounded-md bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                    {t("plans.current")}
                  </p>
                  {canChoose && plan.offer.resumable ? (
                    <ChooseButton plan={plan.key} submissionKey={submissionKey} label={t("plans.resume", { plan: plan.name })} variant="secondary" />
                  ) : null}
                </div>
              ) : canChoose ? (
                <div className="space-y-2">
                  {plan.offer.kind === "downgrade" ? (
                    <>
                      <ChooseButton
                        plan={plan.key}
                        submissionKey={submissionKey}
                        variant="secondary"
                        label={t("plans.downgradeButton", {
                          plan: plan.name,
                          date: plan.offer.effectiveAt ? formatDate(plan.offer.effectiveAt, language, timeZone) : "",
                        })}
                      />
                      <p className="text-xs text-slate-500 dark:text-slate-400">{t("plans.downgradeNote")}</p>
                    </>
                  ) : (
                    <>
                      <ChooseButton
                        plan={plan.key}
                        submissionKey={reply?.plan === plan.key && reply.submissionKey ? reply.submissionKey : submissionKey}
                        disabled={!primaryCard || choosing}
                        label={t(plan.offer.kind === "upgrade" ? "plans.payUpgrade" : plan.offer.kind === "overdue" ? "plans.payOverdue" : "plans.payNew", {
                          plan: plan.name,
                          amount: formatMoney(plan.offer.amountCents, plan.currency, language),
                        })}
                      />
                      {plan.offer.kind === "upgrade" ? <p className="text-xs text-slate-500 dark:text-slate-400">{t("plans.upgradeNote")}</p> : null}
                    </>
                  )}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        {current ? (
          <Link to="/overview" className={buttonClass("secondary")}>
            {t("plans.backToDashboard")}
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}

function ChooseButton({
  plan,
  submissionKey,
  label,
  variant = "primary",
  disabled = false,
}: {
  plan: string;
  submissionKey: string;
  label: string;
  variant?: "primary" | "secondary";
  disabled?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="choose" />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <Button type="submit" name="plan" value={plan} className="w-full" variant={variant} disabled={disabled}>
        {label}
      </Button>
    </Form>
  );
}
