import { Form, Link } from "@remix-run/react";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm, type FormFetcher } from "~/components/ui/confirm-action";
import { EmptyState } from "~/components/ui/empty-state";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { formatDate, formatMoney } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { billingHref } from "./billing-tabs";
import { InvoiceTable, type InvoiceRow } from "./history/invoice-table";
import type { AutoTopupView } from "./payments/topup-forms";

export type PlanStatus = "active" | "grace" | "cancelled" | "lapsed";
const STATUS_TONES: Record<PlanStatus, BadgeTone> = { active: "success", grace: "warning", cancelled: "neutral", lapsed: "danger" };

export interface OverviewPlan {
  name: string;
  priceCents: number;
  currency: string;
  status: PlanStatus;
  periodEnd: string | null;
  endsAt: string | null;
  nextPlanName: string | null;
}

/** tab=overview: balance, plan and its state, auto top-up, latest invoices. */
export function OverviewPanel({
  balanceCents,
  currency,
  plan,
  autoTopup,
  invoices,
  invoiceCount,
  timeZone,
  canChangePlan,
  canUpdate,
  confirmingCancel,
}: {
  balanceCents: number;
  currency: string;
  plan: OverviewPlan | null;
  autoTopup: AutoTopupView;
  invoices: InvoiceRow[];
  invoiceCount: number;
  timeZone: string;
  canChangePlan: boolean;
  canUpdate: boolean;
  confirmingCancel: boolean;
}) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const money = (cents: number) => formatMoney(cents, currency, language);
  const date = (iso: string | null) => (iso ? formatDate(iso, language, timeZone) : "");
  const planNote = !plan
    ? null
    : plan.status === "grace"
      ? t("overview.grace", { date: date(plan.endsAt) })
      : plan.status === "cancelled"
        ? t("overview.cancelled", { date: date(plan.endsAt) })
        : plan.nextPlanName && plan.periodEnd
          ? t("overview.downgrade", { plan: plan.nextPlanName, date: date(plan.periodEnd) })
          : plan.periodEnd
            ? t("overview.renews", { date: date(plan.periodEnd) })
            : t("overview.noRenewal");
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Stat
          label={t("overview.balance")}
          value={money(balanceCents)}
          note={t("overview.balanceHint")}
          to={billingHref("top-up")}
          data-testid="billing-balance"
        />
        <Stat
          label={t("overview.plan")}
          value={plan ? plan.name : t("overview.noPlan")}
          note={
            plan ? (
              <span className="flex flex-wrap items-center gap-2">
                <StatusBadge status={plan.status} tones={STATUS_TONES} label={t(`status.${plan.status}`)} data-testid="plan-status" />
                <span>{t("overview.perMonth", { price: formatMoney(plan.priceCents, plan.currency, language) })}</span>
              </span>
            ) : undefined
          }
          data-testid="billing-plan"
        />
        <Stat
          label={t("overview.autoTopup")}
          value={autoTopup.enabled ? t("overview.autoTopupOnShort") : t("overview.autoTopupOff")}
          note={
            autoTopup.enabled
              ? t("overview.autoTopupOn", { amount: money(autoTopup.amountCents), threshold: money(autoTopup.thresholdCents) })
              : t("overview.autoTopupSettings")
          }
          to={billingHref("top-up")}
          data-testid="billing-auto-topup"
        />
      </div>
      {plan ? (
        <Panel title={t("overview.plan")}>
          <div className="space-y-3">
            <p className="text-sm" data-testid="plan-note">
              {planNote}
            </p>
            <div className="flex flex-wrap gap-2">
              {canChangePlan ? (
                <Link to="/choose-plan" className={buttonClass("secondary", undefined, "sm")}>
                  {t("overview.changePlan")}
                </Link>
              ) : null}
              <Link to="/subscriptions-history" className={buttonClass("ghost", undefined, "sm")}>
                {t("overview.subscriptionHistory")}
              </Link>
              {canUpdate && plan.status === "active" && !confirmingCancel ? (
                <ConfirmAction
                  href={billingHref("overview", { confirm: "cancel-plan" })}
                  title={t("overview.cancelTitle")}
                  className={buttonClass("ghost", "text-red-700 dark:text-red-300", "sm")}
                  content={({ fetcher, close }) => <CancelPlanForm plan={plan} date={date(plan.periodEnd)} fetcher={fetcher} onCancel={close} />}
                >
                  {t("overview.cancelPlan")}
                </ConfirmAction>
              ) : null}
              {canUpdate && (plan.status === "cancelled" || plan.nextPlanName) ? (
                <Form method="post">
                  <input type="hidden" name="returnTo" value="/billing" />
                  <Button type="submit" name="intent" value="resume-plan" size="sm">
                    {t("overview.resumePlan")}
                  </Button>
                </Form>
              ) : null}
            </div>
            {confirmingCancel && canUpdate && plan.status === "active" ? <CancelPlanForm plan={plan} date={date(plan.periodEnd)} /> : null}
          </div>
        </Panel>
      ) : null}
      <Panel
        title={t("overview.latestInvoices")}
        actions={
          invoiceCount > invoices.length ? (
            <Link to="/invoices" className="text-sm font-medium text-primary-dark underline dark:text-primary">
              {t("overview.allInvoices")}
            </Link>
          ) : null
        }
      >
        {invoices.length === 0 ? <EmptyState title={t("overview.noInvoices")} /> : <InvoiceTable rows={invoices} timeZone={timeZone} />}
      </Panel>
    </div>
  );
}

function CancelPlanForm({ plan, date, fetcher, onCancel }: { plan: OverviewPlan; date: string; fetcher?: FormFetcher; onCancel?: () => void }) {
  const { t } = useTranslation("billing");
  return (
    <ConfirmForm
      hidden={{ intent: "cancel-plan", returnTo: "/billing" }}
      confirmLabel={t("overview.cancelConfirm")}
      dismissLabel={t("overview.keep")}
      cancelHref="/billing"
      fetcher={fetcher}
      onCancel={onCancel}
    >
      <p className="text-sm">{t("overview.cancelBody", { plan: plan.name, date })}</p>
    </ConfirmForm>
  );
}
