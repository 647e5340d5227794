import type { SubmissionResult } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Panel } from "~/components/ui/panel";
import { formatNumber } from "~/i18n/format";
import { DeleteListForm, ListNameForm } from "./list-forms";
import { listView, type ContactsListViewData } from "./list-params";
import { contactPaths, withReturnTo } from "./paths";

/**
 * The tenant's lists beside the table: each links to the list's contacts and
 * shows how many it holds; owners rename and delete them here and create new
 * ones. The create form posts to its own page, so without JavaScript a
 * mistake comes back on that page; with JavaScript it shows right here.
 */
export function ListsPanel({ data }: { data: ContactsListViewData }) {
  const { t, i18n } = useTranslation("contacts");
  const { params } = data;
  const itemClass = (current: boolean) =>
    cn(
      "flex min-w-0 flex-1 items-baseline justify-between gap-2 rounded-md px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800",
      current && "bg-slate-100 font-semibold dark:bg-slate-800",
    );
  const count = (value: number) => (
    <span className="shrink-0 text-xs tabular-nums text-slate-600 dark:text-slate-300">
      <span aria-hidden="true">{formatNumber(value, i18n.language)}</span>
      <span className="sr-only">{t("lists.count", { count: value, formatted: formatNumber(value, i18n.language) })}</span>
    </span>
  );
  return (
    <Panel title={t("lists.title")}>
      <div className="space-y-4">
        <nav aria-label={t("lists.navLabel")}>
          {/* Beside the table (wide screens) a column; above it a wrapping row, so the table keeps its width. */}
          <ul className="flex flex-wrap gap-2 text-sm 2xl:block 2xl:space-y-1" data-testid="contact-lists">
            <li className="flex min-w-[10rem] rounded-md border border-slate-200 dark:border-slate-700 2xl:border-0">
              <Link to={listView(params, null)} aria-current={params.list === null ? "page" : undefined} className={itemClass(params.list === null)}>
                <span className="truncate">{t("lists.all")}</span>
                {count(data.contactCount)}
              </Link>
            </li>
            {data.lists.map((list) => {
              const current = params.list === list.id;
              const campaigns = data.campaignsByList[list.id] ?? [];
              return (
                <li key={list.id} className="min-w-[10rem] max-w-full space-y-0.5 rounded-md border border-slate-200 pb-1 dark:border-slate-700 2xl:border-0 2xl:pb-0">
                  <div className="flex">
                    <Link to={listView(params, list.id)} aria-current={current ? "page" : undefined} className={itemClass(current)}>
                      <span className="break-words [overflow-wrap:anywhere]">{list.name}</span>
                      {count(list.contactCount)}
                    </Link>
                  </div>
                  {data.canUpdate || data.canDelete ? (
                    <div className="flex gap-3 px-2 text-xs">
                      {data.canUpdate ? (
                        <Link
                          to={withReturnTo(contactPaths.renameList(list.id), data.returnTo)}
                          aria-label={t("lists.renameNamed", { name: list.name })}
                          className="underline"
                        >
                          {t("lists.rename")}
                        </Link>
                      ) : null}
                      {data.canDelete ? (
                        <ConfirmAction
                          href={withReturnTo(contactPaths.removeList(list.id), data.returnTo)}
                          label={t("lists.deleteNamed", { name: list.name })}
                          title={t("deleteList.title")}
                          className="text-red-700 underline dark:text-red-400"
                          content={({ fetcher, close }) => (
                            <DeleteListForm
                              list={list}
                              campaigns={campaignsOf(fetcher.data) ?? campaigns}
                              returnTo={data.returnTo}
                              fetcher={fetcher}
                              onCancel={close}
                            />
                          )}
                        >
                          {t("lists.delete")}
                        </ConfirmAction>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
        {data.lists.length === 0 ? <p className="text-sm text-slate-600 dark:text-slate-300">{t("lists.none")}</p> : null}
        {data.canCreate ? <CreateListForm key={data.lists.length} returnTo={data.returnTo} /> : null}
      </div>
    </Panel>
  );
}

/** A refusal from the delete action (a campaign started using the list since the page loaded). */
function campaignsOf(refusal: unknown): string[] | null {
  if (refusal && typeof refusal === "object" && "campaigns" in refusal && Array.isArray(refusal.campaigns)) {
    return refusal.campaigns.filter((name): name is string => typeof name === "string");
  }
  return null;
}

function CreateListForm({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation("contacts");
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  return (
    <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <ListNameForm
        formId="create-list"
        action={withReturnTo(contactPaths.createList, returnTo)}
        label={t("lists.newLabel")}
        lastResult={fetcher.data?.result}
        returnTo={returnTo}
        submitLabel={t("lists.create")}
        fetcher={fetcher}
        showCancel={false}
        inline
      />
    </div>
  );
}
