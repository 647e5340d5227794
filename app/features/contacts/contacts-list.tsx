import { Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { ListPanel } from "~/components/ui/list-panel";
import { Notice } from "~/components/ui/panel";
import { shownPhone } from "~/features/phone/display";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import { ContactsListFilters } from "./list-filters";
import {
  clearedFilters,
  CONTACTS_PAGE_SIZE,
  CONTACTS_PATH,
  hasActiveFilters,
  listHref,
  listView,
  sortChange,
  type ContactListItem,
  type ContactsListViewData,
  type SortKey,
} from "./list-params";
import { contactPaths, displayName, withReturnTo } from "./paths";
import { ContactRowActions } from "./row-actions";

/**
 * The contacts list: the filter form, a compact table (one line per
 * contact, long values cut with the full text in a title), paging and
 * export. Everything is a link or a form, so it all works without
 * JavaScript; with it, a row's actions open in a menu.
 */
export function ContactsListView({ data }: { data: ContactsListViewData }) {
  const { t, i18n } = useTranslation("contacts");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === CONTACTS_PATH;
  const { params, rows, total } = data;
  const firstShown = (params.page - 1) * CONTACTS_PAGE_SIZE + 1;
  const formatted = formatNumber(total, i18n.language);
  return (
    <div className="min-w-0 space-y-4">
      <ContactsListFilters data={data} />
      {data.unknownList ? <Notice tone="warning">{t("unknownList")}</Notice> : null}
      {rows.length === 0 ? (
        <NoContacts data={data} />
      ) : (
        <ListPanel
          summary={
            <p data-testid="contacts-summary">
              {t("summary", {
                count: total,
                from: formatNumber(firstShown, i18n.language),
                to: formatNumber(firstShown + rows.length - 1, i18n.language),
                formatted,
              })}
            </p>
          }
          actions={
            // A file download, not a page: a plain link, so the browser saves what the server streams.
            <a href={data.exportHref} download className={buttonClass("secondary", undefined, "sm")} title={t("export.link", { count: total, formatted })}>
              {t("export.button")}
            </a>
          }
          updating={updating ? t("updating") : ""}
          footer={data.pageCount > 1 ? <Pagination page={params.page} pageCount={data.pageCount} href={(page) => listHref(params, { page })} /> : null}
        >
          <ContactsTable data={data} busy={updating} />
        </ListPanel>
      )}
    </div>
  );
}

function NoContacts({ data }: { data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const filtered = hasActiveFilters(data.params);
  const list = data.params.list ? data.lists.find((entry) => entry.id === data.params.list) : undefined;
  let title = t("empty.noContactsTitle");
  let message = t("empty.noContacts");
  if (list && !data.params.q && !data.params.optedOut) {
    title = t("empty.emptyListTitle", { name: list.name });
    message = t("empty.emptyList");
  } else if (filtered) {
    title = t("empty.noMatchesTitle");
    message = t("empty.noMatches");
  }
  const canFill = data.canCreate && (!filtered || list);
  return (
    <EmptyState
      data-testid="contacts-empty"
      heading={2}
      title={title}
      className="bg-white dark:bg-slate-900"
      action={
        <>
          {canFill ? (
            <>
              <Link to={withReturnTo(contactPaths.create(list?.id), data.returnTo)} className={buttonClass("primary")}>
                {t("actions.add")}
              </Link>
              <Link to={contactPaths.importCsv} className={buttonClass("secondary")}>
                {t("actions.import")}
              </Link>
            </>
          ) : null}
          {filtered ? (
            <Link to={listHref(clearedFilters(data.params))} className={buttonClass(canFill ? "ghost" : "secondary")}>
              {t("filters.clear")}
            </Link>
          ) : null}
        </>
      }
    >
      {message}
    </EmptyState>
  );
}

/** Each column: its header, the sort it stands for (when it has one), and its cell. */
function useColumns(data: ContactsListViewData): Array<DataColumn<ContactListItem>> {
  const { t, i18n } = useTranslation("contacts");
  const { params } = data;
  const missing = <span className="text-slate-400 dark:text-slate-500">{t("notGiven")}</span>;
  const sort = (key: SortKey) => ({ href: listHref(params, sortChange(params, key)), order: params.sort === key ? params.order : null });
  return [
    {
      id: "name",
      header: t("columns.name"),
      sort: sort("name"),
      primary: true,
      rowHeader: true,
      // Opting out is the one state a campaign cares about: it sits with the name, so the row needs no column of "No"s.
      cell: (row) => {
        const name = displayName(row);
        return (
          <span className="flex max-w-[11rem] items-center gap-2 max-sm:max-w-none max-sm:flex-wrap">
            {data.canOpenContactCenter || data.canUpdate ? (
              <Link
                to={data.canOpenContactCenter ? contactPaths.timeline(row.id) : withReturnTo(contactPaths.edit(row.id), data.returnTo)}
                title={name}
                className={cn(cutClass, nameWrapsOnPhones, "hover:underline")}
              >
                {name}
              </Link>
            ) : (
              <span title={name} className={cn(cutClass, nameWrapsOnPhones)}>
                {name}
              </span>
            )}
            {row.optedOutAt ? (
              <Badge tone="warning" className="shrink-0">
                <span title={t("edit.optedOutSince", { date: formatDateTime(row.optedOutAt, i18n.language, data.timeZone) })}>{t("optedOutBadge")}</span>
              </Badge>
            ) : null}
          </span>
        );
      },
    },
    {
      id: "phone",
      header: t("columns.phone"),
      className: "tabular-nums max-sm:whitespace-nowrap",
      cell: (row) => shownPhone(data.phones, row.phone),
    },
    {
      id: "email",
      header: t("columns.email"),
      truncate: true,
      className: "max-w-[11rem]",
      cell: (row) => (row.email ? <Cut text={row.email} /> : missing),
    },
    {
      id: "company",
      header: t("columns.company"),
      sort: sort("company"),
      truncate: true,
      className: "max-w-[10rem]",
      // The job title goes with the company it is held at; it has no column of its own.
      cell: (row) => {
        const full = [row.company, row.title].filter(Boolean).join(" · ");
        if (!full) return missing;
        return (
          <span title={full} className={cutClass}>
            {row.company}
            {row.company && row.title ? " · " : null}
            {row.title ? <span className="text-slate-500 dark:text-slate-400">{row.title}</span> : null}
          </span>
        );
      },
    },
    {
      id: "list",
      header: t("columns.list"),
      sort: sort("list"),
      truncate: true,
      className: "max-w-[9rem]",
      cell: (row) => (
        <Link
          to={listView(params, row.listId)}
          title={row.listName}
          className={cn(cutClass, "underline decoration-slate-300 underline-offset-2 hover:decoration-inherit dark:decoration-slate-600")}
        >
          {row.listName}
        </Link>
      ),
    },
    {
      id: "created",
      header: t("columns.created"),
      sort: sort("created"),
      cell: (row) => (
        <time dateTime={row.createdAt} title={formatDateTime(row.createdAt, i18n.language, data.timeZone)}>
          {formatDate(row.createdAt, i18n.language, data.timeZone)}
        </time>
      ),
    },
  ];
}

// A phone's card has room for the whole name as its title.
const nameWrapsOnPhones = "max-sm:whitespace-normal";
// A phone's card lays a cell out as a flex line; the value must be allowed to shrink to be cut instead of wrapped.
const cutClass = "min-w-0 truncate";

/** A value cut to one line with an ellipsis, the whole of it in the title (an address is never broken mid-word). */
function Cut({ text }: { text: string }) {
  return (
    <span title={text} className={cutClass}>
      {text}
    </span>
  );
}

function ContactsTable({ data, busy }: { data: ContactsListViewData; busy: boolean }) {
  const { t } = useTranslation("contacts");
  const { params } = data;
  const columns = useColumns(data);
  const withActions = data.canUpdate || data.canDelete;
  return (
    <DataTable
      data-testid="contacts-table"
      caption={t("caption", { column: t(`columns.${params.sort}`), order: t(`order.${params.order}`) })}
      columns={columns}
      rows={data.rows}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-contact-id": row.id })}
      busy={busy}
      actions={withActions ? { header: t("columns.actions"), cell: (row) => <ContactRowActions row={row} data={data} /> } : undefined}
    />
  );
}
