import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { PayoutState } from "~/db/schema";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import {
  decideApplication,
  listAffiliatesByStatus,
  listApprovedAffiliatesWithFigures,
  listPayouts,
  setAffiliateRate,
} from "~/features/affiliates/management.server";
import { nextPayoutStates, PAYOUT_STATES } from "~/features/affiliates/payout-states";
import { movePayout } from "~/features/affiliates/payouts.server";
import { getProgrammeSettings } from "~/features/affiliates/programme.server";
import { MANAGEMENT_TABS, parseManagementTab, parsePayoutFilter, type ManagementTab } from "~/features/affiliates/management-params";
import { AffiliateManagementSchema } from "~/features/affiliates/schemas";
import { PAYOUT_TONES } from "~/features/affiliates/tones";
import { formatDate, formatMoney, formatNumber, formatRate } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["affiliates"] };

const PATH = "/affiliate-management";
const OPEN_PAYOUT_STATES: readonly PayoutState[] = ["PENDING_APPROVAL", "APPROVED_PENDING_PAYMENT"];

function tabHref(tab: ManagementTab, state?: PayoutState | null) {
  const params = new URLSearchParams({ tab });
  if (state) params.set("state", state);
  return `${PATH}?${params.toString()}`;
}

/**
 * /affiliate-management?tab=approve|manage|payout[&state=] (super admin,
 * docs/product/affiliates.md#affiliate-management): applicants to decide on, approved
 * affiliates and their rates, and the payout queue with its moves and CSV
 * batch. Every form posts here and works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "affiliate-management");
  const search = new URL(request.url).searchParams;
  const tab = parseManagementTab(search.get("tab"));
  const state = parsePayoutFilter(search.get("state"));
  const [t, settings] = await Promise.all([getTranslator(request, "affiliates"), getProgrammeSettings()]);
  const applicants = tab === "approve" ? await listAffiliatesByStatus(["applied"]) : [];
  const affiliates = tab === "manage" ? await listApprovedAffiliatesWithFigures() : [];
  const payouts = tab === "payout" ? await listPayouts(state ? [state] : OPEN_PAYOUT_STATES) : [];
  return {
    title: t("management.title"),
    tab,
    state,
    settings,
    applicants: applicants.map((a) => ({ id: a.id, name: a.name, email: a.email, tenantName: a.tenantName, createdAt: a.created_at })),
    affiliates: affiliates.map((a) => ({
      id: a.id,
      name: a.name,
      email: a.email,
      tenantName: a.tenantName,
      code: a.referral_code,
      rateBps: a.rate_bps,
      signUps: a.figures.signUps,
      payingCustomers: a.figures.payingCustomers,
      payable: a.figures.totals.payable,
      paid: a.figures.totals.paid,
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email,
      tenantName: p.tenantName,
      amountCents: Number(p.amount_cents),
      currency: p.currency,
      method: p.method,
      state: p.state,
      reason: p.reason,
      requestedAt: p.requested_at,
    })),
    timeZone: gate.tenant.timeZone,
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireSuperAdmin(request, "affiliate-management", "update");
  const formData = await readFormData(request);
  const back = safeRedirectPath(String(formData.get("back") ?? ""), PATH);
  const submission = parseWithZod(formData, { schema: AffiliateManagementSchema });
  if (submission.status !== "success") {
    const rateError = submission.error?.rate?.[0];
    return data({ refusal: rateError ?? "refusals.reason-required" }, { status: 400 });
  }
  const actor = { userId: gate.user.id };
  const value = submission.value;
  switch (value.intent) {
    case "approve":
    case "reject": {
      const outcome = await decideApplication(actor, value.affiliateId, value.intent === "approve" ? "approved" : "rejected");
      if (outcome === "not-found") notFound();
      if (outcome === "already-decided") return data({ refusal: "refusals.already-decided" }, { status: 409 });
      return redirectWithToast(back, { type: "success", key: value.intent === "approve" ? "affiliates:toast.approved" : "affiliates:toast.rejected" });
    }
    case "set-rate": {
      if (!(await setAffiliateRate(actor, value.affiliateId, value.rate))) notFound();
      return redirectWithToast(back, { type: "success", key: "affiliates:toast.rateSaved" });
    }
    case "move-payout": {
      const outcome = await movePayout(actor, value.payoutId, value.to, value.reason ?? null);
      if (outcome.kind === "not-found") notFound();
      if (outcome.kind === "refused") return data({ refusal: `refusals.${outcome.refusal}` }, { status: 409 });
      const t = await getTranslator(request, "affiliates");
      return redirectWithToast(back, { type: "success", key: "affiliates:toast.payoutMoved", values: { state: t(`states.${outcome.state}`) } });
    }
  }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const MOVE_LABELS: Partial<Record<PayoutState, string>> = {
  APPROVED_PENDING_PAYMENT: "management.payout.approve",
  PAID: "management.payout.markPaid",
};

/** A person's name over a second line (their address or account), so a table needs one column for both. */
function Person({ name, line }: { name: string; line: string }) {
  return (
    <span className="block min-w-0">
      <span className="block">{name}</span>
      <span className="block break-all text-xs font-normal text-slate-500 dark:text-slate-400">{line}</span>
    </span>
  );
}

function Hidden({ values }: { values: Record<string, string> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export default function AffiliateManagementPage() {
  const { t, i18n } = useTranslation("affiliates");
  const { tab, state, settings, applicants, affiliates, payouts, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const language = i18n.language;
  const money = (cents: number, currency = settings.currency) => formatMoney(cents, currency, language);
  const rate = (bps: number) => formatRate(bps / 100, language);
  const here = tabHref(tab, state);

  const applicantColumns: Array<DataColumn<Data["applicants"][number]>> = [
    { id: "name", header: t("columns.affiliate"), primary: true, rowHeader: true, cell: (row) => row.name },
    { id: "email", header: t("columns.email"), truncate: true, cell: (row) => row.email },
    { id: "tenant", header: t("columns.tenant"), truncate: true, cell: (row) => row.tenantName },
    { id: "applied", header: t("columns.appliedAt"), cell: (row) => formatDate(row.createdAt, language, timeZone) },
  ];
  const affiliateColumns: Array<DataColumn<Data["affiliates"][number]>> = [
    {
      id: "name",
      header: t("columns.affiliate"),
      primary: true,
      rowHeader: true,
      className: "whitespace-normal",
      cell: (row) => <Person name={row.name} line={row.email} />,
    },
    { id: "code", header: t("columns.code"), cell: (row) => <code>{row.code}</code> },
    { id: "signUps", header: t("columns.signUps"), align: "end", cell: (row) => formatNumber(row.signUps, language) },
    { id: "paying", header: t("columns.payingCustomers"), align: "end", cell: (row) => formatNumber(row.payingCustomers, language) },
    { id: "payable", header: t("columns.payable"), align: "end", cell: (row) => money(row.payable) },
    { id: "paid", header: t("columns.paid"), align: "end", cell: (row) => money(row.paid) },
  ];
  const payoutColumns: Array<DataColumn<Data["payouts"][number]>> = [
    {
      id: "name",
      header: t("columns.affiliate"),
      primary: true,
      rowHeader: true,
      className: "whitespace-normal",
      cell: (row) => <Person name={row.name} line={row.tenantName} />,
    },
    { id: "amount", header: t("columns.amount"), align: "end", cell: (row) => money(row.amountCents, row.currency) },
    { id: "method", header: t("columns.method"), cell: (row) => t(`methods.${row.method}`) },
    { id: "state", header: t("columns.state"), cell: (row) => <StatusBadge status={row.state} tones={PAYOUT_TONES} label={t(`states.${row.state}`)} /> },
    { id: "requested", header: t("columns.requestedAt"), cell: (row) => formatDate(row.requestedAt, language, timeZone) },
    { id: "reason", header: t("columns.reason"), className: "whitespace-normal", cell: (row) => row.reason ?? "" },
  ];

  return (
    <div className="space-y-4">
      <PageHeader title={t("management.title")} description={t("management.description")} />
      <Tabs
        label={t("management.tabsLabel")}
        active={tab}
        tabs={MANAGEMENT_TABS.map((value) => ({ value, label: t(`management.tabs.${value}`), to: tabHref(value) }))}
      />
      {actionData?.refusal ? (
        <Notice tone="warning">
          <span role="alert">{t(actionData.refusal)}</span>
        </Notice>
      ) : null}
      {tab === "approve" ? (
        applicants.length ? (
          <DataTable
            caption={t("management.approve.caption")}
            columns={applicantColumns}
            rows={applicants}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-affiliate": row.email })}
            actions={{
              header: t("columns.actions"),
              cell: (row) => (
                <div className="flex flex-wrap gap-2">
                  {(["approve", "reject"] as const).map((intent) => (
                    <Form method="post" key={intent}>
                      <Hidden values={{ intent, affiliateId: row.id, back: here }} />
                      <Button type="submit" size="sm" variant={intent === "approve" ? "primary" : "secondary"} disabled={pending}>
                        {t(`management.approve.${intent}`)}
                      </Button>
                    </Form>
                  ))}
                </div>
              ),
            }}
          />
        ) : (
          <EmptyState title={t("management.approve.empty")} />
        )
      ) : null}
      {tab === "manage" ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("management.manage.programme", {
              rate: rate(settings.commissionRateBps),
              days: formatNumber(settings.holdDays, language),
              minimum: money(settings.payoutMinimumCents),
            })}
          </p>
          {affiliates.length ? (
            <DataTable
              caption={t("management.manage.caption")}
              columns={affiliateColumns}
              rows={affiliates}
              rowKey={(row) => row.id}
              actions={{
                header: t("columns.rate"),
                cell: (row) => (
                  <Form method="post" className="flex w-48 max-w-full flex-wrap items-center gap-2 whitespace-normal">
                    <Hidden values={{ intent: "set-rate", affiliateId: row.id, back: here }} />
                    <input
                      name="rate"
                      inputMode="decimal"
                      aria-label={t("management.manage.rateLabel", { name: row.name })}
                      placeholder={t("management.manage.ratePlaceholder", { rate: rate(settings.commissionRateBps) })}
                      defaultValue={row.rateBps === null ? "" : String(row.rateBps / 100)}
                      className={`${inputClass} w-full`}
                    />
                    <Button type="submit" size="sm" variant="secondary" disabled={pending}>
                      {t("management.manage.save")}
                    </Button>
                  </Form>
                ),
              }}
            />
          ) : (
            <EmptyState title={t("management.manage.empty")} />
          )}
        </>
      ) : null}
      {tab === "payout" ? (
        <Panel
          title={t("management.payout.caption")}
          actions={
            <a href={`${PATH}/payouts.csv?state=${state ?? "APPROVED_PENDING_PAYMENT"}`} className={buttonClass("secondary", undefined, "sm")} download>
              {t("management.payout.export")}
            </a>
          }
        >
          <nav aria-label={t("management.payout.filterLabel")} className="mb-3 flex flex-wrap gap-2 text-sm">
            {PAYOUT_STATES.map((value) => (
              <Link
                key={value}
                to={tabHref("payout", value)}
                aria-current={state === value ? "page" : undefined}
                className="underline aria-[current=page]:font-semibold"
              >
                {t(`states.${value}`)}
              </Link>
            ))}
          </nav>
          {payouts.length ? (
            <DataTable
              caption={t("management.payout.caption")}
              columns={payoutColumns}
              rows={payouts}
              rowKey={(row) => row.id}
              rowData={(row) => ({ "data-payout": row.id, "data-state": row.state, "data-method": row.method, "data-affiliate": row.email })}
              actions={{
                header: t("columns.actions"),
                cell: (row) => (
                  <div className="flex w-64 max-w-full flex-wrap items-start gap-2 whitespace-normal">
                    {nextPayoutStates(row.state)
                      .filter((to) => to !== "REJECTED")
                      .map((to) => (
                        <Form method="post" key={to}>
                          <Hidden values={{ intent: "move-payout", payoutId: row.id, to, back: here }} />
                          <Button type="submit" size="sm" disabled={pending}>
                            {t(MOVE_LABELS[to]!)}
                          </Button>
                        </Form>
                      ))}
                    {nextPayoutStates(row.state).includes("REJECTED") ? (
                      <Form method="post" className="flex flex-wrap items-center gap-2">
                        <Hidden values={{ intent: "move-payout", payoutId: row.id, to: "REJECTED", back: here }} />
                        <input
                          name="reason"
                          required
                          maxLength={500}
                          aria-label={t("management.payout.reasonLabel")}
                          placeholder={t("management.payout.reasonLabel")}
                          className={`${inputClass} w-44`}
                        />
                        <Button type="submit" size="sm" variant="danger" disabled={pending}>
                          {t("management.payout.reject")}
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                ),
              }}
            />
          ) : (
            <EmptyState title={t("management.payout.empty")} />
          )}
        </Panel>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
