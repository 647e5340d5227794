import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { formWidthClass, TextField } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { shownPhone, type PhoneDisplays } from "~/features/phone/display";
import { formatNumber } from "~/i18n/format";
import type { BulkFileProblem, BulkRow } from "./bulk-csv";

export const BULK_PATH = "/numbers-managment/validate";

/** Why an upload was refused; each has its message in locales/<lng>/numbers.json under bulk.problems. */
export type BulkUploadProblem = "fileRequired" | "fileType" | "fileTooLarge" | BulkFileProblem;

export interface BulkLimits {
  maxBytes: number;
  maxRows: number;
}

const megabytes = (bytes: number, language: string) =>
  new Intl.NumberFormat(language === "de" ? "de-DE" : "en-US", { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024);

/**
 * The upload of a CSV file to validate: a multipart form that posts to the
 * validation page, which answers with the results table. Works the same with
 * and without JavaScript.
 */
export function BulkUploadForm({ limits, problem }: { limits: BulkLimits; problem?: BulkUploadProblem }) {
  const { t, i18n } = useTranslation("numbers");
  const uploading = useIsPending({ formAction: BULK_PATH, intent: "validate" });
  const values = { size: megabytes(limits.maxBytes, i18n.language), rows: formatNumber(limits.maxRows, i18n.language) };
  return (
    <Form method="post" action={BULK_PATH} encType="multipart/form-data" className={cn(formWidthClass, "space-y-3")}>
      <TextField
        label={t("bulk.file")}
        hint={t("bulk.hint", values)}
        errors={problem ? [`bulk.problems.${problem}`] : undefined}
        messageValues={values}
        namespace="numbers"
        inputProps={{
          id: "bulk-file",
          name: "file",
          type: "file",
          accept: ".csv,text/csv",
          required: true,
          className:
            "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100",
        }}
      />
      {/* Named so the page can tell this submission from "Add the valid numbers", which posts to the same action. */}
      <Button type="submit" name="intent" value="validate" loading={uploading}>
        {uploading ? t("bulk.validating") : t("bulk.submit")}
      </Button>
    </Form>
  );
}

export function BulkUploadPanel({ limits, problem }: { limits: BulkLimits; problem?: BulkUploadProblem }) {
  const { t } = useTranslation("numbers");
  return (
    <Panel title={t("bulk.title")}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("bulk.intro")}</p>
      <BulkUploadForm limits={limits} problem={problem} />
    </Panel>
  );
}

export interface BulkResultsData {
  fileName: string;
  column: string;
  columnMatched: boolean;
  headerLooksLikeNumber: boolean;
  rows: BulkRow[];
  validCount: number;
  invalidCount: number;
  /** Valid numbers the tenant does not have yet, each once. */
  newNumbers: string[];
  /** Valid numbers the tenant has already added. */
  alreadyAdded: number;
  /** The valid rows' numbers as shown, formatted by the server (app/features/phone/display.ts). */
  phones: PhoneDisplays;
}

/** A phone import row (docs/product/records.md#phone-import-rows): Row (from 2), Phone Number, Status, Error. */
export function BulkResultsTable({ results }: { results: BulkResultsData }) {
  const { t, i18n } = useTranslation("numbers");
  const language = i18n.language;
  const columns: Array<DataColumn<BulkRow>> = [
    { id: "row", header: t("bulk.columns.row"), align: "end", cell: (row) => row.row },
    {
      id: "phone",
      header: t("bulk.columns.phone"),
      primary: true,
      truncate: true,
      cell: (row) =>
        row.value === "" ? (
          <span className="text-slate-500 dark:text-slate-400">{t("bulk.emptyCell")}</span>
        ) : row.e164 ? (
          shownPhone(results.phones, row.e164)
        ) : (
          <span title={row.value}>{row.value}</span>
        ),
    },
    {
      id: "status",
      header: t("bulk.columns.status"),
      cell: (row) => <Badge tone={row.e164 ? "success" : "danger"}>{row.e164 ? t("bulk.status.valid") : t("bulk.status.invalid")}</Badge>,
    },
    // A valid row has no error: on a phone its card leaves the empty line out. A message too long for the line goes under its label, words whole.
    {
      id: "error",
      header: t("bulk.columns.error"),
      className: "max-sm:flex-wrap max-sm:[overflow-wrap:normal] max-sm:empty:hidden",
      cell: (row) => (row.e164 ? null : t("bulk.invalidFormat")),
    },
  ];
  return (
    <div className="space-y-3">
      <p className="text-sm" data-testid="bulk-summary">
        {t("bulk.summary", {
          count: results.rows.length,
          rows: formatNumber(results.rows.length, language),
          valid: formatNumber(results.validCount, language),
          invalid: formatNumber(results.invalidCount, language),
          file: results.fileName,
        })}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {results.columnMatched ? t("bulk.columnMatched", { column: results.column }) : t("bulk.columnFirst", { column: results.column })}
      </p>
      {results.headerLooksLikeNumber ? <Notice tone="warning">{t("bulk.headerLooksLikeNumber", { value: results.column })}</Notice> : null}
      {/* Up to 5,000 rows: the table scrolls inside the page under a header that stays, and the keyboard can scroll it. */}
      <div
        className="max-h-[32rem] overflow-auto rounded-md border border-slate-200 dark:border-slate-700 max-sm:bg-slate-50 max-sm:p-2 dark:max-sm:bg-slate-950"
        tabIndex={0}
        aria-label={t("bulk.tableLabel")}
        role="region"
      >
        <DataTable
          data-testid="bulk-results"
          caption={t("bulk.tableLabel")}
          columns={columns}
          rows={results.rows}
          rowKey={(row) => String(row.row)}
          rowData={() => ({ "data-testid": "bulk-row" })}
          className="sm:overflow-x-visible [&_thead]:sticky [&_thead]:top-0 [&_thead]:z-10 [&_thead]:bg-white dark:[&_thead]:bg-slate-900"
        />
      </div>
    </div>
  );
}

export type BulkAddProblem = { problem: "limit"; adding: number; used: number; limit: number } | { problem: "nothingValid" };

/**
 * "Add the valid numbers": one form with the numbers in a hidden field (the
 * server validates them again), all added or none.
 */
export function BulkAddForm({
  numbers,
  alreadyAdded,
  quota,
  problem,
}: {
  numbers: string[];
  alreadyAdded: number;
  quota: { used: number; limit: number };
  problem?: BulkAddProblem;
}) {
  const { t, i18n } = useTranslation("numbers");
  const adding = useIsPending({ formAction: BULK_PATH, intent: "add-valid" });
  const fmt = (value: number) => formatNumber(value, i18n.language);
  const wouldExceed = quota.used + numbers.length > quota.limit;
  return (
    <Form method="post" action={BULK_PATH} className="space-y-3" data-testid="bulk-add">
      <input type="hidden" name="intent" value="add-valid" />
      <input type="hidden" name="numbers" value={numbers.join(",")} />
      {problem ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {problem.problem === "limit"
            ? t("bulk.add.limit", { count: problem.adding, adding: fmt(problem.adding), used: fmt(problem.used), limit: fmt(problem.limit) })
            : t("bulk.add.nothingValid")}
        </p>
      ) : null}
      {numbers.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{alreadyAdded > 0 ? t("bulk.add.allAdded") : t("bulk.add.noneValid")}</p>
      ) : (
        <>
          <p className="text-sm">
            {t("bulk.add.explain", { count: numbers.length, adding: fmt(numbers.length) })}
            {alreadyAdded > 0 ? ` ${t("bulk.add.skipping", { count: alreadyAdded, skipped: fmt(alreadyAdded) })}` : ""}
          </p>
          {wouldExceed && !problem ? (
            <Notice tone="warning">
              {t("bulk.add.wouldExceed", { count: numbers.length, adding: fmt(numbers.length), used: fmt(quota.used), limit: fmt(quota.limit) })}
            </Notice>
          ) : null}
          <Button type="submit" loading={adding} disabled={wouldExceed}>
            {adding ? t("bulk.add.submitting") : t("bulk.add.submit")}
          </Button>
        </>
      )}
    </Form>
  );
}
