import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/page-header";
import { ListPanel } from "~/components/ui/list-panel";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { findAnyApiKey, listAllApiKeys, revokeApiKeyAsPlatform, tenantsWithKeys } from "~/features/api-keys/admin-keys.server";
import {
  adminKeysHref,
  API_ACCESS_ADMIN_PATH,
  hasAdminKeyFilters,
  KEY_STATUSES,
  parseAdminKeysParams,
  type AdminKeyRow,
  type KeyStatus,
} from "~/features/api-keys/admin-params";
import { RevokeApiKeySchema } from "~/features/api-keys/schemas";
import { formatDate, formatNumber } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { DATE_RANGES } from "~/lib/dates/date-ranges";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { redirectWithToast } from "~/lib/toast/toast.server";

// "calls" for the overview's range names.
export const handle: I18nHandle = { i18n: ["api", "calls"] };

/**
 * /api-access-admin?q=&tenant=&status=&range=&page=&revoke= (docs/product/api-access.md#api-access-admin):
 * every tenant's API keys with their requests over a range, for the
 * platform's super admin only; revoke with a confirmation step of its own
 * (`revoke=<id>`), so it works without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "api-access-admin");
  const url = new URL(request.url);
  const requested = parseAdminKeysParams(url.searchParams);
  const [t, page, tenants] = await Promise.all([getTranslator(request, "api"), listAllApiKeys(requested), tenantsWithKeys()]);
  const revokeId = url.searchParams.get("revoke");
  const target = revokeId ? await findAnyApiKey(revokeId) : null;
  return {
    title: t("admin.title"),
    params: { ...requested, page: page.page },
    rows: page.rows,
    total: page.total,
    pageCount: page.pageCount,
    firstDay: page.firstDay,
    lastDay: page.lastDay,
    tenants,
    timeZone: gate.tenant.timeZone,
    revokeTarget: target && !target.revoked_at ? { id: target.id, name: target.name, prefix: target.prefix, tenantName: target.tenant_name } : null,
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireSuperAdmin(request, "api-access-admin", "delete");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: RevokeApiKeySchema });
  if (submission.status !== "success") badRequest();
  const outcome = await revokeApiKeyAsPlatform(gate.user.id, submission.value.keyId);
  if (outcome === "not-found") {
    const t = await getTranslator(request);
    notFound(t("errors.notFoundMessage"));
  }
  const back = safeRedirectPath(formData.get("returnTo"), API_ACCESS_ADMIN_PATH);
  return redirectWithToast(back.startsWith(API_ACCESS_ADMIN_PATH) ? back : API_ACCESS_ADMIN_PATH, { type: "success", key: "api:toast.keyRevoked" });
}

const STATUS_TONES: Record<KeyStatus, BadgeTone> = { active: "success", revoked: "danger", expired: "warning" };

export default function ApiAccessAdminPage() {
  const { t, i18n } = useTranslation("api");
  const { params, rows, total, pageCount, tenants, timeZone, revokeTarget } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === API_ACCESS_ADMIN_PATH;
  const language = i18n.language;
  const here = adminKeysHref(params);
  const submitting = useIsPending({ intent: "revoke", formAction: API_ACCESS_ADMIN_PATH });
  const date = (iso: string | null, empty: string) => (iso ? <time dateTime={iso}>{formatDate(iso, language, timeZone)}</time> : empty);
  const columns: Array<DataColumn<AdminKeyRow>> = [
    {
      id: "name",
      header: t("list.name"),
      rowHeader: true,
      primary: true,
      className: "whitespace-normal",
      cell: (row) => (
        <span className="block min-w-0 break-words">
          {row.name}
          <code className="block break-all font-mono text-xs font-normal text-slate-600 dark:text-slate-300">{row.prefix}…</code>
        </span>
      ),
    },
    { id: "tenant", header: t("admin.tenant"), truncate: true, cell: (row) => row.tenantName },
    {
      id: "scopes",
      header: t("list.scopes"),
      className: "whitespace-normal",
      cell: (row) => <span className="font-mono text-xs">{row.scopes.join(" ")}</span>,
    },
    {
      id: "used",
      header: t("admin.createdLastUsed"),
      // Created over last used in one column: a column each made the table scroll inside its box at 1366 px in German.
      className: "whitespace-normal",
      cell: (row) => (
        <span className="block">
          <span className="block">{date(row.createdAt, "–")}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            {row.lastUsedAt ? t("admin.lastUsedOn", { date: formatDate(row.lastUsedAt, language, timeZone) }) : t("list.never")}
          </span>
        </span>
      ),
    },
    {
      id: "status",
      header: t("list.status"),
      // The expiry under the status: a column of its own made the table scroll inside its box at 1366 px in German.
      className: "whitespace-normal",
      cell: (row) => (
        <span className="block">
          <StatusBadge status={row.status} tones={STATUS_TONES} label={t(`admin.status.${row.status}`)} />
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            {row.expiresAt ? t("admin.expiresOn", { date: formatDate(row.expiresAt, language, timeZone) }) : t("admin.noExpiry")}
          </span>
        </span>
      ),
    },
    { id: "requests", header: t("admin.requests"), cell: (row) => formatNumber(row.requests, language) },
  ];
  return (
    <div className="space-y-4">
      <PageHeader title={t("admin.title")} description={t("admin.intro")} />
      {revokeTarget ? (
        <section
          aria-labelledby="admin-revoke-title"
          className="space-y-3 rounded-lg border border-red-300 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950"
          data-testid="admin-revoke-confirmation"
        >
          <h2 id="admin-revoke-title" className="break-words text-lg font-semibold">
            {t("admin.revokeTitle", { name: revokeTarget.name, tenant: revokeTarget.tenantName })}
          </h2>
          <ConfirmForm
            action={API_ACCESS_ADMIN_PATH}
            hidden={{ intent: "revoke", keyId: revokeTarget.id, returnTo: here }}
            confirmLabel={t("revoke.confirm")}
            cancelHref={here}
            submitting={submitting}
          >
            <p className="text-sm">{t("admin.revokeMessage", { prefix: `${revokeTarget.prefix}…`, tenant: revokeTarget.tenantName })}</p>
          </ConfirmForm>
        </section>
      ) : null}
      <FilterForm
        action={API_ACCESS_ADMIN_PATH}
        label={t("admin.filters.label")}
        submitLabel={t("usage.filters.submit")}
        search={{
          id: "keys-search",
          label: t("admin.filters.search"),
          placeholder: t("admin.filters.searchPlaceholder"),
          hint: t("admin.filters.searchHint"),
          value: params.q,
        }}
      >
        <FilterSelect
          id="keys-tenant"
          name="tenant"
          label={t("admin.tenant")}
          value={params.tenant}
          anyLabel={t("admin.filters.anyTenant")}
          options={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
        />
        <FilterSelect
          id="keys-status"
          name="status"
          label={t("list.status")}
          value={params.status}
          anyLabel={t("admin.filters.anyStatus")}
          options={KEY_STATUSES.map((status) => ({ value: status, label: t(`admin.status.${status}`) }))}
        />
        <FilterSelect
          id="keys-range"
          name="range"
          label={t("admin.filters.range")}
          value={params.range}
          anyLabel={t("ranges.last-7-days", { ns: "calls" })}
          options={DATE_RANGES.filter((range) => range !== "last-7-days").map((range) => ({ value: range, label: t(`ranges.${range}`, { ns: "calls" }) }))}
        />
      </FilterForm>
      {hasAdminKeyFilters(params) ? (
        <p className="text-sm">
          <Link to={adminKeysHref({ ...params, q: "", tenant: null, status: null, page: 1 })} className="underline">
            {t("usage.filters.clear")}
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <Panel>
          <EmptyState heading={2} title={hasAdminKeyFilters(params) ? t("admin.emptyFiltered") : t("admin.empty")} data-testid="admin-keys-empty" />
        </Panel>
      ) : (
        <ListPanel
          summary={<p data-testid="admin-keys-count">{t("admin.count", { count: total, formatted: formatNumber(total, language) })}</p>}
          updating={updating ? t("admin.updating") : ""}
          footer={
            pageCount > 1 ? (
              <Pagination page={params.page} pageCount={pageCount} label={t("admin.pagination")} href={(page) => adminKeysHref(params, { page })} />
            ) : null
          }
        >
          <DataTable
            caption={t("admin.caption")}
            data-testid="admin-keys"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-key": row.id, "data-status": row.status })}
            busy={updating}
            actions={{
              header: t("list.actions"),
              cell: (row) =>
                row.status === "revoked" ? null : (
                  <Link
                    to={adminKeysHref(params, { revoke: row.id })}
                    className={buttonClass("secondary", "shadow-none", "sm")}
                    aria-label={t("admin.revokeKey", { name: row.name, tenant: row.tenantName })}
                  >
                    {t("list.revoke")}
                  </Link>
                ),
            }}
          />
        </ListPanel>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
