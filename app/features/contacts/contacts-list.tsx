import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { Pagination } from "~/components/ui/pagination";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Notice, Panel } from "~/components/ui/panel";
import { SortableHeader } from "~/components/ui/sortable-header";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { formatDate, formatDateTime, formatNumber } from "~/i18n/format";
import { DeleteContactForm } from "./contact-forms";
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

const SORTABLE: ReadonlySet<string> = new Set<SortKey>(["name", "company", "list", "created"]);
const COLUMNS = ["name", "title", "company", "phone", "email", "list", "optedOut", "created"] as const;

/**
 * The contacts list: search and filter form, the sortable table, paging and
 * export. Everything is a link or a form, so it all works without JavaScript.
 */
export function ContactsListView({ data }: { data: ContactsListViewData }) {
  const { t, i18n } = useTranslation("contacts");
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === CONTACTS_PATH;
  const { params, rows, total } = data;
  const firstShown = (params.page - 1) * CONTACTS_PAGE_SIZE + 1;
  return (
    <div className="min-w-0 space-y-4">
      <ContactsListFilters data={data} />
      {data.unknownList ? <Notice tone="warning">{t("unknownList")}</Notice> : null}
      {rows.length === 0 ? (
        <EmptyState data={data} />
      ) : (
        <Panel>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="contacts-summary">
              {t("summary", {
                count: total,
                from: formatNumber(firstShown, i18n.language),
                to: formatNumber(firstShown + rows.length - 1, i18n.language),
                formatted: formatNumber(total, i18n.language),
              })}
            </p>
            {/* A file download, not a page: a plain link, so the browser saves what the server streams. */}
            <a href={data.exportHref} download className="text-sm font-medium underline">
              {t("export.link", { count: total, formatted: formatNumber(total, i18n.language) })}
            </a>
          </div>
          <p aria-live="polite" className="sr-only">
            {updating ? t("updating") : ""}
          </p>
          <div className={cn("overflow-x-auto transition-opacity", updating && "opacity-60")} aria-busy={updating || undefined}>
            <ContactsTable data={data} />
          </div>
          <div className="mt-4">
            <Pagination page={data.params.page} pageCount={data.pageCount} href={(page) => listHref(data.params, { page })} />
          </div>
        </Panel>
      )}
    </div>
  );
}

function EmptyState({ data }: { data: ContactsListViewData }) {
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
  return (
    <Panel title={title}>
      <div className="space-y-3" data-testid="contacts-empty">
        <p className="text-slate-600 dark:text-slate-300">{message}</p>
        <div className="flex flex-wrap gap-4 text-sm">
          {filtered ? (
            <Link to={listHref(clearedFilters(data.params))} className="font-medium underline">
              {t("filters.clear")}
            </Link>
          ) : null}
          {data.canCreate && (!filtered || list) ? (
            <>
              <Link to={withReturnTo(contactPaths.create(list?.id), data.returnTo)} className="font-medium underline">
                {t("actions.add")}
              </Link>
              <Link to={contactPaths.importCsv} className="font-medium underline">
                {t("actions.import")}
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}

function ContactsTable({ data }: { data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const { params } = data;
  const withActions = data.canUpdate || data.canDelete;
  return (
    <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
      <caption className="sr-only">{t("caption", { column: t(`columns.${params.sort}`), order: t(`order.${params.order}`) })}</caption>
      <thead>
        <tr className="text-left">
          {COLUMNS.map((column) =>
            SORTABLE.has(column) ? (
              <SortableHeader
                key={column}
                label={t(`columns.${column}`)}
                href={listHref(params, sortChange(params, column as SortKey))}
                order={params.sort === column ? params.order : null}
                className="px-2"
              />
            ) : (
              <th key={column} scope="col" className="whitespace-nowrap px-2 py-2 font-semibold">
                {t(`columns.${column}`)}
              </th>
            ),
          )}
          {withActions ? (
            <th scope="col" className="px-2 py-2 font-semibold">
              {t("columns.actions")}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {data.rows.map((row) => (
          <ContactRow key={row.id} row={row} data={data} withActions={withActions} />
        ))}
      </tbody>
    </table>
  );
}

function ContactRow({ row, data, withActions }: { row: ContactListItem; data: ContactsListViewData; withActions: boolean }) {
  const { t, i18n } = useTranslation("contacts");
  const cell = "px-2 py-2 align-top";
  const name = displayName(row);
  const phone = formatPhoneForDisplay(row.phone);
  const missing = <span className="text-slate-500 dark:text-slate-400">{t("notGiven")}</span>;
  const text = (value: string) => (value ? value : missing);
  return (
    <tr>
      <td className={cn(cell, "min-w-[7rem] font-medium")}>
        {data.canUpdate ? (
          <Link to={withReturnTo(contactPaths.edit(row.id), data.returnTo)} className="hover:underline">
            {name}
          </Link>
        ) : (
          name
        )}
      </td>
      <td className={cell}>{text(row.title)}</td>
      <td className={cell}>{text(row.company)}</td>
      <td className={cn(cell, "whitespace-nowrap tabular-nums")}>{phone}</td>
      <td className={cn(cell, "min-w-[9rem] [overflow-wrap:anywhere]")}>{row.email ? <EmailText email={row.email} /> : missing}</td>
      <td className={cell}>
        <Link to={listView(data.params, row.listId)} className="underline decoration-slate-300 hover:decoration-inherit">
          {row.listName}
        </Link>
      </td>
      <td className={cn(cell, "whitespace-nowrap")}>
        {row.optedOutAt ? (
          <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t("optedOutBadge")}
          </span>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t("notOptedOut")}</span>
        )}
      </td>
      <td className={cn(cell, "whitespace-nowrap")}>
        <time dateTime={row.createdAt} title={formatDateTime(row.createdAt, i18n.language, data.timeZone)}>
          {formatDate(row.createdAt, i18n.language, data.timeZone)}
        </time>
      </td>
      {withActions ? (
        <td className={cell}>
          <RowActions row={row} name={name} phone={phone} data={data} />
        </td>
      ) : null}
    </tr>
  );
}

/** An address breaks after its @ when the column is narrow, not in the middle of a word. */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function RowActions({ row, name, phone, data }: { row: ContactListItem; name: string; phone: string; data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const navigation = useNavigation();
  const action = contactPaths.edit(row.id);
  const toggling = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <div className="flex flex-col items-start gap-1 whitespace-nowrap">
      {data.canUpdate ? (
        <>
          <Link to={withReturnTo(action, data.returnTo)} aria-label={t("rowActions.editNamed", { name })} className="underline">
            {t("rowActions.edit")}
          </Link>
          <Form method="post" action={action} preventScrollReset>
            <input type="hidden" name="intent" value="opt-out" />
            <input type="hidden" name="optedOut" value={row.optedOutAt ? "0" : "1"} />
            <input type="hidden" name="returnTo" value={data.returnTo} />
            <button
              type="submit"
              disabled={toggling}
              aria-label={row.optedOutAt ? t("rowActions.optInNamed", { name }) : t("rowActions.optOutNamed", { name })}
              className="underline disabled:opacity-60"
            >
              {row.optedOutAt ? t("rowActions.optIn") : t("rowActions.optOut")}
            </button>
          </Form>
        </>
      ) : null}
      {data.canDelete ? (
        <ConfirmAction
          href={withReturnTo(contactPaths.remove(row.id), data.returnTo)}
          label={t("rowActions.deleteNamed", { name })}
          title={t("delete.title")}
          className="text-red-700 underline dark:text-red-400"
          content={({ fetcher, close }) => (
            <DeleteContactForm contactId={row.id} returnTo={data.returnTo} summary={`${name} · ${phone}`} fetcher={fetcher} onCancel={close} />
          )}
        >
          {t("rowActions.delete")}
        </ConfirmAction>
      ) : null}
    </div>
  );
}
