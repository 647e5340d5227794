import { Link } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { HUB_CATEGORIES, HUB_VIEWS, hubHref, type HubParams } from "../hub/hub-params";

export interface TemplateCard {
  id: string;
  crm: string;
  category: string;
  description: string;
  version: string;
  logo: string;
  popularity: number;
  features: string[];
  limitations: string[];
  authType: string;
  sandboxAvailable: boolean;
  documentationUrl: string | null;
  setupGuideUrl: string | null;
  endpointCount: number;
  /** Where to connect it for the selected organization; null when it is connected, or the user may not. */
  connectHref: string | null;
  connectedHref: string | null;
}

/** The template library: a search and category filter in the URL, cards or a table, empty categories said plainly. */
export function TemplateLibrary({ params, templates, counts }: { params: HubParams; templates: TemplateCard[]; counts: Record<string, number> }) {
  const { t, i18n } = useTranslation("integrations");
  const number = (value: number) => formatNumber(value, i18n.language);
  const hidden: Array<[string, string]> = params.view !== "grid" ? [["view", params.view]] : [];
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 lg:flex-1">
          <FilterForm
            action="/integrations-hub"
            label={t("library.filters")}
            search={{
              id: "hub-search",
              label: t("library.search"),
              placeholder: t("library.searchPlaceholder"),
              hint: t("library.searchHint"),
              value: params.q,
            }}
            hidden={hidden}
            submitLabel={t("library.apply")}
          >
            <FilterSelect
              id="hub-category"
              name="category"
              label={t("library.category")}
              value={params.category === "all" ? null : params.category}
              anyLabel={t("categories.all", { count: counts.all ?? 0 })}
              options={HUB_CATEGORIES.filter((category) => category !== "all").map((category) => ({
                value: category,
                label: t(`categories.${category}`, { count: counts[category] ?? 0 }),
              }))}
            />
          </FilterForm>
        </div>
        <nav aria-label={t("library.viewLabel")} className="flex shrink-0 gap-1">
          {HUB_VIEWS.map((view) => (
            <Link
              key={view}
              to={hubHref(params, { view })}
              aria-current={params.view === view ? "page" : undefined}
              className={cn(
                "rounded-md border px-3 py-1.5 text-sm",
                params.view === view
                  ? "border-primary-button bg-primary-button text-primary-button-text"
                  : "border-slate-300 hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800",
              )}
            >
              {t(`library.views.${view}`)}
            </Link>
          ))}
        </nav>
      </div>
      {templates.length === 0 ? (
        <EmptyState
          title={params.q ? t("library.noMatch", { q: params.q }) : t("library.emptyCategory", { category: t(`categoryNames.${params.category}`) })}
          action={
            <Link to={hubHref(params, { category: "all", q: "" })} className="text-sm text-primary-dark underline dark:text-primary">
              {t("library.showAll")}
            </Link>
          }
        />
      ) : params.view === "grid" ? (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="template-grid">
          {templates.map((template) => (
            <li
              key={template.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              data-template={template.id}
            >
              <div className="flex items-start gap-3">
                <img src={template.logo} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded" />
                <div className="min-w-0 flex-1">
                  {/* The cards sit right under the page's h1, so each is a second-level heading. */}
                  <h2 className="break-words font-semibold">{template.crm}</h2>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300">
                    <Badge>{t(`categoryNames.${template.category}`)}</Badge>
                    <span>{t("library.version", { version: template.version })}</span>
                    <span>{t("library.popularity", { value: number(template.popularity) })}</span>
                    {template.sandboxAvailable ? <Badge tone="info">{t("library.sandbox")}</Badge> : null}
                  </p>
                </div>
              </div>
              <p className="text-sm text-slate-700 dark:text-slate-200">{template.description}</p>
              <div>
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("library.features")}</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm">
                  {template.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </div>
              {template.limitations.length > 0 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer text-slate-600 dark:text-slate-300">
                    {t("library.limitations", { count: template.limitations.length })}
                  </summary>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5">
                    {template.limitations.map((limitation) => (
                      <li key={limitation}>{limitation}</li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <ConnectAction template={template} />
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {template.setupGuideUrl ? (
                  <a href={template.setupGuideUrl} rel="noopener noreferrer" target="_blank" className="text-primary-dark underline dark:text-primary">
                    {t("library.setupGuide")}
                  </a>
                ) : null}
                {template.documentationUrl ? (
                  <a href={template.documentationUrl} rel="noopener noreferrer" target="_blank" className="text-primary-dark underline dark:text-primary">
                    {t("library.documentation")}
                  </a>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <TemplateTable templates={templates} />
      )}
    </div>
  );
}

function ConnectAction({ template }: { template: TemplateCard }) {
  const { t } = useTranslation("integrations");
  if (template.connectedHref) {
    return (
      <Link to={template.connectedHref} className={buttonClass("secondary", "mt-auto self-start", "sm")}>
        {t("library.open", { crm: template.crm })}
      </Link>
    );
  }
  if (!template.connectHref) return null;
  return (
    <Link
      to={template.connectHref}
      className={buttonClass("primary", "mt-auto self-start", "sm")}
      aria-label={t("library.connectLabel", { crm: template.crm })}
    >
      {t("library.connect")}
    </Link>
  );
}

function TemplateTable({ templates }: { templates: TemplateCard[] }) {
  const { t, i18n } = useTranslation("integrations");
  const columns: Array<DataColumn<TemplateCard>> = [
    {
      id: "name",
      header: t("library.name"),
      primary: true,
      rowHeader: true,
      cell: (row) => (
        <span className="flex min-w-0 items-center gap-2">
          <img src={row.logo} alt="" width={24} height={24} className="h-6 w-6 shrink-0 rounded" />
          <span className="break-words font-medium">{row.crm}</span>
        </span>
      ),
    },
    { id: "category", header: t("library.category"), cell: (row) => t(`categoryNames.${row.category}`) },
    { id: "version", header: t("library.versionHeader"), cell: (row) => row.version },
    { id: "auth", header: t("library.auth"), cell: (row) => t(`auth.${row.authType}`) },
    { id: "endpoints", header: t("library.endpoints"), align: "end", cell: (row) => formatNumber(row.endpointCount, i18n.language) },
    { id: "popularity", header: t("library.popularityHeader"), align: "end", cell: (row) => formatNumber(row.popularity, i18n.language) },
  ];
  return (
    <DataTable
      caption={t("library.caption")}
      columns={columns}
      rows={templates}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-template": row.id })}
      data-testid="template-table"
      actions={{ header: t("library.actions"), cell: (row) => <ConnectAction template={row} /> }}
    />
  );
}
