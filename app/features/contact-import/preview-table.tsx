import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { ContactField } from "~/features/contacts/contact-rules";
import { PhoneField } from "~/features/phone/phone-field";
import { formatNumber } from "~/i18n/format";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { RowStatusBadge } from "./import-badges";
import type { PreviewView } from "./import-page.server";
import type { PreviewRow } from "./preview.server";
import type { RowEditFields } from "./schemas";

export type RowEditReply = { intent: "edit-row"; row: number; result: SubmissionResult<string[]> };

/** This form of the page is being sent for this row (each row has its own remove and fix forms). */
function useRowPending(intent: "remove-row" | "edit-row", formAction: string, row: number) {
  const pending = useIsPending({ intent, formAction });
  const navigation = useNavigation();
  return pending && navigation.formData?.get("row") === String(row);
}

/**
 * One page of the file's rows, one line each. An invalid row continues on a
 * line of its own: what is wrong with it and, for those who may import, a
 * correction form that opens in place (a <details>, so without JavaScript
 * too). Every change is a plain form post to the page's own URL.
 */
export function PreviewTable({
  importId,
  fileName,
  view,
  here,
  readOnly,
  rowEditReply,
  rowEditConstraint,
}: {
  importId: string;
  fileName: string;
  view: PreviewView;
  here: string;
  readOnly: boolean;
  rowEditReply: RowEditReply | undefined;
  /** The correction form's HTML constraints, from the loader. */
  rowEditConstraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation("imports");
  const missing = <span className="text-slate-400 dark:text-slate-500">–</span>;
  // min-w-0: on a phone's card the value is a flex item, and must be allowed to shrink to be cut instead of wrapped.
  const text = (value: string) =>
    value.trim() ? (
      <span title={value.trim()} className="min-w-0 truncate">
        {value.trim()}
      </span>
    ) : (
      missing
    );
  const columns: Array<DataColumn<PreviewRow>> = [
    {
      id: "row",
      header: t("preview.table.row"),
      rowHeader: true,
      align: "end",
      className: "font-normal",
      cell: (row) => formatNumber(row.number, i18n.language),
    },
    {
      id: "name",
      header: t("preview.table.name"),
      primary: true,
      truncate: true,
      cell: (row) => {
        const name = [row.values.firstName.trim(), row.values.lastName.trim()].filter(Boolean).join(" ");
        return (
          <>
            {name ? <span title={name}>{name}</span> : missing}
            {row.edited ? <span className="ml-1 text-xs font-normal text-slate-600 dark:text-slate-300">({t("preview.edited")})</span> : null}
          </>
        );
      },
    },
    { id: "title", header: t("preview.table.title"), truncate: true, className: "max-w-[9rem]", cell: (row) => text(row.values.title) },
    { id: "company", header: t("preview.table.company"), truncate: true, className: "max-w-[11rem]", cell: (row) => text(row.values.company) },
    {
      id: "phone",
      header: t("preview.table.phone"),
      className: "tabular-nums max-sm:whitespace-nowrap",
      cell: (row) => row.phoneDisplay || missing,
    },
    { id: "email", header: t("preview.table.email"), truncate: true, className: "max-w-[11rem]", cell: (row) => text(row.values.email) },
    {
      id: "status",
      header: t("preview.table.status"),
      cell: (row) => (
        <RowStatusBadge status={row.status} title={row.status === "exists" || row.status === "duplicate" ? t(`preview.reason.${row.status}`) : undefined} />
      ),
    },
  ];
  return (
    <DataTable
      data-testid="import-preview"
      caption={t("preview.table.caption", {
        file: fileName,
        filter: t(`preview.filters.${view.params.status}`),
        page: formatNumber(view.page, i18n.language),
        pages: formatNumber(view.pageCount, i18n.language),
      })}
      columns={columns}
      rows={view.rows}
      rowKey={(row) => String(row.number)}
      rowData={(row) => ({ "data-row": String(row.number), "data-status": row.status })}
      actions={readOnly ? undefined : { header: t("preview.table.actions"), cell: (row) => <RemoveRowButton row={row.number} here={here} /> }}
      rowDetail={(row) =>
        row.status === "invalid" ? (
          <InvalidRowDetail
            importId={importId}
            row={row}
            here={here}
            readOnly={readOnly}
            reply={rowEditReply?.row === row.number ? rowEditReply : undefined}
            phoneCountry={view.phoneCountry}
            constraint={rowEditConstraint}
          />
        ) : null
      }
    />
  );
}

function RemoveRowButton({ row, here }: { row: number; here: string }) {
  const { t } = useTranslation("imports");
  const removing = useRowPending("remove-row", here, row);
  return (
    <Form method="post" action={here} preventScrollReset>
      <input type="hidden" name="intent" value="remove-row" />
      <input type="hidden" name="row" value={row} />
      {/* An icon: the row's one action, on every line of the table. */}
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        disabled={removing}
        aria-label={t("preview.removeLabel", { row })}
        title={t("preview.removeLabel", { row })}
        className="text-slate-500 hover:text-red-700 dark:text-slate-400 dark:hover:text-red-400"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
        </svg>
      </Button>
    </Form>
  );
}

/** What is wrong with an invalid row, and the form that corrects it. */
function InvalidRowDetail({
  importId,
  row,
  here,
  readOnly,
  reply,
  phoneCountry,
  constraint,
}: {
  importId: string;
  row: PreviewRow;
  here: string;
  readOnly: boolean;
  reply: RowEditReply | undefined;
  phoneCountry: string;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation(["imports", "contacts"]);
  const problems = Object.entries(row.problems) as Array<[ContactField, string]>;
  return (
    <div className="space-y-1 rounded-md border border-red-200 bg-red-50/60 px-3 py-2 dark:border-red-900 dark:bg-red-950/30">
      {problems.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-red-800 dark:text-red-300">
          {problems.map(([field, key]) => (
            <li key={field}>
              {t(`imports:fields.${field}`)}: {t(`contacts:${key}`)}
            </li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : <RowFixForm importId={importId} row={row} here={here} reply={reply} phoneCountry={phoneCountry} constraint={constraint} />}
    </div>
  );
}

function RowFixForm({
  importId,
  row,
  here,
  reply,
  phoneCountry,
  constraint,
}: {
  importId: string;
  row: PreviewRow;
  here: string;
  reply: RowEditReply | undefined;
  phoneCountry: string;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("imports");
  const saving = useRowPending("edit-row", here, row.number);
  const [form, fields] = usePlainForm<RowEditFields>({
    id: `import-${importId}-row-${row.number}`,
    lastResult: reply?.result,
    defaultValue: { ...row.values, row: String(row.number) },
    constraint,
  });
  const text = (field: "firstName" | "lastName" | "title" | "company" | "email") => (
    <TextField
      label={t(`fields.${field}`)}
      errors={fields[field].errors}
      namespace="contacts"
      inputProps={{ ...plainInputProps(fields[field], { type: field === "email" ? "email" : "text" }), autoComplete: "off", required: field === "firstName" }}
    />
  );
  return (
    <details open={reply !== undefined} className="group">
      <summary className="cursor-pointer text-sm font-medium text-red-800 underline-offset-2 hover:underline dark:text-red-300">
        {t("preview.fix", { row: row.number })}
      </summary>
      <Form method="post" action={here} preventScrollReset {...plainFormProps(form)} className="mt-3 space-y-3 pb-1">
        <p className="text-xs text-slate-600 dark:text-slate-300">{t("preview.fixIntro", { row: row.number })}</p>
        <input type="hidden" name="intent" value="edit-row" />
        <input type="hidden" name="row" value={row.number} />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {text("firstName")}
          {text("lastName")}
          {text("title")}
          {text("company")}
          <PhoneField
            label={t("fields.phone")}
            errors={fields.phone.errors}
            namespace="contacts"
            country={phoneCountry}
            inputProps={{ ...plainInputProps(fields.phone, { type: "tel" }), autoComplete: "off", required: true }}
          />
          {text("email")}
        </div>
        <Button type="submit" size="sm" loading={saving}>
          {t("preview.save", { row: row.number })}
        </Button>
      </Form>
    </details>
  );
}
