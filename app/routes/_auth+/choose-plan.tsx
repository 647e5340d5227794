import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { cn } from "~/components/ui/cn";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { handleBillingAction, type BillingReply } from "~/features/billing/billing-actions.server";
import { billingFrame, cardViews } from "~/features/billing/billing-page.server";
import { CardErrorNotice, TestModeNotice } from "~/features/billing/billing-notices";
import { AddCardForm, StripeCardSetupForm } from "~/features/billing/payments/card-forms";
import { useCardLabel } from "~/features/billing/payments/cards-panel";
import { isCardErrorCode } from "~/features/billing/payments/card-errors";
import { isPaidOffer, planOffers } from "~/features/billing/plans/plan-choice.server";
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
  // ?plan=<key>: the plan is chosen first, then the card (issue 27); an unknown key, or one not paid for now, shows the choice again.
  const asked = new URL(request.url).searchParams.get("plan");
  const chosen = canChoose ? (plans.find((plan) => plan.key === asked && isPaidOffer(plan.offer)) ?? null) : null;
  return {
    plans,
    chosenKey: chosen?.key ?? null,
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
type Plan = ReturnType<typeof useLoaderData<typeof loader>>["plans"][number];

const choiceHref = (planKey: string) => `${HERE}?plan=${encodeURIComponent(planKey)}`;

export default function ChoosePlanPage() {
  const { t } = useTranslation();
  const { plans, chosenKey, current, canChoose, testMode, primaryCard, cardEntry, cardConstraint, submissionKey, canManageCards } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as PlanReply | undefined;
  const cardLabel = useCardLabel();
  const cardReply = reply && "intent" in reply && (reply.intent === "add-card" || reply.intent === "start-card-setup") ? (reply as BillingReply) : undefined;
  const chosen = plans.find((plan) => plan.key === chosenKey) ?? null;
  return (
    <AuthCard title={t("plans.title")} wide>
      <div className="space-y-4">
        <p>{t("plans.intro")}</p>
        <TestModeNotice testMode={testMode} />
        {!canChoose ? <Notice>{t("plans.askOwner")}</Notice> : null}
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
        {chosen ? (
          // The second step: the chosen plan, then the card if there is none yet, then the payment.
          <section aria-labelledby="chosen-plan-title" className="space-y-4 rounded-lg border-2 border-primary p-5" data-testid="chosen-plan">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="chosen-plan-title" className="text-lg font-semibold">
                {t("plans.chosenTitle", { plan: chosen.name })}
              </h2>
              <Link to={HERE} className="text-sm font-medium underline">
                {t("plans.changeChoice")}
              </Link>
            </div>
            <PlanTerms plan={chosen} />
            {primaryCard ? (
              <PlanAction plan={chosen} reply={reply} submissionKey={submissionKey} hasCard />
            ) : (
              <div className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700">
                <h3 className="font-semibold">{t("plans.cardTitle")}</h3>
                <p className="text-sm">{t("plans.needCardFor", { plan: chosen.name })}</p>
                {cardEntry === "form" ? (
                  <AddCardForm reply={cardReply} constraint={cardConstraint} returnTo={choiceHref(chosen.key)} />
                ) : (
                  <StripeCardSetupForm returnTo={choiceHref(chosen.key)} reply={cardReply} />
                )}
              </div>
            )}
          </section>
        ) : (
          // Equal cards: one grid row stretches them to one height, and each card's action sits at its foot.
          <ul className="grid gap-4 md:grid-cols-3">
            {plans.map((plan) => (
              <li
                key={plan.key}
                className={cn(
                  "flex flex-col gap-3 rounded-lg border p-5",
                  plan.recommended ? "border-primary ring-2 ring-primary" : "border-slate-200 dark:border-slate-700",
                )}
                data-plan={plan.key}
                data-recommended={plan.recommended ? "true" : undefined}
              >
                <div className="flex min-h-7 flex-wrap items-center justify-between gap-2">
                  <h2 className="text-lg font-semibold">{plan.name}</h2>
                  {plan.recommended ? (
                    <span className="rounded-full bg-primary-button px-2.5 py-0.5 text-xs font-semibold text-primary-button-text">
                      {t("plans.recommended")}
                    </span>
                  ) : null}
                </div>
                <PlanTerms plan={plan} />
                <div className="mt-auto">
                  {canChoose || plan.offer.kind === "current" ? (
                    <PlanAction plan={plan} reply={reply} submissionKey={submissionKey} hasCard={Boolean(primaryCard)} />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        {current ? (
          <Link to="/overview" className={buttonClass("secondary")}>
            {t("plans.backToDashboard")}
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}

/** Price, then what it includes: minutes and the price of each minute beyond them, numbers, agents. */
function PlanTerms({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <>
      <p>
        <span className="text-2xl font-bold">{formatMoney(plan.priceCents, plan.currency, language)}</span>{" "}
        <span className="text-sm text-slate-600 dark:text-slate-300">{t("plans.perMonth")}</span>
      </p>
      <ul className="space-y-1 text-sm">
        <li>{t("plans.minutes", { minutes: formatNumber(plan.minutes, language) })}</li>
        <li data-testid="plan-overage">{t("plans.overage", { price: formatMoney(plan.overageCentsPerMinute, plan.currency, language) })}</li>
        <li>{t("plans.phoneNumbers", { count: plan.phoneNumbers })}</li>
        <li>{t("plans.agents", { count: plan.agents })}</li>
      </ul>
    </>
  );
}

/**
 * What a plan's card offers: the current plan (and keeping it), a downgrade at
 * the period's end, or a payment. A payment without a card on file first
 * chooses the plan (?plan=), whose page then asks for the card.
 */
function PlanAction({ plan, reply, submissionKey, hasCard }: { plan: Plan; reply: PlanReply | undefined; submissionKey: string; hasCard: boolean }) {
  const { t, i18n } = useTranslation();
  const { timeZone } = useLoaderData<typeof loader>();
  const choosing = useIsPending({ intent: "choose" });
  const language = i18n.language;
  const { offer } = plan;
  if (offer.kind === "current") {
    return (
      <div className="space-y-2">
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
          {t("plans.current")}
        </p>
        {offer.resumable ? (
          <ChooseButton plan={plan.key} submissionKey={submissionKey} label={t("plans.resume", { plan: plan.name })} variant="secondary" />
        ) : null}
      </div>
    );
  }
  if (offer.kind === "downgrade") {
    return (
      <div className="space-y-2">
        <ChooseButton
          plan={plan.key}
          submissionKey={submissionKey}
          variant="secondary"
          label={t("plans.downgradeButton", { plan: plan.name, date: offer.effectiveAt ? formatDate(offer.effectiveAt, language, timeZone) : "" })}
        />
        <p className="text-xs text-slate-600 dark:text-slate-300">{t("plans.downgradeNote")}</p>
      </div>
    );
  }
  if (!hasCard) {
    return (
      <Link to={choiceHref(plan.key)} className={buttonClass("primary", "w-full")}>
        {t("plans.choose", { plan: plan.name })}
      </Link>
    );
  }
  return (
    <div className="space-y-2">
      <ChooseButton
        plan={plan.key}
        submissionKey={reply?.plan === plan.key && reply.submissionKey ? reply.submissionKey : submissionKey}
        disabled={choosing}
        label={t(offer.kind === "upgrade" ? "plans.payUpgrade" : offer.kind === "overdue" ? "plans.payOverdue" : "plans.payNew", {
          plan: plan.name,
          amount: formatMoney(offer.amountCents, plan.currency, language),
        })}
      />
      {offer.kind === "upgrade" ? <p className="text-xs text-slate-600 dark:text-slate-300">{t("plans.upgradeNote")}</p> : null}
    </div>
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
