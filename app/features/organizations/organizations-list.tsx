import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterForm } from "~/components/ui/filter-form";
import { Pagination } from "~/components/ui/pagination";
import { formatDate, formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { DeleteOrganizationForm } from "./delete-organization";
import { defaultOrderFor, organizationListHref, type OrganizationListParams, type OrganizationSortKey } from "./list-params";
import { organizationPaths } from "./paths";

export interface OrganizationRow {
  id: string;
  name: string;
  website: string | null;
  logoUrl: string | null;
  teamCount: number;
  memberCount: number;
  createdAt: string;
  /** By the user's role in this organization. */
  canUpdate: boolean;
  canDelete: boolean;
}

/** The list: search, sort and paging in the URL; edit and delete per row (delete asks first, in a dialog or on its own page). */
export function OrganizationsList({
  params,
  rows,
  total,
  pageCount,
  timeZone,
}: {
  params: OrganizationListParams;
  rows: OrganizationRow[];
  total: number;
  pageCount: number;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation("organizations");
  const language = i18n.language;
  // A header link sorts by its column in that column's usual order, or, when it already does, the other way round.
  const sortFor = (key: OrganizationSortKey) => {
    const usual = defaultOrderFor(key);
    const sortOrder = params.sortBy === key && params.sortOrder === usual ? (usual === "asc" ? "desc" : "asc") : usual;
    return { href: organizationListHref(params, { sortBy: key, sortOrder, page: 1 }), order: params.sortBy === key ? params.sortOrder : null };
  };
  const columns: Array<DataColumn<OrganizationRow>> = [
    {
      id: "name",
      header: t("list.name"),
      primary: true,
      rowHeader: true,
      sort: sortFor("name"),
      cell: (row) => (
        <span className="flex min-w-0 items-center gap-3">
          {row.logoUrl ? (
            <img
              src={row.logoUrl}
              alt=""
              width={32}
              height={32}
              className="h-8 w-8 shrink-0 rounded border border-slate-200 bg-white object-contain dark:border-slate-700"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded bg-slate-100 text-sm font-semibold text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            >
              {row.name.charAt(0).toUpperCase()}
            </span>
          )}
          <Link to={organizationPaths.page(row.id)} className="min-w-0 break-words font-medium text-primary-dark underline sm:truncate dark:text-primary">
            {row.name}
          </Link>
        </span>
      ),
    },
    {
      id: "website",
      header: t("list.website"),
      truncate: true,
      cell: (row) =>
        row.website ? (
          <a href={row.website} rel="noopener noreferrer" target="_blank" className="text-primary-dark underline dark:text-primary">
            {row.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
          </a>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t("list.noWebsite")}</span>
        ),
    },
    { id: "teams", header: t("list.teams"), align: "end", cell: (row) => formatNumber(row.teamCount, language) },
    { id: "members", header: t("list.members"), align: "end", cell: (row) => formatNumber(row.memberCount, language) },
    { id: "created", header: t("list.created"), sort: sortFor("createdAt"), cell: (row) => formatDate(row.createdAt, language, timeZone) },
  ];
  const searching = params.search !== "";
  return (
    <div className="space-y-4">
      <FilterForm
        action={organizationPaths.list}
        label={t("list.searchLabel")}
        search={{
          id: "organizations-search",
          label: t("list.search"),
          placeholder: t("list.searchPlaceholder"),
          hint: t("list.searchHint"),
          value: params.search,
        }}
        hidden={[
          ...(params.sortBy !== "name" || params.sortOrder !== "asc"
            ? ([
                ["sortBy", params.sortBy],
                ["sortOrder", params.sortOrder],
              ] as Array<[string, string]>)
            : []),
          ...(params.limit !== 10 ? ([["limit", String(params.limit)]] as Array<[string, string]>) : []),
        ]}
        submitLabel={t("list.apply")}
      />
      {total > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="organizations-status">
          {t("list.status", {
            count: total,
            total: formatNumber(total, language),
            page: formatNumber(params.page, language),
            pages: formatNumber(pageCount, language),
          })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState
          title={searching ? t("list.noMatch", { search: params.search }) : t("list.empty")}
          action={
            searching ? (
              <Link to={organizationPaths.list} className={buttonClass("secondary", undefined, "sm")}>
                {t("list.clearSearch")}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <DataTable
          caption={t("list.caption")}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowData={(row) => ({ "data-organization": row.name })}
          actions={
            rows.some((row) => row.canUpdate || row.canDelete)
              ? { header: t("list.actions"), cell: (row) => <RowActions row={row} canUpdate={row.canUpdate} canDelete={row.canDelete} /> }
              : undefined
          }
          data-testid="organizations-table"
        />
      )}
      {pageCount > 1 ? <Pagination page={params.page} pageCount={pageCount} href={(page) => organizationListHref(params, { page })} /> : null}
    </div>
  );
}

function RowActions({ row, canUpdate, canDelete }: { row: OrganizationRow; canUpdate: boolean; canDelete: boolean }) {
  const { t } = useTranslation("organizations");
  return (
    <div className="flex flex-wrap justify-end gap-2 sm:flex-nowrap">
      {canUpdate ? (
        <Link to={organizationPaths.edit(row.id)} aria-label={t("list.editLabel", { name: row.name })} className={buttonClass("secondary", undefined, "sm")}>
          {t("list.edit")}
        </Link>
      ) : null}
      {canDelete ? (
        <ConfirmAction
          href={organizationPaths.remove(row.id)}
          label={t("list.deleteLabel", { name: row.name })}
          title={t("delete.title")}
          className={buttonClass("secondary", "text-red-700 dark:text-red-300", "sm")}
          content={({ fetcher, close }) => (
            <DeleteOrganizationForm
              organization={{ id: row.id, name: row.name, teams: row.teamCount, members: row.memberCount }}
              fetcher={fetcher}
              onCancel={close}
            />
          )}
        >
          {t("list.delete")}
        </ConfirmAction>
      ) : null}
    </div>
  );
}
