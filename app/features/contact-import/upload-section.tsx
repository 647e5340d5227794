import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { ImportStatusBadge } from "./import-badges";
import type { ImportHistoryEntry } from "./import-store.server";
import { formatByteSize } from "./limits";
import { importPath } from "./preview-params";
import { uploadSchema } from "./schemas";

export interface UploadRefusalReply {
  intent: "upload";
  result: SubmissionResult<string[]>;
  /** Values for the message, already formatted in the user's language (the limit in human units). */
  values: Record<string, string>;
}

/**
 * The upload form. A plain multipart POST: without JavaScript the browser
 * sends the file, and every refusal (type, content, size, rows) comes back as
 * a message at the field. With JavaScript, an empty choice or a file that is
 * not .csv is caught before anything is sent.
 */
export function UploadSection({ limits, reply }: { limits: { maxBytes: number; maxRows: number }; reply: UploadRefusalReply | undefined }) {
  const { t, i18n } = useTranslation("imports");
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const [form, fields] = useForm({
    id: "contact-import-upload",
    lastResult: reply?.result,
    constraint: getZodConstraint(uploadSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: uploadSchema }),
    shouldRevalidate: "onInput",
  });
  const values = reply?.values ?? {};
  const { key: _key, ...fileInputProps } = getInputProps(fields.file, { type: "file" });
  const hintId = `${fields.file.id}-hint`;
  const errorId = `${fields.file.id}-error`;
  const hasError = Boolean(fields.file.errors?.length);
  return (
    <Panel title={t("upload.heading")}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={fields.file.id} className="block text-sm font-medium">
            {t("upload.label")}
          </label>
          <input
            {...fileInputProps}
            accept=".csv,text/csv"
            aria-invalid={hasError || undefined}
            aria-describedby={[hasError ? errorId : null, hintId].filter(Boolean).join(" ")}
            className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100`}
          />
          <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
            {t("upload.hint", { maxSize: formatByteSize(limits.maxBytes, i18n.language), maxRows: formatNumber(limits.maxRows, i18n.language) })}
          </p>
          <FieldErrors id={errorId} errors={fields.file.errors} t={(key) => t(key, values)} />
        </div>
        <Button type="submit" disabled={uploading}>
          {uploading ? t("upload.uploading") : t("upload.submit")}
        </Button>
      </Form>
    </Panel>
  );
}

export function ImportHistory({ entries, timeZone }: { entries: ImportHistoryEntry[]; timeZone: string }) {
  const { t, i18n } = useTranslation("imports");
  return (
    <Panel title={t("history.heading")}>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("history.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t("history.caption")}</caption>
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  {t("history.file")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("history.uploaded")}
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  {t("history.rows")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("history.status")}
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  {t("history.imported")}
                </th>
                <th scope="col" className="py-2 pr-4">
                  {t("history.list")}
                </th>
                <th scope="col" className="py-2">
                  <span className="sr-only">{t("history.open")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {entries.map((entry) => (
                <tr key={entry.id} data-import-id={entry.id}>
                  <td className="max-w-xs truncate py-2 pr-4 font-medium" title={entry.fileName}>
                    {entry.fileName}
                  </td>
                  <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(entry.createdAt, i18n.language, timeZone)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatNumber(entry.rowCount, i18n.language)}</td>
                  <td className="py-2 pr-4">
                    <ImportStatusBadge status={entry.status} />
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{entry.status === "done" ? formatNumber(entry.importedCount, i18n.language) : "–"}</td>
                  <td className="py-2 pr-4">
                    {entry.status === "done" && entry.listId && entry.listName ? (
                      <Link to={`/contacts?list=${encodeURIComponent(entry.listId)}`} className="underline">
                        {entry.listName}
                      </Link>
                    ) : (
                      entry.listName ?? "–"
                    )}
                  </td>
                  <td className="py-2">
                    <Link to={importPath(entry.id)} className="font-medium underline" aria-label={t("history.openLabel", { file: entry.fileName })}>
                      {t("history.open")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
