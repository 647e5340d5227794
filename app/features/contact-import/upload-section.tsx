import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { formWidthClass, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { ImportStatusBadge } from "./import-badges";
import type { ImportHistoryEntry } from "./import-store.server";
import { formatByteSize } from "./limits";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, usePlainForm } from "~/lib/forms/plain-form";
import { importPath } from "./preview-params";
import type { UploadFields } from "./schemas";

export interface UploadRefusalReply {
  intent: "upload";
  result: SubmissionResult<string[]>;
  /** Values for the message, already formatted in the user's language (the limit in human units). */
  values: Record<string, string>;
}

/**
 * The upload form. A plain multipart POST: without JavaScript the browser
 * sends the file, and every refusal (type, content, size, rows) comes back as
 * a message at the field, with or without JavaScript. The field is required
 * and accepts .csv, so the browser's own file picker offers the right files.
 */
export function UploadSection({
  limits,
  reply,
  constraint,
}: {
  limits: { maxBytes: number; maxRows: number };
  reply: UploadRefusalReply | undefined;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation("imports");
  const uploading = useIsPending();
  const [form, fields] = usePlainForm<UploadFields>({ id: "contact-import-upload", lastResult: reply?.result, constraint });
  return (
    <Panel title={t("upload.heading")}>
      <Form method="post" encType="multipart/form-data" {...plainFormProps(form)} className={`${formWidthClass} space-y-4`}>
        <TextField
          label={t("upload.label")}
          hint={t("upload.hint", { maxSize: formatByteSize(limits.maxBytes, i18n.language), maxRows: formatNumber(limits.maxRows, i18n.language) })}
          errors={fields.file.errors}
          namespace="imports"
          messageValues={reply?.values}
          inputProps={{
            ...plainInputProps(fields.file, { type: "file" }),
            accept: ".csv,text/csv",
            className:
              "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100",
          }}
        />
        <Button type="submit" loading={uploading}>
          {uploading ? t("upload.uploading") : t("upload.submit")}
        </Button>
      </Form>
    </Panel>
  );
}

/** The recent imports: each file opens its import page (the step it is at, or its result). */
export function ImportHistory({ entries, timeZone }: { entries: ImportHistoryEntry[]; timeZone: string }) {
  const { t, i18n } = useTranslation("imports");
  const missing = <span className="text-slate-400 dark:text-slate-500">–</span>;
  const columns: Array<DataColumn<ImportHistoryEntry>> = [
    {
      id: "file",
      header: t("history.file"),
      primary: true,
      rowHeader: true,
      truncate: true,
      className: "max-w-[16rem]",
      cell: (entry) => (
        <Link to={importPath(entry.id)} title={entry.fileName} className="hover:underline">
          {entry.fileName}
        </Link>
      ),
    },
    { id: "uploaded", header: t("history.uploaded"), cell: (entry) => formatDateTime(entry.createdAt, i18n.language, timeZone) },
    { id: "rows", header: t("history.rows"), align: "end", cell: (entry) => formatNumber(entry.rowCount, i18n.language) },
    { id: "status", header: t("history.status"), cell: (entry) => <ImportStatusBadge status={entry.status} /> },
    {
      id: "imported",
      header: t("history.imported"),
      align: "end",
      cell: (entry) => (entry.status === "done" ? formatNumber(entry.importedCount, i18n.language) : missing),
    },
    {
      id: "list",
      header: t("history.list"),
      truncate: true,
      cell: (entry) =>
        entry.status === "done" && entry.listId && entry.listName ? (
          <Link
            to={`/contacts?list=${encodeURIComponent(entry.listId)}`}
            title={entry.listName}
            className="underline decoration-slate-300 underline-offset-2 hover:decoration-inherit dark:decoration-slate-600"
          >
            {entry.listName}
          </Link>
        ) : entry.listName ? (
          <span title={entry.listName}>{entry.listName}</span>
        ) : (
          missing
        ),
    },
  ];
  return (
    <Panel className="p-0 sm:p-0">
      <h2 className="px-4 pb-2 pt-5 text-lg font-semibold">{t("history.heading")}</h2>
      {entries.length === 0 ? (
        <div className="px-4 pb-5">
          <EmptyState title={t("history.empty")} className="py-6" />
        </div>
      ) : (
        <div className="max-sm:p-3">
          <DataTable
            caption={t("history.caption")}
            columns={columns}
            rows={entries}
            rowKey={(entry) => entry.id}
            rowData={(entry) => ({ "data-import-id": entry.id })}
          />
        </div>
      )}
    </Panel>
  );
}
