import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { DataTable } from "~/components/ui/data-table";
import { formWidthClass, TextField } from "~/components/ui/field";
import { FormSubmitRow } from "~/components/ui/form-submit-row";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { formatTaxRate, rateToInput, taxRateFormSchema } from "~/features/billing/tax/tax-rates";
import { getTaxRateRow, setTaxRate, taxRateChanges, taxRateToday } from "~/features/billing/tax/tax-rates.server";
import { formatDate, formatDateTime } from "~/i18n/format";
import { getLanguage, getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["platform"] };

const LIST = "/products/tax-rates";
const FIELDS = ["rate", "effectiveFrom"] as const;
type Field = (typeof FIELDS)[number];

/**
 * /products/tax-rates/<country>: a country's rate in force, the changes set
 * for it, and the form that sets a rate from a day on (today or later, UTC).
 * Invoices already issued keep the rate in their snapshot; new ones take the
 * rate in force on the day they are issued (docs/decisions/0066-tax-rates-on-screen.md).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "products");
  const country = (params.country ?? "").toUpperCase();
  const row = await getTaxRateRow(country);
  if (!row) notFound();
  const [t, language] = await Promise.all([getTranslator(request, "platform"), getLanguage(request)]);
  const name = new Intl.DisplayNames([language], { type: "region" }).of(country) ?? country;
  const today = taxRateToday();
  return {
    title: t("taxRates.editTitle", { country: name }),
    name,
    row,
    today,
    timeZone: gate.tenant.timeZone,
    values: { rate: rateToInput(row.upcoming.at(-1)?.rateBp ?? row.rateBp, language), effectiveFrom: today } as Record<Field, string>,
    history: await taxRateChanges(country),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireSuperAdmin(request, "products", "update");
  const country = (params.country ?? "").toUpperCase();
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: taxRateFormSchema(await getLanguage(request), taxRateToday()) });
  if (submission.status !== "success") {
    const values = Object.fromEntries(FIELDS.map((field) => [field, String(formData.get(field) ?? "")])) as Record<Field, string>;
    const errors: Partial<Record<Field, string[]>> = {};
    for (const field of FIELDS) {
      const messages = submission.error?.[field];
      if (messages?.length) errors[field] = messages;
    }
    return data({ values, errors }, { status: 400 });
  }
  if (!(await setTaxRate(gate.user.id, country, submission.value))) notFound();
  return redirectWithToast(`${LIST}/${country}`, { type: "success", key: "platform:taxRates.toast.saved", values: { country } });
}

export default function TaxRatePage() {
  const { t, i18n } = useTranslation("platform");
  const { name, row, today, timeZone, values, history } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submitting = useIsPending();
  const language = i18n.language;
  const shown = reply?.values ?? values;
  const day = (value: string) => formatDate(`${value}T00:00:00.000Z`, language, "UTC");
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("taxRates.editTitle", { country: name })}
        description={t("taxRates.editIntro")}
        back={
          <Link to={LIST} className="underline">
            {t("taxRates.back")}
          </Link>
        }
      />
      <Panel title={t("taxRates.inForce")}>
        {/* A figure, not a heading: a styled <p> above another <p> reads to axe as a fake heading (p-as-heading). */}
        <div className="text-2xl font-semibold tabular-nums" data-testid="rate-in-force">
          {formatTaxRate(row.rateBp, language)}
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {row.since ? t("taxRates.sinceDay", { day: day(row.since) }) : t("taxRates.seededLong")}
        </p>
        {row.upcoming.length ? (
          <ul className="mt-3 space-y-1 text-sm" data-testid="rate-upcoming">
            {row.upcoming.map((change) => (
              <li key={change.effectiveFrom}>{t("taxRates.upcoming", { rate: formatTaxRate(change.rateBp, language), day: day(change.effectiveFrom) })}</li>
            ))}
          </ul>
        ) : null}
      </Panel>
      <Panel title={t("taxRates.formTitle")}>
        <Form method="post" className={`${formWidthClass} space-y-4`} noValidate>
          <Notice>{t("taxRates.snapshotNote")}</Notice>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("taxRates.fields.rate")}
              hint={t("taxRates.hints.rate")}
              errors={reply?.errors?.rate}
              namespace="platform"
              inputProps={{ id: "tax-rate", name: "rate", defaultValue: shown.rate, inputMode: "decimal", autoComplete: "off", required: true }}
            />
            <TextField
              label={t("taxRates.fields.effectiveFrom")}
              hint={t("taxRates.hints.effectiveFrom")}
              errors={reply?.errors?.effectiveFrom}
              namespace="platform"
              inputProps={{ id: "tax-effective-from", name: "effectiveFrom", type: "date", min: today, defaultValue: shown.effectiveFrom, required: true }}
            />
          </div>
          <FormSubmitRow submitLabel={t("taxRates.save")} submitting={submitting} cancel={{ href: LIST, label: t("taxRates.cancel") }} />
        </Form>
      </Panel>
      <Panel title={t("taxRates.history.title")}>
        {history.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("taxRates.history.empty")}</p>
        ) : (
          <DataTable
            caption={t("taxRates.history.caption", { country: name })}
            data-testid="tax-rate-history"
            rows={history}
            rowKey={(change) => change.id}
            columns={[
              { id: "from", header: t("taxRates.history.from"), primary: true, rowHeader: true, cell: (change) => day(change.effective_from) },
              { id: "rate", header: t("taxRates.history.rate"), align: "end", cell: (change) => formatTaxRate(change.rate_bp, language) },
              {
                id: "set",
                header: t("taxRates.history.set"),
                className: "whitespace-normal",
                cell: (change) =>
                  t("taxRates.history.setBy", { at: formatDateTime(change.created_at, language, timeZone), name: change.created_by_name ?? "—" }),
              },
            ]}
          />
        )}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
