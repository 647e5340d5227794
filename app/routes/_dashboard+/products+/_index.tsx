import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { listCatalogue, type CatalogueRow } from "~/features/products/products.server";
import { ProductsTabs } from "~/features/products/products-tabs";
import { formatMinutes, formatMoney, formatNumber } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["platform"] };

/** /products: the plan catalogue billing sells (super admin), active plans first, then retired ones. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request, "products");
  const t = await getTranslator(request, "platform");
  return { title: t("products.title"), plans: await listCatalogue() };
}

export const meta = titleFromLoader;

export default function ProductsPage() {
  const { t, i18n } = useTranslation("platform");
  const { plans } = useLoaderData<typeof loader>();
  const language = i18n.language;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("products.title")}
        description={t("products.intro")}
        actions={
          <Link to="/products/new" className={buttonClass("primary")}>
            {t("products.new")}
          </Link>
        }
      />
      <ProductsTabs active="plans" />
      <Panel>
        <DataTable<CatalogueRow>
          caption={t("products.caption")}
          data-testid="plans-table"
          rows={plans}
          rowKey={(plan) => plan.id}
          rowData={(plan) => ({ "data-plan": plan.key, "data-active": String(plan.active) })}
          columns={[
            {
              id: "name",
              header: t("products.columns.name"),
              primary: true,
              rowHeader: true,
              cell: (plan) => (
                <span className="inline-flex flex-wrap items-center gap-2">
                  <Link to={`/products/${plan.id}`} className="font-medium underline">
                    {plan.name}
                  </Link>
                  {plan.recommended ? (
                    <Badge tone="info" data-testid="plan-recommended">
                      {t("products.recommended")}
                    </Badge>
                  ) : null}
                </span>
              ),
            },
            {
              id: "price",
              header: t("products.columns.price"),
              align: "end",
              cell: (plan) => t(`products.perInterval.${plan.interval}`, { price: formatMoney(plan.priceCents, plan.currency, language) }),
            },
            { id: "minutes", header: t("products.columns.includedMinutes"), align: "end", cell: (plan) => formatMinutes(plan.includedMinutes, language) },
            {
              id: "overage",
              header: t("products.columns.overage"),
              align: "end",
              cell: (plan) => formatMoney(plan.overageCentsPerMinute, plan.currency, language),
            },
            {
              id: "limits",
              header: t("products.columns.limits"),
              // One column for the three limits: a column each made the catalogue scroll inside its box at 1366 px.
              className: "whitespace-normal",
              cell: (plan) => (
                <ul className="text-sm">
                  <li>{t("products.limits.numbers", { count: plan.phoneNumberLimit, formatted: formatNumber(plan.phoneNumberLimit, language) })}</li>
                  <li>{t("products.limits.agents", { count: plan.agentLimit, formatted: formatNumber(plan.agentLimit, language) })}</li>
                  <li>{t("products.limits.api", { formatted: formatNumber(plan.apiRateLimit, language) })}</li>
                </ul>
              ),
            },
            { id: "subscribers", header: t("products.columns.subscribers"), align: "end", cell: (plan) => formatNumber(plan.subscribers, language) },
            {
              id: "status",
              header: t("products.columns.status"),
              cell: (plan) => (
                <StatusBadge
                  status={plan.active ? "active" : "retired"}
                  tones={{ active: "success", retired: "neutral" }}
                  label={t(plan.active ? "products.status.active" : "products.status.retired")}
                />
              ),
            },
          ]}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
