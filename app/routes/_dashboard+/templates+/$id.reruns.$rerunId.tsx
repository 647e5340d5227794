import { type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { DataTable } from "~/components/ui/data-table";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { Stat } from "~/components/ui/stat";
import { requireReadAccess } from "~/features/access/gate.server";
import { showFieldValue } from "~/features/post-call/field-values";
import { getRerun, listRerunChanges, RERUN_CHANGES_PAGE_SIZE } from "~/features/post-call/reruns.server";
import { findTemplate } from "~/features/post-call/templates.server";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { pageParam } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["post-call"] };

const POLL_MS = 1500;
/** Seconds between reloads without JavaScript, while the run goes on. */
const REFRESH_SECONDS = 3;

/** /templates/<id>/reruns/<run>[?page=N]: a re-run's progress, and the calls whose values it changed, before and after. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tenant } = await requireReadAccess(request, "templates");
  const rerun = await getRerun(tenant.id, params.rerunId ?? "");
  if (!rerun || rerun.template_id !== params.id) notFound();
  const version = await findTemplate(tenant.id, rerun.template_id, rerun.template_version);
  const page = pageParam.parse(new URL(request.url).searchParams.get("page"));
  const t = await getTranslator(request, "post-call");
  return {
    title: t("rerunPage.title", { name: rerun.template_name }),
    rerun,
    fields: version?.definition.fields.map(({ key, name }) => ({ key, name })) ?? [],
    criteria: version?.definition.criteria.map(({ key, name }) => ({ key, name })) ?? [],
    changes: await listRerunChanges(tenant.id, rerun.id, page),
    page,
    timeZone: tenant.timeZone,
  };
}

export const meta = titleFromLoader;

export default function RerunPage() {
  const { t, i18n } = useTranslation("post-call");
  const { rerun, fields, criteria, changes, page, timeZone } = useLoaderData<typeof loader>();
  const running = rerun.status === "queued" || rerun.status === "running";
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => state === "idle" && revalidate(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidate, state]);
  const n = (value: number) => formatNumber(value, i18n.language);
  const filter = rerun.filter;
  const scope = [
    filter.from ? t("rerunPage.from", { date: formatDate(`${filter.from}T12:00:00Z`, i18n.language, "UTC") }) : null,
    filter.to ? t("rerunPage.to", { date: formatDate(`${filter.to}T12:00:00Z`, i18n.language, "UTC") }) : null,
    filter.campaign ? t("rerunPage.campaign", { name: filter.campaign }) : null,
    rerun.agentName ? t("rerunPage.agent", { name: rerun.agentName }) : null,
  ].filter(Boolean);
  const describe = (snapshot: (typeof changes)[number]["before"], key: string) => {
    const value = snapshot?.fields[key];
    return value ? showFieldValue(value.value, value.found, i18n.language, t) : "—";
  };
  const pageCount = Math.max(1, Math.ceil(rerun.changed / RERUN_CHANGES_PAGE_SIZE));
  return (
    <div className="space-y-4">
      {running ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <PageHeader
        title={t("rerunPage.title", { name: rerun.template_name })}
        back={
          <Link to={`/templates/${rerun.template_id}?tab=rerun`} className="underline">
            {t("rerunPage.back")}
          </Link>
        }
        description={t("rerunPage.intro", {
          version: rerun.template_version,
          when: formatDateTime(rerun.created_at, i18n.language, timeZone),
          by: rerun.requested_by ?? "—",
        })}
      />
      <Panel title={t(`rerun.status.${rerun.status}`)}>
        <div className="space-y-3">
          <progress
            aria-label={t("rerunPage.progressLabel")}
            max={Math.max(rerun.total, 1)}
            value={rerun.processed}
            className="h-3 w-full overflow-hidden rounded accent-primary"
          />
          <p role="status" className="text-sm" data-testid="rerun-progress">
            {t("rerunPage.progress", { processed: n(rerun.processed), total: n(rerun.total) })}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">{scope.length ? scope.join(" · ") : t("rerunPage.allCalls")}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <Stat label={t("rerunPage.changed")} value={n(rerun.changed)} />
            <Stat label={t("rerunPage.unchanged")} value={n(Math.max(0, rerun.processed - rerun.changed - rerun.failed))} />
            <Stat label={t("rerunPage.failed")} value={n(rerun.failed)} />
          </div>
        </div>
      </Panel>
      <section className="space-y-2" aria-labelledby="rerun-changes">
        <h2 id="rerun-changes" className="text-base font-semibold">
          {t("rerunPage.changesHeading")}
        </h2>
        {changes.length === 0 ? (
          <p className="text-sm">{running ? t("rerunPage.noChangesYet") : t("rerunPage.noChanges")}</p>
        ) : (
          <DataTable
            caption={t("rerunPage.changesHeading")}
            rows={changes}
            rowKey={(row) => row.callId}
            columns={[
              {
                id: "call",
                header: t("rerunPage.columns.call"),
                primary: true,
                rowHeader: true,
                cell: (row) => (
                  <Link to={`/recordings/${row.callId}`} className="underline">
                    {formatDateTime(row.createdAt, i18n.language, timeZone)}
                  </Link>
                ),
              },
              { id: "campaign", header: t("rerunPage.columns.campaign"), cell: (row) => row.campaign ?? "—" },
              {
                id: "what",
                header: t("rerunPage.columns.what"),
                cell: (row) => (
                  <ul className="space-y-1">
                    {fields
                      .filter((field) => JSON.stringify(row.before?.fields[field.key] ?? null) !== JSON.stringify(row.after?.fields[field.key] ?? null))
                      .map((field) => (
                        <li key={field.key}>
                          <span className="font-medium">{field.name}:</span> {describe(row.before, field.key)} → {describe(row.after, field.key)}
                        </li>
                      ))}
                    {criteria
                      .filter((criterion) => row.before?.criteria[criterion.key] !== row.after?.criteria[criterion.key])
                      .map((criterion) => (
                        <li key={criterion.key}>
                          <span className="font-medium">{criterion.name}:</span>{" "}
                          {row.before?.criteria[criterion.key] ? t(`verdicts.${row.before.criteria[criterion.key]}`) : "—"} →{" "}
                          <Badge>{row.after?.criteria[criterion.key] ? t(`verdicts.${row.after.criteria[criterion.key]}`) : "—"}</Badge>
                        </li>
                      ))}
                  </ul>
                ),
              },
            ]}
          />
        )}
        <Pagination page={page} pageCount={pageCount} href={(to) => `/templates/${rerun.template_id}/reruns/${rerun.id}${to > 1 ? `?page=${to}` : ""}`} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
