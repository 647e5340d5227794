import { Link } from "@remix-run/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { formatDate, formatMoney } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { BILLING_TAB_LABELS, BILLING_TABS, billingHref, type BillingTab } from "./billing-tabs";
import { isCardErrorCode } from "./payments/card-errors";

/** Said on every billing screen while the built-in provider stands in for Stripe. */
export function TestModeNotice({ testMode }: { testMode: boolean }) {
  const { t } = useTranslation("billing");
  if (!testMode) return null;
  return (
    <div data-testid="billing-test-mode">
      <Notice tone="warning">{t("testMode")}</Notice>
    </div>
  );
}

export interface AutoTopupFailure {
  code: string;
  at: string;
  amountCents: number;
}

/** The last automatic top-up failed: what, when, why, and where to fix it. Stays until one succeeds. */
export function AutoTopupFailureBanner({ failure, currency, timeZone }: { failure: AutoTopupFailure | null; currency: string; timeZone: string }) {
  const { t, i18n } = useTranslation("billing");
  if (!failure) return null;
  const code = isCardErrorCode(failure.code) ? failure.code : "payment_failed";
  return (
    <div
      role="alert"
      data-testid="auto-topup-failed"
      className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p>
        {t("autoTopupBanner", {
          amount: formatMoney(failure.amountCents, currency, i18n.language),
          date: formatDate(failure.at, i18n.language, timeZone),
          reason: t(`cardErrors.${code}.message`),
        })}{" "}
        {t(`cardErrors.${code}.next`)}
      </p>
      <Link to={billingHref("payment-methods")} className="mt-1 inline-block font-medium underline">
        {t("autoTopupBannerLink")}
      </Link>
    </div>
  );
}

/** The provider's refusal at the form that caused it: what happened and what to do next. */
export function CardErrorNotice({ code }: { code: string | undefined }) {
  const { t } = useTranslation("billing");
  if (!code) return null;
  const known = isCardErrorCode(code) ? code : "unknown";
  return (
    <div
      role="alert"
      data-testid="card-error"
      data-code={known}
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">{t(`cardErrors.${known}.message`)}</p>
      <p>{t(`cardErrors.${known}.next`)}</p>
    </div>
  );
}

export function BillingTabBar({ active, tabs = BILLING_TABS }: { active: BillingTab; tabs?: readonly BillingTab[] }) {
  const { t } = useTranslation("billing");
  return <Tabs label={t("tabs.label")} active={active} tabs={tabs.map((tab) => ({ value: tab, label: t(BILLING_TAB_LABELS[tab]), to: billingHref(tab) }))} />;
}

/** The top of a billing screen of its own (invoices, subscriptions, top-up): its title, the way back to /billing, and the test-mode notice. */
export function BillingSubpageHeader({ title, description, testMode }: { title: string; description?: string; testMode: boolean }) {
  const { t } = useTranslation("billing");
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        back={
          <Link to="/billing" className="text-primary-dark underline dark:text-primary">
            {t("title")}
          </Link>
        }
      />
      <TestModeNotice testMode={testMode} />
    </>
  );
}
