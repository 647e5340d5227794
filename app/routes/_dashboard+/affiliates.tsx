import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { IntentButton } from "~/components/ui/intent-button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { useIsPending } from "~/components/ui/use-is-pending";
import { getEnv } from "~/config/env.server";
import { requireReadAccess } from "~/features/access/gate.server";
import { canRequestPayout, commissionView, effectiveRateBps } from "~/features/affiliates/commission";
import { PAYOUT_TONES, VIEW_TONES } from "~/features/affiliates/tones";
import { requestPayout } from "~/features/affiliates/payouts.server";
import {
  affiliateFigures,
  getMembership,
  getProgrammeSettings,
  joinProgramme,
  listCommissionLines,
  listOwnPayouts,
} from "~/features/affiliates/programme.server";
import { referralLink } from "~/features/affiliates/referral";
import { AffiliateMemberSchema } from "~/features/affiliates/schemas";
import { formatDate, formatMoney, formatNumber, formatRate } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { readFormData } from "~/lib/http/form-body.server";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["affiliates"] };

const PATH = "/affiliates";

/**
 * /affiliates (docs/product/affiliates.md): any signed-in user joins the
 * programme here; an approved affiliate sees their referral link, their
 * figures and commission lines, and requests payouts. Every row is the
 * signed-in user's own (keyed by their user id), so the area's read
 * permission is enough for the forms too: they change nothing of the tenant's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "affiliates");
  const at = new Date().toISOString();
  const [t, settings, affiliate] = await Promise.all([getTranslator(request, "affiliates"), getProgrammeSettings(), getMembership(gate.user.id)]);
  const approved = affiliate?.status === "approved" ? affiliate : null;
  const [figures, lines, payouts] = approved
    ? await Promise.all([affiliateFigures(approved.id, at), listCommissionLines(approved.id), listOwnPayouts(approved.id)])
    : [null, [], []];
  return {
    title: t("title"),
    settings,
    status: affiliate?.status ?? null,
    link: approved ? referralLink(getEnv().appUrl, approved.referral_code) : null,
    code: approved?.referral_code ?? null,
    rateBps: effectiveRateBps(affiliate?.rate_bps ?? null, settings.commissionRateBps),
    figures,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      amountCents: Number(line.amount_cents),
      invoiceAmountCents: Number(line.invoice_amount_cents),
      currency: line.currency,
      availableAt: line.available_at,
      view: commissionView({ status: line.status, availableAt: line.available_at, payoutId: line.payout_id }, at),
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
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
  const gate = await requireReadAccess(request, "affiliates");
  const submission = parseWithZod(await readFormData(request), { schema: AffiliateMemberSchema });
  if (submission.status !== "success") return data({ refusal: "refusals.below-minimum" }, { status: 400 });
  if (submission.value.intent === "join") {
    await joinProgramme({ id: gate.user.id, tenantId: gate.tenant.id });
    return redirectWithToast(PATH, { type: "success", key: "affiliates:toast.applied" });
  }
  const outcome = await requestPayout(gate.user.id, submission.value.method);
  if (outcome.kind === "refused") return data({ refusal: `refusals.${outcome.refusal}` }, { status: 409 });
  return redirectWithToast(PATH, { type: "success", key: "affiliates:toast.payoutRequested" });
}

type Line = ReturnType<typeof useLoaderData<typeof loader>>["lines"][number];
type Payout = ReturnType<typeof useLoaderData<typeof loader>>["payouts"][number];

export default function AffiliatesPage() {
  const { t, i18n } = useTranslation("affiliates");
  const { settings, status, link, code, rateBps, figures, lines, payouts, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const language = i18n.language;
  const money = (cents: number, currency = settings.currency) => formatMoney(cents, currency, language);
  const rate = (bps: number) => formatRate(bps / 100, language);
  const minimum = money(settings.payoutMinimumCents);

  const lineColumns: Array<DataColumn<Line>> = [
    { id: "kind", header: t("columns.kind"), primary: true, rowHeader: true, cell: (row) => t(`kinds.${row.kind}`) },
    { id: "amount", header: t("columns.amount"), align: "end", cell: (row) => money(row.amountCents, row.currency) },
    { id: "invoice", header: t("columns.invoice"), align: "end", cell: (row) => money(row.invoiceAmountCents, row.currency) },
    { id: "status", header: t("columns.status"), cell: (row) => <StatusBadge status={row.view} tones={VIEW_TONES} label={t(`views.${row.view}`)} /> },
    { id: "availableAt", header: t("columns.availableAt"), cell: (row) => formatDate(row.availableAt, language, timeZone) },
  ];
  const payoutColumns: Array<DataColumn<Payout>> = [
    { id: "requestedAt", header: t("columns.requestedAt"), primary: true, rowHeader: true, cell: (row) => formatDate(row.requestedAt, language, timeZone) },
    { id: "amount", header: t("columns.amount"), align: "end", cell: (row) => money(row.amountCents, row.currency) },
    { id: "method", header: t("columns.method"), cell: (row) => t(`methods.${row.method}`) },
    { id: "state", header: t("columns.state"), cell: (row) => <StatusBadge status={row.state} tones={PAYOUT_TONES} label={t(`states.${row.state}`)} /> },
    { id: "reason", header: t("columns.reason"), className: "whitespace-normal", cell: (row) => row.reason ?? "" },
  ];

  return (
    <div className="space-y-4">
      <PageHeader title={t("title")} description={t("description")} />
      {actionData?.refusal ? <Notice tone="warning">{t(actionData.refusal)}</Notice> : null}
      {status !== "approved" ? (
        <Panel title={t("join.title")}>
          <div className="space-y-3 text-sm">
            <p>{t("join.body", { rate: rate(settings.commissionRateBps), days: formatNumber(settings.holdDays, language), minimum })}</p>
            {status === "applied" ? <p data-testid="affiliate-applied">{t("join.applied")}</p> : null}
            {status === "rejected" ? <p>{t("join.rejected")}</p> : null}
            {status === null ? (
              <IntentButton intent="join" pending={pending}>
                {t("join.submit")}
              </IntentButton>
            ) : null}
          </div>
        </Panel>
      ) : null}
      {link && figures ? (
        <>
          <Panel title={t("link.title")}>
            <div className="space-y-2 text-sm">
              <label htmlFor="referral-link" className="block font-medium">
                {t("link.label")}
              </label>
              <input id="referral-link" readOnly value={link} className={inputClass} data-testid="referral-link" />
              <p>{t("link.alternative", { code })}</p>
              <p className="text-slate-600 dark:text-slate-300">{t("link.cookie", { days: formatNumber(settings.cookieDays, language) })}</p>
            </div>
          </Panel>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
            <Stat label={t("figures.signUps")} value={formatNumber(figures.signUps, language)} />
            <Stat label={t("figures.payingCustomers")} value={formatNumber(figures.payingCustomers, language)} />
            <Stat label={t("figures.held")} value={money(figures.totals.held)} note={t("figures.heldNote")} />
            <Stat label={t("figures.payable")} value={money(figures.totals.payable)} data-testid="figure-payable" />
            <Stat label={t("figures.requested")} value={money(figures.totals.requested)} />
            <Stat label={t("figures.paid")} value={money(figures.totals.paid)} note={`${t("figures.rate")}: ${rate(rateBps)}`} />
          </div>
          <Panel title={t("payout.title")}>
            <Form method="post" className="flex flex-wrap items-end gap-3 text-sm">
              <input type="hidden" name="intent" value="request-payout" />
              <p className="w-full">{t("payout.minimum", { minimum, payable: money(figures.totals.payable) })}</p>
              <label className="min-w-0">
                <span className="block font-medium">{t("payout.method")}</span>
                <select name="method" className={inputClass} defaultValue="money">
                  <option value="money">{t("methods.money")}</option>
                  <option value="balance">{t("methods.balance")}</option>
                </select>
              </label>
              <Button type="submit" disabled={pending || !canRequestPayout(figures.totals.payable, settings.payoutMinimumCents)}>
                {t("payout.submit")}
              </Button>
            </Form>
          </Panel>
          <Panel title={t("payouts.title")}>
            {payouts.length ? (
              <DataTable caption={t("payouts.caption")} columns={payoutColumns} rows={payouts} rowKey={(row) => row.id} />
            ) : (
              <EmptyState title={t("payouts.empty")} />
            )}
          </Panel>
          <Panel title={t("commissions.title")}>
            {lines.length ? (
              <DataTable caption={t("commissions.caption")} columns={lineColumns} rows={lines} rowKey={(row) => row.id} />
            ) : (
              <EmptyState title={t("commissions.empty")} />
            )}
          </Panel>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
