import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { formatDateTime } from "~/i18n/format";
import { voiceName } from "./catalogue";
import { numberOptionLabel, type NumberOption } from "./number-option";
import { knowledgeListHref, newKnowledgeBaseHref, type KnowledgeListParams } from "./list-params";

export interface KnowledgeListItemView {
  id: string;
  phoneNumberId: string;
  name: string;
  type: string;
  voice: string;
  isDefault: boolean;
  hasAssistant: boolean;
  transferMode: string;
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

/**
 * /knowledge-base: the tenant's knowledge bases grouped by phone number. The
 * number filter is a GET form (it submits itself on change once scripts run);
 * "make default" is a small POST form per row; editing and deleting are pages.
 */
export function KnowledgeListView({ data }: { data: KnowledgeListViewData }) {
  const { t } = useTranslation("knowledge");
  const { numbers, items, params, canCreate } = data;

  if (numbers.length === 0) return <NoNumbersPanel />;

  const shownNumbers = params.number ? numbers.filter((number) => number.id === params.number) : numbers;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <NumberFilter data={data} />
        {canCreate ? (
          <Link to={newKnowledgeBaseHref(params.number)} className={buttonClass("primary")}>
            {t("list.create")}
          </Link>
        ) : null}
      </div>
      {items.length === 0 && !params.number ? (
        <Panel>
          <div className="space-y-2" data-testid="empty-list">
            <h2 className="text-lg font-semibold">{t("list.emptyTitle")}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("list.emptyText")}</p>
          </div>
        </Panel>
      ) : (
        shownNumbers.map((number) => <NumberGroup key={number.id} number={number} items={items.filter((item) => item.phoneNumberId === number.id)} data={data} />)
      )}
    </div>
  );
}

/** A knowledge base belongs to a number, so without numbers there is nothing to create yet. */
export function NoNumbersPanel() {
  const { t } = useTranslation("knowledge");
  return (
    <Panel>
      <div className="space-y-3" data-testid="no-numbers">
        <h2 className="text-lg font-semibold">{t("list.noNumbersTitle")}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("list.noNumbersText")}</p>
        <Link to="/numbers-managment" className={buttonClass("primary")}>
          {t("list.noNumbersLink")}
        </Link>
      </div>
    </Panel>
  );
}

function NumberFilter({ data }: { data: KnowledgeListViewData }) {
  const { t } = useTranslation("knowledge");
  const submit = useSubmit();
  const { params, numbers } = data;
  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.currentTarget.value;
    submit(value ? { number: value } : {}, { method: "get", action: "/knowledge-base", preventScrollReset: true });
  }
  return (
    <Form method="get" action="/knowledge-base" role="search" aria-label={t("list.filterLabel")} className="flex flex-wrap items-end gap-2">
      <div className="space-y-1">
        <label htmlFor="knowledge-number" className="block text-sm font-medium">
          {t("list.filterNumber")}
        </label>
        <select key={params.number ?? ""} id="knowledge-number" name="number" defaultValue={params.number ?? ""} onChange={onChange} className={inputClass}>
          <option value="">{t("list.allNumbers")}</option>
          {numbers.map((number) => (
            <option key={number.id} value={number.id}>
              {numberOptionLabel(number)}
            </option>
          ))}
        </select>
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
    <section aria-labelledby={headingId} data-testid="number-group" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {number.display}
          {number.label ? " " : null}
          {number.label ? <span className="ml-2 text-base font-normal text-slate-600 dark:text-slate-300">{number.label}</span> : null}
        </h2>
        {data.canCreate && items.length > 0 ? (
          <Link to={newKnowledgeBaseHref(number.id)} className="text-sm underline">
            {t("list.createForNumber")}
            <span className="sr-only"> {number.display}</span>
          </Link>
        ) : null}
      </div>
      {items.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
          <p>{t("list.numberEmpty")}</p>
          {data.canCreate ? (
            <Link to={newKnowledgeBaseHref(number.id)} className="underline">
              {t("list.createForNumber")}
              <span className="sr-only"> {number.display}</span>
            </Link>
          ) : null}
        </div>
      ) : (
        <div className="overflow-x-auto">
          <KnowledgeTable items={items} data={data} />
        </div>
      )}
    </section>
  );
}

function KnowledgeTable({ items, data }: { items: KnowledgeListItemView[]; data: KnowledgeListViewData }) {
  const { t, i18n } = useTranslation("knowledge");
  const navigation = useNavigation();
  const pendingDefault = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const headClass = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300";
  const cellClass = "px-3 py-2 align-top";
  return (
    <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-800">
      <thead>
        <tr>
          <th scope="col" className={headClass}>{t("list.columns.name")}</th>
          <th scope="col" className={headClass}>{t("list.columns.type")}</th>
          <th scope="col" className={headClass}>{t("list.columns.voice")}</th>
          <th scope="col" className={headClass}>{t("list.columns.transfer")}</th>
          <th scope="col" className={headClass}>{t("list.columns.assistant")}</th>
          <th scope="col" className={headClass}>{t("list.columns.updated")}</th>
          <th scope="col" className={headClass}>
            <span className="sr-only">{t("list.columns.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((item) => (
          <tr key={item.id} data-testid="knowledge-row">
            <th scope="row" className={`${cellClass} text-left font-medium`}>
              <Link to={`/knowledge-base/${encodeURIComponent(item.id)}`} className="underline">
                {item.name}
              </Link>
              {item.isDefault ? (
                <span className="ml-2 inline-flex items-center rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
                  {t("list.defaultBadge")}
                </span>
              ) : null}
            </th>
            <td className={cellClass}>{t(`types.${item.type}`, { defaultValue: item.type })}</td>
            <td className={cellClass}>{voiceName(item.voice)}</td>
            <td className={cellClass}>
              <TransferSummary item={item} />
            </td>
            <td className={cellClass}>{item.hasAssistant ? t("list.yes") : t("list.no")}</td>
            <td className={`${cellClass} whitespace-nowrap`}>
              <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt, i18n.language, data.timeZone)}</time>
            </td>
            <td className={cellClass}>
              <div className="flex items-center gap-3 whitespace-nowrap">
                <Link to={`/knowledge-base/${encodeURIComponent(item.id)}`} className="underline">
                  {data.canUpdate ? t("list.edit") : t("list.view")}
                  <span className="sr-only"> {item.name}</span>
                </Link>
                {data.canUpdate && !item.isDefault ? (
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value="make-default" />
                    <input type="hidden" name="id" value={item.id} />
                    {/* A button (it changes data) that reads like its neighbouring links. */}
                    <button type="submit" className="underline disabled:opacity-60" disabled={pendingDefault === item.id}>
                      {t("list.makeDefault")}
                      <span className="sr-only"> {item.name}</span>
                    </button>
                  </Form>
                ) : null}
                {data.canDelete ? (
                  <Link to={`/knowledge-base/${encodeURIComponent(item.id)}/delete`} className="text-red-700 underline dark:text-red-400">
                    {t("list.delete")}
                    <span className="sr-only"> {item.name}</span>
                  </Link>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TransferSummary({ item }: { item: KnowledgeListItemView }) {
  const { t } = useTranslation("knowledge");
  if (item.transferMode === "none" || item.transferNumbers.length === 0) return <>{t("list.transferNone")}</>;
  const numbers = item.transferNumbers.map((number) => formatPhoneForDisplay(number)).join(", ");
  return <>{t(`list.transfer.${item.transferMode}`, { numbers })}</>;
}
