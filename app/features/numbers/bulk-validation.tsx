import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { inputClass } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { formatPhoneForDisplay } from "~/features/phone/phone";
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
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formAction === BULK_PATH && navigation.formEncType === "multipart/form-data";
  const values = { size: megabytes(limits.maxBytes, i18n.language), rows: formatNumber(limits.maxRows, i18n.language) };
  return (
    <Form method="post" action={BULK_PATH} encType="multipart/form-data" className="space-y-3">
      <div className="space-y-1">
        <label htmlFor="bulk-file" className="block text-sm font-medium">
          {t("bulk.file")}
        </label>
        <input
          id="bulk-file"
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={cn("bulk-file-hint", problem && "bulk-file-error")}
          className={cn(
            inputClass,
            "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium dark:file:bg-slate-700 dark:file:text-slate-100",
          )}
        />
        <p id="bulk-file-hint" className="text-xs text-slate-600 dark:text-slate-300">
          {t("bulk.hint", values)}
        </p>
        {problem ? (
          <p id="bulk-file-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
            {t(`bulk.problems.${problem}`, values)}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={uploading}>
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
}

/** The spec's "Phone import row": Row (from 2), Phone Number, Status, Error. */
export function BulkResultsTable({ results }: { results: BulkResultsData }) {
  const { t, i18n } = useTranslation("numbers");
  const language = i18n.language;
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
      <div className="max-h-[32rem] overflow-auto rounded-md border border-slate-200 dark:border-slate-700" tabIndex={0} aria-label={t("bulk.tableLabel")} role="region">
        <table className="w-full text-left text-sm" data-testid="bulk-results">
          <caption className="sr-only">{t("bulk.tableLabel")}</caption>
          <thead className="sticky top-0 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 dark:bg-slate-800 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-3 py-2 text-right font-medium">{t("bulk.columns.row")}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t("bulk.columns.phone")}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t("bulk.columns.status")}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t("bulk.columns.error")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {results.rows.map((row) => (
              <tr key={row.row} data-testid="bulk-row">
                <td className="px-3 py-1.5 text-right tabular-nums">{row.row}</td>
                <td className="px-3 py-1.5">
                  {row.value === "" ? <span className="text-slate-500 dark:text-slate-400">{t("bulk.emptyCell")}</span> : row.e164 ? formatPhoneForDisplay(row.e164) : row.value}
                </td>
                <td className={cn("px-3 py-1.5 font-medium", row.e164 ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400")}>
                  {row.e164 ? t("bulk.status.valid") : t("bulk.status.invalid")}
                </td>
                <td className="px-3 py-1.5">{row.e164 ? null : t("bulk.invalidFormat")}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add-valid";
  const fmt = (value: number) => formatNumber(value, i18n.language);
  const wouldExceed = quota.used + numbers.length > quota.limit;
  return (
    <Form method="post" action={BULK_PATH} className="space-y-3" data-testid="bulk-add">
      <input type="hidden" name="intent" value="add-valid" />
      <input type="hidden" name="numbers" value={numbers.join(",")} />
      {problem ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
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
            <Notice tone="warning">{t("bulk.add.wouldExceed", { count: numbers.length, adding: fmt(numbers.length), used: fmt(quota.used), limit: fmt(quota.limit) })}</Notice>
          ) : null}
          <Button type="submit" disabled={adding || wouldExceed}>
            {adding ? t("bulk.add.submitting") : t("bulk.add.submit")}
          </Button>
        </>
      )}
    </Form>
  );
}
