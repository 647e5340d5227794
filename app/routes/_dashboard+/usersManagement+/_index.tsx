import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusBadge, type BadgeTone } from "~/components/ui/badge";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterDate, FilterSelect } from "~/components/ui/filter-fields";
import { FilterForm } from "~/components/ui/filter-form";
import { PageHeader } from "~/components/ui/page-header";
import { ListPanel } from "~/components/ui/list-panel";
import { Pagination } from "~/components/ui/pagination";
import { Panel } from "~/components/ui/panel";
import {
  clearedUsersHref,
  hasUserFilters,
  parseUsersParams,
  ROLE_FILTERS,
  sortChange,
  sortFields,
  USER_STATUSES,
  USERS_MANAGEMENT_PATH,
  userPath,
  usersHref,
  type UserListItem,
  type UserSortKey,
  type UserStatus,
} from "~/features/users-admin/list-params";
import { listTenantChoices, listUsers } from "~/features/users-admin/list-query.server";
import { requireSuperAdmin } from "~/features/access/super-admin.server";
import { UsersAdminTabs } from "~/features/users-admin/users-admin-tabs";
import { formatDate, formatNumber } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["users-management"] };

/**
 * /usersManagement?q=&tenant=&role=&status=&from=&to=&sort=&order=&page=
 * (docs/product/roles.md#users-management): every user of every tenant, for
 * the platform's super admin only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireSuperAdmin(request, "usersManagement");
  const requested = parseUsersParams(new URL(request.url).searchParams);
  const [t, page, tenants] = await Promise.all([getTranslator(request, "users-management"), listUsers(requested, gate.tenant.timeZone), listTenantChoices()]);
  return {
    title: t("title"),
    params: { ...requested, page: page.page },
    rows: page.rows,
    total: page.total,
    pageCount: page.pageCount,
    tenants,
    timeZone: gate.tenant.timeZone,
  };
}

export const meta = titleFromLoader;

const STATUS_TONES: Record<UserStatus, BadgeTone> = { active: "success", disabled: "danger", unverified: "warning" };

export default function UsersManagementPage() {
  const { t, i18n } = useTranslation("users-management");
  const { params, rows, total, pageCount, tenants, timeZone } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === USERS_MANAGEMENT_PATH;
  const language = i18n.language;
  const sorted = (key: UserSortKey) => ({ href: usersHref(params, sortChange(params, key)), order: params.sort === key ? params.order : null });
  const roleLabel = (row: UserListItem) => (row.customRole ? row.roleName : t(`roles.${row.roleKey}`, { defaultValue: row.roleName }));
  const columns: Array<DataColumn<UserListItem>> = [
    {
      id: "name",
      header: t("columns.name"),
      rowHeader: true,
      primary: true,
      sort: sorted("name"),
      cell: (row) => (
        <span className="block min-w-0">
          <Link to={userPath(row.id)} className="underline">
            {row.name}
          </Link>
          <span className="block break-all text-xs font-normal text-slate-600 dark:text-slate-300">{row.email}</span>
        </span>
      ),
    },
    { id: "tenant", header: t("columns.tenant"), truncate: true, sort: sorted("tenant"), cell: (row) => row.tenantName },
    { id: "role", header: t("columns.role"), cell: (row) => roleLabel(row) },
    {
      id: "status",
      header: t("columns.status"),
      cell: (row) => <StatusBadge status={row.status} tones={STATUS_TONES} label={t(`status.${row.status}`)} />,
    },
    {
      id: "created",
      header: t("columns.created"),
      sort: sorted("created"),
      cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt, language, timeZone)}</time>,
    },
  ];
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")} description={t("intro")} />
      <UsersAdminTabs active="users" />
      <FilterForm
        action={USERS_MANAGEMENT_PATH}
        label={t("filters.label")}
        submitLabel={t("filters.submit")}
        search={{ id: "users-search", label: t("filters.search"), placeholder: t("filters.searchPlaceholder"), hint: t("filters.searchHint"), value: params.q }}
        hidden={sortFields(params)}
        secondRow={
          <>
            <FilterDate id="users-from" name="from" label={t("filters.from")} value={params.from} />
            <FilterDate id="users-to" name="to" label={t("filters.to")} value={params.to} />
          </>
        }
      >
        <FilterSelect
          id="users-tenant"
          name="tenant"
          label={t("filters.tenant")}
          value={params.tenant}
          anyLabel={t("filters.anyTenant")}
          options={tenants.map((tenant) => ({ value: tenant.id, label: tenant.name }))}
        />
        <FilterSelect
          id="users-role"
          name="role"
          label={t("filters.role")}
          value={params.role}
          anyLabel={t("filters.anyRole")}
          options={ROLE_FILTERS.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        />
        <FilterSelect
          id="users-status"
          name="status"
          label={t("filters.status")}
          value={params.status}
          anyLabel={t("filters.anyStatus")}
          options={USER_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
      </FilterForm>
      {hasUserFilters(params) ? (
        <p className="text-sm">
          <Link to={clearedUsersHref(params)} className="underline">
            {t("filters.clear")}
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <Panel>
          <EmptyState heading={2} title={hasUserFilters(params) ? t("emptyFiltered") : t("empty")} data-testid="users-empty" />
        </Panel>
      ) : (
        <ListPanel
          summary={<p data-testid="users-count">{t("count", { count: total, formatted: formatNumber(total, language) })}</p>}
          updating={updating ? t("updating") : ""}
          footer={
            pageCount > 1 ? <Pagination page={params.page} pageCount={pageCount} label={t("pagination")} href={(page) => usersHref(params, { page })} /> : null
          }
        >
          <DataTable
            caption={t("caption")}
            data-testid="users-list"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            rowData={(row) => ({ "data-user": row.email, "data-status": row.status })}
            busy={updating}
          />
        </ListPanel>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
