import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { formWidthClass, SelectField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import { MAPPING_TARGETS, type MappingTarget } from "./column-mapping";
import type { MappingView } from "./import-page.server";
import { importPath } from "./preview-params";

const REQUIRED: ReadonlySet<MappingTarget> = new Set(["firstName", "phone"]);

/**
 * Step 2: one select per field, preset with what matchColumns found. Each
 * option names the column by its header and shows its first values, so the
 * choice can be made without opening the file.
 */
export function MappingForm({
  importId,
  fileName,
  view,
  lastResult,
  constraint,
}: {
  importId: string;
  fileName: string;
  view: MappingView;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("imports");
  const submitting = useIsPending({ intent: "save-mapping", formAction: importPath(importId) });
  const defaultValue = Object.fromEntries(
    MAPPING_TARGETS.map((target) => [target, view.mapping[target] === null ? "" : String(view.mapping[target])]),
  ) as Record<MappingTarget, string>;
  const [form, fields] = usePlainForm<Record<MappingTarget, string | undefined>>({
    id: "contact-import-mapping",
    lastResult,
    defaultValue,
    constraint,
  });
  const columnLabel = (index: number, header: string) => header || t("mapping.untitledColumn", { number: index + 1 });

  return (
    <div className="space-y-6">
      <Panel title={t("mapping.heading")}>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("mapping.intro", { file: fileName })}</p>
        <Form method="post" action={importPath(importId)} {...plainFormProps(form)} className={`${formWidthClass} space-y-4`}>
          <div className="grid gap-4 md:grid-cols-2">
            {MAPPING_TARGETS.map((target) => {
              const selectProps = plainSelectProps(fields[target]);
              return (
                <SelectField
                  key={target}
                  label={REQUIRED.has(target) ? `${t(`fields.${target}`)} ${t("mapping.required")}` : t(`fields.${target}`)}
                  hint={target === "fullName" ? t("mapping.fullNameHint") : undefined}
                  errors={fields[target].errors}
                  namespace="imports"
                  selectProps={selectProps}
                  options={[
                    { value: "", label: t("mapping.notInFile") },
                    ...view.columns.map((column) => ({
                      value: String(column.index),
                      label: `${columnLabel(column.index, column.header)}${column.samples.some(Boolean) ? ` (${t("mapping.examples", { samples: column.samples.filter(Boolean).join(", ") })})` : ""}`,
                    })),
                  ]}
                />
              );
            })}
          </div>
          {/* Not first: the form's spacing goes by its first child. */}
          <input type="hidden" name="intent" value="save-mapping" />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={submitting}>
              {t("mapping.submit")}
            </Button>
            {view.fromPreview ? (
              <Link to={importPath(importId)} className="text-sm underline">
                {t("mapping.backToPreview")}
              </Link>
            ) : null}
          </div>
        </Form>
      </Panel>
      <Panel className="p-0 sm:p-0">
        <h2 className="px-4 pb-2 pt-5 text-lg font-semibold">{t("mapping.samplesHeading")}</h2>
        <div className="max-sm:p-3">
          <SampleRows columns={view.columns} columnLabel={columnLabel} />
        </div>
      </Panel>
    </div>
  );
}

/** The file's first rows as the file has them, one column per column of the file. */
function SampleRows({ columns, columnLabel }: { columns: MappingView["columns"]; columnLabel: (index: number, header: string) => string }) {
  const { t } = useTranslation("imports");
  const rows = (columns[0]?.samples ?? []).map((_, index) => index);
  const sampleColumns: Array<DataColumn<number>> = columns.map((column, position) => ({
    id: String(column.index),
    header: columnLabel(column.index, column.header),
    primary: position === 0,
    truncate: true,
    cell: (rowIndex) => {
      const value = column.samples[rowIndex] ?? "";
      return value ? <span title={value}>{value}</span> : <span className="text-slate-400 dark:text-slate-500">–</span>;
    },
  }));
  return <DataTable caption={t("mapping.samplesCaption")} columns={sampleColumns} rows={rows} rowKey={(rowIndex) => String(rowIndex)} />;
}
