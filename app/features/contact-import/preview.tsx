import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FieldErrors, FormErrors, inputClass, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import type { ContactField } from "~/features/contacts/contact-rules";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { PhoneField } from "~/features/phone/phone-field";
import { formatNumber } from "~/i18n/format";
import { RowStatusBadge } from "./import-badges";
import type { PreviewView } from "./import-page.server";
import type { PreviewRow } from "./preview.server";
import { importPath, PREVIEW_FILTERS, previewHref, type PreviewFilter } from "./preview-params";
import { NEW_LIST, rowEditSchema, startImportSchema, type ImportIntent } from "./schemas";

export type RowEditReply = { intent: "edit-row"; row: number; result: SubmissionResult<string[]> };
export type StartImportReply = { intent: "start-import"; result: SubmissionResult<string[]>; values: Record<string, string | number> };

function useSubmitting(intent: ImportIntent, row?: number) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || navigation.formData?.get("intent") !== intent) return false;
  return row === undefined || navigation.formData.get("row") === String(row);
}

/**
 * Step 3: counts, a status filter, the rows of one page (each invalid one
 * with its reasons, a correction form and a remove button), and the form that
 * starts the import. Every control is a link or a plain form post: the whole
 * preview works without JavaScript, and the view (filter, page) is in the URL.
 */
export function ImportPreview({
  importId,
  fileName,
  view,
  readOnly,
  rowEditReply,
  startReply,
  listNameMaxLength,
}: {
  importId: string;
  fileName: string;
  view: PreviewView;
  /** For a user who may look but not import: no forms. */
  readOnly: boolean;
  rowEditReply: RowEditReply | undefined;
  startReply: StartImportReply | undefined;
  listNameMaxLength: number;
}) {
  const { t, i18n } = useTranslation("imports");
  const here = previewHref(importId, view.params);
  const n = (value: number) => formatNumber(value, i18n.language);
  const removingInvalid = useSubmitting("remove-invalid");
  const restoring = useSubmitting("restore-removed");
  return (
    <div className="space-y-6">
      <Panel title={t("preview.heading")}>
        <div className="space-y-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("preview.intro")}</p>
          <PreviewCounts counts={view.counts} />
          <p className="text-sm">
            <span className="font-medium">{t("preview.columns")}</span>{" "}
            {view.mappedColumns.map(({ target, header }) => `${t(`fields.${target}`)} ← ${header}`).join(" · ")}{" "}
            <Link to={`${importPath(importId)}?step=mapping`} className="whitespace-nowrap underline">
              {t("preview.changeMapping")}
            </Link>
          </p>
          <FilterTabs importId={importId} current={view.params.status} counts={view.counts} />
          <div className="flex flex-wrap gap-3">
            {view.counts.invalid > 0 && !readOnly ? (
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="remove-invalid" />
                <Button type="submit" variant="danger" disabled={removingInvalid}>
                  {t("preview.removeInvalid", { count: view.counts.invalid, formatted: n(view.counts.invalid) })}
                </Button>
              </Form>
            ) : null}
            {view.counts.removed > 0 && !readOnly ? (
              <Form method="post" action={here}>
                <input type="hidden" name="intent" value="restore-removed" />
                <Button type="submit" variant="secondary" disabled={restoring}>
                  {t("preview.restoreRemoved", { count: view.counts.removed, formatted: n(view.counts.removed) })}
                </Button>
              </Form>
            ) : null}
          </div>
          {view.rows.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("preview.noRows")}</p>
          ) : (
            <PreviewTable importId={importId} fileName={fileName} view={view} here={here} readOnly={readOnly} rowEditReply={rowEditReply} />
          )}
          <PreviewPagination importId={importId} view={view} />
        </div>
      </Panel>
      {readOnly ? null : <StartImportForm importId={importId} view={view} here={here} reply={startReply} listNameMaxLength={listNameMaxLength} />}
    </div>
  );
}

const COUNT_KEYS = ["total", "valid", "invalid", "exists", "duplicate", "removed"] as const;

function PreviewCounts({ counts }: { counts: PreviewView["counts"] }) {
  const { t, i18n } = useTranslation("imports");
  return (
    <dl aria-label={t("preview.counts.label")} className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="import-counts">
      {COUNT_KEYS.map((key) => (
        <div key={key} className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700" data-count={key}>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t(`preview.counts.${key}`)}</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatNumber(counts[key], i18n.language)}</dd>
        </div>
      ))}
    </dl>
  );
}

function FilterTabs({ importId, current, counts }: { importId: string; current: PreviewFilter; counts: PreviewView["counts"] }) {
  const { t, i18n } = useTranslation("imports");
  const countOf = (filter: PreviewFilter) => (filter === "all" ? counts.total - counts.removed : counts[filter]);
  return (
    <nav aria-label={t("preview.filterLabel")}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {PREVIEW_FILTERS.map((filter) => (
          <li key={filter}>
            <Link
              to={previewHref(importId, { status: filter, page: 1 })}
              aria-current={filter === current ? "page" : undefined}
              className={cn(
                "inline-flex items-center gap-1 rounded-md border px-3 py-1.5",
                filter === current
                  ? "border-transparent bg-primary-button font-semibold text-primary-button-text"
                  : "border-slate-300 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800",
              )}
            >
              {t(`preview.filters.${filter}`)} <span className="tabular-nums">({formatNumber(countOf(filter), i18n.language)})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function PreviewTable({
  importId,
  fileName,
  view,
  here,
  readOnly,
  rowEditReply,
}: {
  importId: string;
  fileName: string;
  view: PreviewView;
  here: string;
  readOnly: boolean;
  rowEditReply: RowEditReply | undefined;
}) {
  const { t, i18n } = useTranslation("imports");
  const columns = readOnly
    ? (["row", "name", "title", "company", "phone", "email", "status"] as const)
    : (["row", "name", "title", "company", "phone", "email", "status", "actions"] as const);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm" data-testid="import-preview">
        <caption className="sr-only">
          {t("preview.table.caption", {
            file: fileName,
            filter: t(`preview.filters.${view.params.status}`),
            page: formatNumber(view.page, i18n.language),
            pages: formatNumber(view.pageCount, i18n.language),
          })}
        </caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-300">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={cn("py-2 pr-4", column === "row" && "text-right")}>
                {t(`preview.table.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        {view.rows.map((row) => (
          <PreviewRowGroup
            key={row.number}
            importId={importId}
            row={row}
            here={here}
            readOnly={readOnly}
            columnCount={columns.length}
            reply={rowEditReply?.row === row.number ? rowEditReply : undefined}
          />
        ))}
      </table>
    </div>
  );
}

/** One row of the file; an invalid one gets a second table row with its correction form. */
function PreviewRowGroup({
  importId,
  row,
  here,
  readOnly,
  columnCount,
  reply,
}: {
  importId: string;
  row: PreviewRow;
  here: string;
  readOnly: boolean;
  columnCount: number;
  reply: RowEditReply | undefined;
}) {
  const { t, i18n } = useTranslation("imports");
  const removing = useSubmitting("remove-row", row.number);
  const name = [row.values.firstName.trim(), row.values.lastName.trim()].filter(Boolean).join(" ");
  return (
    <tbody className="border-b border-slate-100 dark:border-slate-800" data-row={row.number} data-status={row.status}>
      <tr className="align-top">
        <th scope="row" className="py-2 pr-4 text-right font-normal tabular-nums">
          {formatNumber(row.number, i18n.language)}
        </th>
        <td className="py-2 pr-4">
          {name || "–"}
          {row.edited ? <span className="ml-1 text-xs text-slate-600 dark:text-slate-300">({t("preview.edited")})</span> : null}
        </td>
        <td className="py-2 pr-4">{row.values.title.trim() || "–"}</td>
        <td className="py-2 pr-4">{row.values.company.trim() || "–"}</td>
        <td className="whitespace-nowrap py-2 pr-4">{formatPhoneForDisplay(row.values.phone.trim()) || "–"}</td>
        <td className="py-2 pr-4">{row.values.email.trim() || "–"}</td>
        <td className="py-2 pr-4">
          <RowStatusBadge status={row.status} />
          <RowReasons row={row} />
        </td>
        {readOnly ? null : (
          <td className="py-2">
            <Form method="post" action={here}>
              <input type="hidden" name="intent" value="remove-row" />
              <input type="hidden" name="row" value={row.number} />
              <button
                type="submit"
                className="text-sm font-medium text-red-700 underline dark:text-red-400"
                aria-label={t("preview.removeLabel", { row: row.number })}
                disabled={removing}
              >
                {t("preview.remove")}
              </button>
            </Form>
          </td>
        )}
      </tr>
      {row.status === "invalid" && !readOnly ? (
        <tr>
          <td colSpan={columnCount} className="pb-3">
            <RowFixForm importId={importId} row={row} here={here} reply={reply} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

function RowReasons({ row }: { row: PreviewRow }) {
  const { t } = useTranslation(["imports", "contacts"]);
  if (row.status === "exists" || row.status === "duplicate") {
    return <p className="mt-1 max-w-xs text-xs text-slate-600 dark:text-slate-300">{t(`imports:preview.reason.${row.status}`)}</p>;
  }
  const problems = Object.entries(row.problems) as Array<[ContactField, string]>;
  if (problems.length === 0) return null;
  return (
    <ul className="mt-1 max-w-xs space-y-0.5 text-xs text-red-700 dark:text-red-400">
      {problems.map(([field, key]) => (
        <li key={field}>
          {t(`imports:fields.${field}`)}: {t(`contacts:${key}`)}
        </li>
      ))}
    </ul>
  );
}

function RowFixForm({ importId, row, here, reply }: { importId: string; row: PreviewRow; here: string; reply: RowEditReply | undefined }) {
  const { t } = useTranslation("imports");
  const saving = useSubmitting("edit-row", row.number);
  const [form, fields] = useForm({
    id: `import-${importId}-row-${row.number}`,
    lastResult: reply?.result,
    defaultValue: { ...row.values, row: String(row.number) },
    constraint: getZodConstraint(rowEditSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rowEditSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const text = (field: "firstName" | "lastName" | "title" | "company" | "email", autoComplete: string) => (
    <TextField
      label={t(`fields.${field}`)}
      errors={fields[field].errors}
      namespace="contacts"
      inputProps={{ ...getInputProps(fields[field], { type: field === "email" ? "email" : "text" }), autoComplete, required: field === "firstName" }}
    />
  );
  return (
    <details open={reply !== undefined} className="rounded-md border border-red-200 bg-red-50/40 px-3 py-2 dark:border-red-900 dark:bg-red-950/30">
      <summary className="cursor-pointer text-sm font-medium text-red-800 dark:text-red-300">{t("preview.fix", { row: row.number })}</summary>
      <Form method="post" action={here} {...getFormProps(form)} className="mt-3 space-y-3">
        <p className="text-xs text-slate-600 dark:text-slate-300">{t("preview.fixIntro", { row: row.number })}</p>
        <input type="hidden" name="intent" value="edit-row" />
        <input type="hidden" name="row" value={row.number} />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {text("firstName", "off")}
          {text("lastName", "off")}
          {text("title", "off")}
          {text("company", "off")}
          <PhoneField
            label={t("fields.phone")}
            errors={fields.phone.errors}
            namespace="contacts"
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off", required: true }}
          />
          {text("email", "off")}
        </div>
        <Button type="submit" disabled={saving}>
          {t("preview.save", { row: row.number })}
        </Button>
      </Form>
    </details>
  );
}

function PreviewPagination({ importId, view }: { importId: string; view: PreviewView }) {
  const { t, i18n } = useTranslation("imports");
  if (view.pageCount <= 1) return null;
  const { page, pageCount } = view;
  const link = (target: number, label: string, text: string, rel: string) =>
    target >= 1 && target <= pageCount ? (
      <Link
        to={previewHref(importId, { status: view.params.status, page: target })}
        rel={rel}
        aria-label={label}
        className={buttonClass("secondary", "px-3 py-1.5")}
      >
        {text}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(buttonClass("secondary", "px-3 py-1.5"), "cursor-default opacity-50")}>
        {text}
      </span>
    );
  return (
    <nav aria-label={t("preview.pagination.label")} className="flex flex-wrap items-center gap-3 text-sm">
      {link(page - 1, t("preview.pagination.previousPage"), t("preview.pagination.previous"), "prev")}
      <span>{t("preview.pagination.position", { page: formatNumber(page, i18n.language), pages: formatNumber(pageCount, i18n.language) })}</span>
      {link(page + 1, t("preview.pagination.nextPage"), t("preview.pagination.next"), "next")}
    </nav>
  );
}

function StartImportForm({
  importId,
  view,
  here,
  reply,
  listNameMaxLength,
}: {
  importId: string;
  view: PreviewView;
  here: string;
  reply: StartImportReply | undefined;
  listNameMaxLength: number;
}) {
  const { t, i18n } = useTranslation("imports");
  const starting = useSubmitting("start-import");
  const [form, fields] = useForm({
    id: `import-${importId}-start`,
    lastResult: reply?.result,
    defaultValue: { listId: view.selectedListId ?? "", newListName: "" },
    constraint: getZodConstraint(startImportSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: startImportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const n = (value: number) => formatNumber(value, i18n.language);
  const skipped = view.counts.exists + view.counts.duplicate;
  const { key: _key, ...listSelectProps } = getSelectProps(fields.listId);
  const listErrorId = `${fields.listId.id}-error`;
  const { key: _newListKey, ...newListInputProps } = getInputProps(fields.newListName, { type: "text" });
  const newListErrorId = `${fields.newListName.id}-error`;
  const newListHintId = `${fields.newListName.id}-hint`;
  const messageValues = { max: listNameMaxLength, ...reply?.values };
  return (
    <Panel title={t("start.heading")}>
      <Form method="post" action={here} {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="start-import" />
        <FormErrors errors={form.errors} namespace="imports" />
        <div className="grid gap-4 md:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor={fields.listId.id} className="block text-sm font-medium">
              {t("start.list")}
            </label>
            <select
              {...listSelectProps}
              aria-invalid={fields.listId.errors?.length ? true : undefined}
              aria-describedby={fields.listId.errors?.length ? listErrorId : undefined}
              className={inputClass}
            >
              <option value="">{t("start.choose")}</option>
              {view.lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
              <option value={NEW_LIST}>{t("start.newList")}</option>
            </select>
            <FieldErrors id={listErrorId} errors={fields.listId.errors} t={(key) => t(key, messageValues)} />
          </div>
          <div className="space-y-1">
            <label htmlFor={fields.newListName.id} className="block text-sm font-medium">
              {t("start.newListName")}
            </label>
            <input
              {...newListInputProps}
              autoComplete="off"
              aria-invalid={fields.newListName.errors?.length ? true : undefined}
              aria-describedby={[fields.newListName.errors?.length ? newListErrorId : null, newListHintId].filter(Boolean).join(" ")}
              className={inputClass}
            />
            <p id={newListHintId} className="text-xs text-slate-600 dark:text-slate-300">
              {t("start.newListHint")}
            </p>
            <FieldErrors id={newListErrorId} errors={fields.newListName.errors} t={(key) => t(key, messageValues)} />
          </div>
        </div>
        <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
          {skipped > 0 ? <li>{t("start.skipped", { count: skipped, formatted: n(skipped) })}</li> : null}
          {view.counts.invalid > 0 ? (
            <li className="text-red-700 dark:text-red-400">{t("start.invalidLeft", { count: view.counts.invalid, formatted: n(view.counts.invalid) })}</li>
          ) : null}
        </ul>
        <Button type="submit" disabled={starting}>
          {starting ? t("start.starting") : t("start.submit", { count: view.counts.valid, formatted: n(view.counts.valid) })}
        </Button>
      </Form>
    </Panel>
  );
}
