import type { SubmissionResult } from "@conform-to/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmDialog, useCloseAfterSubmit } from "~/components/ui/confirm-action";
import { Dialog } from "~/components/ui/dialog";
import { Panel } from "~/components/ui/panel";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatNumber } from "~/i18n/format";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { DeleteListForm, ListNameForm } from "./list-forms";
import { listView, type ContactsListViewData } from "./list-params";
import type { ContactListSummary } from "./lists.server";
import { contactPaths, withReturnTo } from "./paths";

/**
 * The tenant's lists: each links to its contacts and shows how many it
 * holds, with its actions (rename, delete) in a menu. Beside the table on
 * wide screens a column, above it a wrapping row, so the table keeps its
 * width. Creating, renaming and deleting are pages of their own without
 * JavaScript; with it, creating and deleting open in a dialog.
 */
export function ListsPanel({
  data,
  listNameConstraint,
}: {
  data: ContactsListViewData;
  /** The new-list form's HTML constraints, from the loader. */
  listNameConstraint: FormConstraint;
}) {
  const { t } = useTranslation("contacts");
  const { params } = data;
  return (
    <Panel
      className="p-3 sm:p-4 2xl:p-3"
      title={<span className="text-base">{t("lists.title")}</span>}
      actions={data.canCreate ? <NewListAction returnTo={data.returnTo} constraint={listNameConstraint} /> : null}
    >
      <nav aria-label={t("lists.navLabel")} className="-mt-2">
        {/* A phone scrolls the row of lists on its own, as it does a row of tabs, instead of stacking them above the table. */}
        <ul
          className="relative -mx-1 flex gap-2 overflow-x-auto px-1 pb-1 text-sm sm:flex-wrap sm:overflow-visible sm:pb-0 2xl:flex-col 2xl:gap-0.5"
          data-testid="contact-lists"
        >
          <ListEntry to={listView(params, null)} name={t("lists.all")} count={data.contactCount} current={params.list === null} />
          {data.lists.map((list) => (
            <ListEntry key={list.id} to={listView(params, list.id)} name={list.name} count={list.contactCount} current={params.list === list.id}>
              <ListActions list={list} data={data} />
            </ListEntry>
          ))}
        </ul>
      </nav>
      {data.lists.length === 0 ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("lists.none")}</p> : null}
    </Panel>
  );
}

function ListEntry({ to, name, count, current, children }: { to: string; name: string; count: number; current: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation("contacts");
  const formatted = formatNumber(count, i18n.language);
  return (
    <li
      className={cn(
        "flex min-w-0 max-w-[16rem] shrink-0 items-center gap-1 rounded-md border border-slate-200 pr-1 dark:border-slate-700 sm:max-w-[22rem] 2xl:max-w-full 2xl:border-transparent",
        current ? "bg-slate-100 dark:bg-slate-800" : "hover:bg-slate-50 dark:hover:bg-slate-800/50",
      )}
    >
      <Link
        to={to}
        aria-current={current ? "page" : undefined}
        title={name}
        className={cn("flex min-w-0 flex-1 items-baseline justify-between gap-3 py-1.5 pl-2.5 pr-1", current && "font-semibold")}
      >
        <span className="truncate">{name}</span>
        <span className="shrink-0 text-xs tabular-nums text-slate-600 dark:text-slate-300">
          <span aria-hidden="true">{formatted}</span>
          <span className="sr-only">{t("lists.count", { count, formatted })}</span>
        </span>
      </Link>
      {children}
    </li>
  );
}

/** Rename (its page) and delete (its confirmation page, or a dialog with JavaScript), for the roles that may. */
function ListActions({ list, data }: { list: ContactListSummary; data: ContactsListViewData }) {
  const { t } = useTranslation("contacts");
  const [deleting, setDeleting] = useState(false);
  const close = useCallback(() => setDeleting(false), []);
  const actions: RowAction[] = [];
  if (data.canUpdate) actions.push({ label: t("lists.rename"), to: withReturnTo(contactPaths.renameList(list.id), data.returnTo) });
  if (data.canDelete) {
    actions.push({
      label: t("lists.delete"),
      to: withReturnTo(contactPaths.removeList(list.id), data.returnTo),
      onSelect: () => setDeleting(true),
      tone: "danger",
    });
  }
  if (actions.length === 0) return null;
  return (
    <>
      <RowActionsMenu label={t("lists.menu", { name: list.name })} actions={actions} />
      {data.canDelete ? (
        <ConfirmDialog
          open={deleting}
          onClose={close}
          title={t("deleteList.title")}
          content={({ fetcher, close: cancel }) => (
            <DeleteListForm
              list={list}
              campaigns={campaignsOf(fetcher.data) ?? data.campaignsByList[list.id] ?? []}
              returnTo={data.returnTo}
              fetcher={fetcher}
              onCancel={cancel}
            />
          )}
        />
      ) : null}
    </>
  );
}

/** A refusal from the delete action (a campaign started using the list since the page loaded). */
function campaignsOf(refusal: unknown): string[] | null {
  if (refusal && typeof refusal === "object" && "campaigns" in refusal && Array.isArray(refusal.campaigns)) {
    return refusal.campaigns.filter((name): name is string => typeof name === "string");
  }
  return null;
}

/** "New list": its own page without JavaScript; with it, the same form in a dialog, where a refused name stays with what was typed. */
function NewListAction({ returnTo, constraint }: { returnTo: string; constraint: FormConstraint }) {
  const { t } = useTranslation("contacts");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // A created list redirects to its contacts. Router updates are transitions, which React may commit without the
  // fetcher's busy states in between, so the move to the new page is the surer sign that the dialog is done.
  const { key: locationKey } = useLocation();
  useEffect(() => setOpen(false), [locationKey]);
  const label = (
    <>
      <span aria-hidden="true">+</span> {t("lists.new")}
    </>
  );
  if (!hydrated) {
    return (
      <Link to={withReturnTo(contactPaths.createList, returnTo)} className={buttonClass("secondary", undefined, "sm")}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} title={t("createList.title")} closeLabel={t("common:dialog.close")}>
        {open ? <CreateListForm returnTo={returnTo} onClose={close} constraint={constraint} /> : null}
      </Dialog>
    </>
  );
}

/** Mounted while the dialog is open, so every opening starts with an empty field and no old refusal. */
function CreateListForm({ returnTo, onClose, constraint }: { returnTo: string; onClose: () => void; constraint: FormConstraint }) {
  const { t } = useTranslation("contacts");
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  useCloseAfterSubmit(fetcher, onClose);
  return (
    <ListNameForm
      formId="create-list"
      action={withReturnTo(contactPaths.createList, returnTo)}
      label={t("lists.newLabel")}
      lastResult={fetcher.data?.result}
      returnTo={returnTo}
      submitLabel={t("lists.create")}
      fetcher={fetcher}
      onCancel={onClose}
      constraint={constraint}
    />
  );
}
