import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireReadAccess } from "~/features/access/gate.server";
import { getExtractor } from "~/features/post-call/extractor.server";
import { listTemplates, type TemplateSummary } from "~/features/post-call/templates.server";
import { can } from "~/features/roles/permissions";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["post-call"] };

/** /templates: the tenant's post-call templates, which one is the default, and which analyzer fills them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "templates");
  const t = await getTranslator(request, "post-call");
  return {
    title: t("list.title"),
    templates: await listTemplates(tenant.id),
    analyzer: getExtractor().provider,
    timeZone: tenant.timeZone,
    canCreate: can(user.permissions, "templates", "create"),
  };
}

export const meta = titleFromLoader;

export default function TemplatesPage() {
  const { t, i18n } = useTranslation("post-call");
  const { templates, analyzer, timeZone, canCreate } = useLoaderData<typeof loader>();
  const newButton = canCreate ? (
    <Link to="/templates/new" className={buttonClass("primary")}>
      {t("list.new")}
    </Link>
  ) : null;
  return (
    <div className="space-y-4">
      <PageHeader title={t("list.title")} description={t("list.intro")} actions={newButton} />
      <Notice>{analyzer === "builtin" ? t("analyzer.builtin") : t("analyzer.model")}</Notice>
      {templates.length === 0 ? (
        <EmptyState heading={2} title={t("list.emptyTitle")} action={newButton}>
          <p className="text-sm">{t("list.emptyBody")}</p>
        </EmptyState>
      ) : (
        <DataTable<TemplateSummary>
          caption={t("list.caption")}
          rows={templates}
          rowKey={(row) => row.id}
          columns={[
            {
              id: "name",
              header: t("list.columns.name"),
              primary: true,
              rowHeader: true,
              cell: (row) => (
                <span className="flex flex-wrap items-center gap-2">
                  <Link to={`/templates/${row.id}`} className="font-medium underline">
                    {row.name}
                  </Link>
                  {row.isDefault ? <Badge tone="accent">{t("list.default")}</Badge> : null}
                </span>
              ),
            },
            { id: "fields", header: t("list.columns.fields"), align: "end", cell: (row) => formatNumber(row.fieldCount, i18n.language) },
            { id: "criteria", header: t("list.columns.criteria"), align: "end", cell: (row) => formatNumber(row.criteriaCount, i18n.language) },
            { id: "version", header: t("list.columns.version"), align: "end", cell: (row) => t("list.version", { version: row.version }) },
            { id: "assigned", header: t("list.columns.assigned"), align: "end", cell: (row) => formatNumber(row.assignedCount, i18n.language) },
            {
              id: "calls",
              header: t("list.columns.calls"),
              align: "end",
              cell: (row) =>
                row.analysedCalls > 0 ? (
                  <Link to={`/response?template=${row.id}`} className="underline">
                    {formatNumber(row.analysedCalls, i18n.language)}
                  </Link>
                ) : (
                  formatNumber(0, i18n.language)
                ),
            },
            { id: "updated", header: t("list.columns.updated"), cell: (row) => formatDateTime(row.updatedAt, i18n.language, timeZone) },
          ]}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
