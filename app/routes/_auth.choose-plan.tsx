import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { AuthCard } from "~/components/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { listPlans, subscribeTenantToPlan } from "~/features/tenants/plans.server";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { formatMoney, formatNumber } from "~/i18n/format";
import { readFormData } from "~/lib/http/form-body.server";

/**
 * Exempt from the subscription check only. Anyone signed in may look at the
 * plans (so a user without a plan is never bounced in a loop), but only a role
 * allowed to create on choose-plan may pick one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "choose-plan");
  const plans = await listPlans();
  return {
    plans: plans.map((p) => ({ key: p.key, name: p.name, priceCents: p.price_cents, currency: p.currency, phoneNumbers: p.phone_number_limit, minutes: p.included_minutes, agents: p.agent_limit })),
    currentPlanKey: gate.subscription?.plan_key ?? null,
    canChoose: can(gate.user.permissions, "choose-plan", "create"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "choose-plan");
  const form = await readFormData(request);
  const planKey = String(form.get("plan") ?? "");
  const plans = await listPlans();
  const plan = plans.find((p) => p.key === planKey);
  if (!plan || !(await subscribeTenantToPlan(gate.tenant.id, plan.key))) {
    return data({ formErrors: ["plans.unknownPlan"] }, { status: 400 });
  }
  return redirectWithToast("/overview", { type: "success", key: "plans.chosen", values: { plan: plan.name } });
}

export default function ChoosePlanPage() {
  const { t, i18n } = useTranslation();
  const { plans, currentPlanKey, canChoose } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title={t("plans.title")} wide>
      <div className="space-y-4">
        <p>{t("plans.intro")}</p>
        <Notice tone="warning">{t("plans.freeUntilBilling")}</Notice>
        {!canChoose ? <Notice>{t("plans.askOwner")}</Notice> : null}
        <FormErrors errors={actionData?.formErrors} />
        <ul className="grid gap-4 md:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.key} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-5 dark:border-slate-700">
              <h2 className="text-lg font-semibold">{plan.name}</h2>
              <p>
                <span className="text-2xl font-bold">{formatMoney(plan.priceCents, plan.currency, i18n.language)}</span>{" "}
                <span className="text-sm text-slate-500 dark:text-slate-400">{t("plans.perMonth")}</span>
              </p>
              <ul className="flex-1 space-y-1 text-sm">
                <li>{t("plans.phoneNumbers", { count: plan.phoneNumbers })}</li>
                <li>{t("plans.minutes", { minutes: formatNumber(plan.minutes, i18n.language) })}</li>
                <li>{t("plans.agents", { count: plan.agents })}</li>
              </ul>
              {currentPlanKey === plan.key ? (
                <p className="rounded-md bg-emerald-50 px-3 py-2 text-center text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">{t("plans.current")}</p>
              ) : canChoose ? (
                <Form method="post">
                  <Button type="submit" name="plan" value={plan.key} className="w-full">
                    {t("plans.choose", { plan: plan.name })}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {currentPlanKey ? (
          <Link to="/overview" className={buttonClass("secondary")}>
            {t("plans.backToDashboard")}
          </Link>
        ) : null}
      </div>
    </AuthCard>
  );
}
