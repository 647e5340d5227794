import { Form, Link, useSubmit } from "@remix-run/react";
import { useCallback, useState, type ChangeEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-fields";
import { Panel } from "~/components/ui/panel";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { formatDateTime } from "~/i18n/format";
import { voiceName } from "./catalogue";
import { deleteKnowledgeBasePath, DeleteKnowledgeBaseDialog } from "./delete-knowledge-base";
import { knowledgeListHref, newKnowledgeBaseHref, type KnowledgeListParams } from "./list-params";
import { NoNumbersPanel } from "./no-numbers-panel";
import { numberOptionLabel, type NumberOption } from "./number-option";

export interface KnowledgeListItemView {
  id: string;
  phoneNumberId: string;
  name: string;
  type: string;
  voice: string;
  isDefault: boolean;
  hasAssistant: boolean;
  transferMode: string;
  /** As shown, formatted by the server. */
  transferNumbers: string[];
  updatedAt: string;
}

export interface KnowledgeListViewData {
  params: KnowledgeListParams;
  numbers: NumberOption[];
  items: KnowledgeListItemView[];
  timeZone: string;
  canCreate: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

const LIST_PATH = "/knowledge-base";

/**
 * /knowledge-base: the tenant's knowledge bases grouped by phone number, one
 * table per number. The number filter is a GET form (it submits itself on
 * change once scripts run); each row's actions (edit, make default, delete)
 * are links and a small POST form without JavaScript, a menu with it.
 */
export function KnowledgeListView({ data }: { data: KnowledgeListViewData }) {
  const { t } = useTranslation("knowledge");
  const { numbers, items, params, canCreate } = data;

  if (numbers.length === 0) return <NoNumbersPanel />;

  const shownNumbers = params.number ? numbers.filter((number) => number.id === params.number) : numbers;
  return (
    <div className="space-y-4">
      <NumberFilter data={data} />
      {items.length === 0 && !params.number ? (
        <EmptyState data-testid="empty-list" title={t("list.emptyTitle")}>
          {canCreate ? t("list.emptyText") : null}
        </EmptyState>
      ) : (
        shownNumbers.map((number) => (
          <NumberGroup key={number.id} number={number} items={items.filter((item) => item.phoneNumberId === number.id)} data={data} />
        ))
      )}
    </div>
  );
}

function NumberFilter({ data }: { data: KnowledgeListViewData }) {
  const { t } = useTranslation("knowledge");
  const submit = useSubmit();
  const { params, numbers } = data;
  function onChange(event: ChangeEvent<HTMLFormElement>) {
    if (!(event.target instanceof HTMLSelectElement)) return;
    const value = event.target.value;
    submit(value ? { number: value } : {}, { method: "get", action: LIST_PATH, preventScrollReset: true });
  }
  return (
    <Form
      method="get"
      action={LIST_PATH}
      role="search"
      aria-label={t("list.filterLabel")}
      onChange={onChange}
      className="flex flex-wrap items-end gap-x-3 gap-y-2"
    >
      <div className="min-w-0 flex-1 sm:w-80 sm:flex-none">
        <FilterSelect
          id="knowledge-number"
          name="number"
          label={t("list.filterNumber")}
          value={params.number}
          anyLabel={t("list.allNumbers")}
          options={numbers.map((number) => ({ value: number.id, label: numberOptionLabel(number) }))}
        />
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        {t("list.filterSubmit")}
      </button>
      {params.number ? (
        <Link to={knowledgeListHref({ number: null })} className="self-center text-sm underline">
          {t("list.showAll")}
        </Link>
      ) : null}
    </Form>
  );
}

function NumberGroup({ number, items, data }: { number: NumberOption; items: KnowledgeListItemView[]; data: KnowledgeListViewData }) {
  const { t } = useTranslation("knowledge");
  const headingId = `number-${number.id}`;
  return (
    <section aria-labelledby={headingId} data-testid="number-group">
      <Panel className="p-0 sm:p-0">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <h2 id={headingId} className="min-w-0 text-base font-semibold">
            <span className="whitespace-nowrap">{number.display}</span>
            {number.label ? " " : null}
            {number.label ? <span className="ml-1 break-words font-normal text-slate-600 dark:text-slate-300">{number.label}</span> : null}
          </h2>
          {data.canCreate ? (
            <Link to={newKnowledgeBaseHref(number.id)} className={buttonClass("secondary", undefined, "sm")}>
              {t("list.createForNumber")}
              <span className="sr-only"> {number.display}</span>
            </Link>
          ) : null}
        </div>
        {items.length === 0 ? (
          <p className="px-4 py-4 text-sm text-slate-600 dark:text-slate-300">{t("list.numberEmpty")}</p>
        ) : (
          <div className="max-sm:p-3">
            <KnowledgeTable number={number} items={items} data={data} />
          </div>
        )}
      </Panel>
    </section>
  );
}

const TYPE_TONES = { inbound: "info", outbound: "accent" } as const;

function KnowledgeTable({ number, items, data }: { number: NumberOption; items: KnowledgeListItemView[]; data: KnowledgeListViewData }) {
  const { t, i18n } = useTranslation("knowledge");
  const columns: Array<DataColumn<KnowledgeListItemView>> = [
    {
      id: "name",
      header: t("list.columns.name"),
      primary: true,
      rowHeader: true,
      cell: (item) => (
        <span className="flex min-w-0 max-w-[18rem] items-center gap-2 max-sm:max-w-none max-sm:flex-wrap">
          <Link
            to={`/knowledge-base/${encodeURIComponent(item.id)}`}
            title={item.name}
            className="min-w-0 truncate underline-offset-2 hover:underline max-sm:whitespace-normal"
          >
            {item.name}
          </Link>
          {item.isDefault ? <Badge tone="success">{t("list.defaultBadge")}</Badge> : null}
        </span>
      ),
    },
    {
      id: "type",
      header: t("list.columns.type"),
      cell: (item) => (
        <Badge tone={item.type === "inbound" || item.type === "outbound" ? TYPE_TONES[item.type] : "neutral"}>
          {t(`types.${item.type}`, { defaultValue: item.type })}
        </Badge>
      ),
    },
    { id: "voice", header: t("list.columns.voice"), cell: (item) => voiceName(item.voice) },
    {
      id: "transfer",
      header: t("list.columns.transfer"),
      truncate: true,
      cell: (item) => {
        const summary = transferSummary(item, t);
        return <span title={summary}>{summary}</span>;
      },
    },
    { id: "assistant", header: t("list.columns.assistant"), cell: (item) => (item.hasAssistant ? t("list.yes") : t("list.no")) },
    {
      id: "updated",
      header: t("list.columns.updated"),
      cell: (item) => <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt, i18n.language, data.timeZone)}</time>,
    },
  ];
  return (
    <DataTable
      caption={t("list.caption", { number: numberOptionLabel(number) })}
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      rowData={() => ({ "data-testid": "knowledge-row" })}
      actions={{ header: t("list.columns.actions"), cell: (item) => <KnowledgeRowActions item={item} data={data} /> }}
    />
  );
}

function KnowledgeRowActions({ item, data }: { item: KnowledgeListItemView; data: KnowledgeListViewData }) {
  const { t } = useTranslation("knowledge");
  const [deleting, setDeleting] = useState(false);
  const close = useCallback(() => setDeleting(false), []);
  const actions: RowAction[] = [{ label: data.canUpdate ? t("list.edit") : t("list.view"), to: `/knowledge-base/${encodeURIComponent(item.id)}` }];
  if (data.canUpdate && !item.isDefault) {
    // The list's own action, with the filter in the URL so its redirect comes back to the same view.
    const to = `${LIST_PATH}?index${data.params.number ? `&${new URLSearchParams({ number: data.params.number })}` : ""}`;
    actions.push({ label: t("list.makeDefault"), to, post: { intent: "make-default", id: item.id } });
  }
  if (data.canDelete) actions.push({ label: t("list.delete"), to: deleteKnowledgeBasePath(item.id), onSelect: () => setDeleting(true), tone: "danger" });
  return (
    <>
      <RowActionsMenu label={t("list.rowActions", { name: item.name })} actions={actions} />
      {data.canDelete ? <DeleteKnowledgeBaseDialog id={item.id} open={deleting} onClose={close} /> : null}
    </>
  );
}

function transferSummary(item: KnowledgeListItemView, t: (key: string, values?: Record<string, string>) => string) {
  if (item.transferMode === "none" || item.transferNumbers.length === 0) return t("list.transferNone");
  const numbers = item.transferNumbers.join(", ");
  return t(`list.transfer.${item.transferMode}`, { numbers });
}
