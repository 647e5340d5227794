import { getFormProps, getSelectProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { MAPPING_TARGETS, type MappingTarget } from "./column-mapping";
import type { MappingView } from "./import-page.server";
import { importPath } from "./preview-params";
import { mappingSchema } from "./schemas";

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
}: {
  importId: string;
  fileName: string;
  view: MappingView;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("imports");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-mapping";
  const defaultValue = Object.fromEntries(
    MAPPING_TARGETS.map((target) => [target, view.mapping[target] === null ? "" : String(view.mapping[target])]),
  ) as Record<MappingTarget, string>;
  const [form, fields] = useForm<Record<MappingTarget, string | undefined>>({
    id: "contact-import-mapping",
    lastResult,
    defaultValue,
    constraint: getZodConstraint(mappingSchema),
    // The schema turns column choices into numbers; the form itself only deals in the submitted strings.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mappingSchema }) as unknown as Submission<Record<MappingTarget, string | undefined>>,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const columnLabel = (index: number, header: string) => header || t("mapping.untitledColumn", { number: index + 1 });

  return (
    <div className="space-y-6">
      <Panel title={t("mapping.heading")}>
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("mapping.intro", { file: fileName })}</p>
        <Form method="post" action={importPath(importId)} {...getFormProps(form)} className="space-y-4">
          <input type="hidden" name="intent" value="save-mapping" />
          <div className="grid gap-4 md:grid-cols-2">
            {MAPPING_TARGETS.map((target) => {
              const field = fields[target];
              const { key: _key, ...selectProps } = getSelectProps(field);
              const errorId = `${field.id}-error`;
              const hintId = `${field.id}-hint`;
              const hasError = Boolean(field.errors?.length);
              return (
                <div key={target} className="space-y-1">
                  <label htmlFor={field.id} className="block text-sm font-medium">
                    {t(`fields.${target}`)} {REQUIRED.has(target) ? <span className="text-slate-600 dark:text-slate-300">{t("mapping.required")}</span> : null}
                  </label>
                  <select
                    {...selectProps}
                    aria-invalid={hasError || undefined}
                    aria-describedby={[hasError ? errorId : null, target === "fullName" ? hintId : null].filter(Boolean).join(" ") || undefined}
                    className={inputClass}
                  >
                    <option value="">{t("mapping.notInFile")}</option>
                    {view.columns.map((column) => (
                      <option key={column.index} value={String(column.index)}>
                        {columnLabel(column.index, column.header)}
                        {column.samples.some(Boolean) ? ` (${t("mapping.examples", { samples: column.samples.filter(Boolean).join(", ") })})` : ""}
                      </option>
                    ))}
                  </select>
                  {target === "fullName" ? (
                    <p id={hintId} className="text-xs text-slate-600 dark:text-slate-300">
                      {t("mapping.fullNameHint")}
                    </p>
                  ) : null}
                  <FieldErrors id={errorId} errors={field.errors} t={t} />
                </div>
              );
            })}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={submitting}>
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
      <Panel title={t("mapping.samplesHeading")}>
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">{t("mapping.samplesCaption")}</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <tr>
                {view.columns.map((column) => (
                  <th key={column.index} scope="col" className="whitespace-nowrap py-2 pr-4 font-semibold">
                    {columnLabel(column.index, column.header)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {(view.columns[0]?.samples ?? []).map((_, rowIndex) => (
                <tr key={rowIndex}>
                  {view.columns.map((column) => (
                    <td key={column.index} className="max-w-[16rem] truncate py-2 pr-4">
                      {column.samples[rowIndex]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Panel>
    </div>
  );
}
