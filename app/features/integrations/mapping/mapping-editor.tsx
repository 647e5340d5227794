import type { MappingEditorData } from "../hub/views";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Notice, Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { useIsPending } from "~/components/ui/use-is-pending";
import { useTranslation } from "~/i18n/react";
import type { MappingProblem } from "./mapping";
import { CUSTOM_SOURCE, ROW_FORMATS, ROW_TRANSFORMS, sourceChoice, type MappingRow } from "./mapping-rows";
import { integrationPaths } from "../hub/paths";

const small = `${inputClass} py-1.5`;

function Labelled({ id, label, error, children, forTransforms }: { id: string; label: string; error?: string; children: ReactNode; forTransforms?: string }) {
  const { t } = useTranslation("integrations");
  return (
    <div className="min-w-0 space-y-1" data-for={forTransforms}>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600 dark:text-slate-300">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700 dark:text-red-300">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** One mapping per card: our field → theirs, with its transformation and checks behind "Transformation and checks". */
function RowCard({
  row,
  index,
  errors,
  problems,
  sources,
}: {
  row: MappingRow;
  index: number;
  errors: Partial<Record<keyof MappingRow, string>> | undefined;
  problems: MappingProblem[];
  sources: readonly string[];
}) {
  const { t } = useTranslation("integrations");
  const name = (key: string) => `rows[${index}].${key}`;
  const id = (key: string) => `mapping-${index}-${key}`;
  const invalid = (key: keyof MappingRow) => (errors?.[key] ? { "aria-invalid": true as const, "aria-describedby": `${id(key)}-error` } : {});
  const detailsOpen =
    row.transform !== "none" || Boolean(errors && (errors.separator || errors.index || errors.format || errors.fields || errors.table || errors.pattern));
  const { choice, custom } = sourceChoice(row.source, sources);
  // Known fields grouped by what carries them (contact., call., appointment., settings.); the option text is the path the payload uses.
  const groups = [...new Set(sources.map((source) => source.split(".")[0]!))].map((group) => ({
    group,
    fields: sources.filter((source) => source.startsWith(`${group}.`)),
  }));
  return (
    <li className="mapping-card rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-mapping-row={row.field || `new-${index}`}>
      <div className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,10rem)]">
        <Labelled id={id("field")} label={t("mapping.theirField")} error={errors?.field}>
          <input id={id("field")} name={name("field")} defaultValue={row.field} className={small} placeholder="properties.firstname" {...invalid("field")} />
        </Labelled>
        {/* The custom path field hides itself by CSS (:has) unless "Custom" is chosen, so this works without JavaScript too. */}
        <div className="min-w-0 space-y-2 [&:not(:has(option[value=custom]:checked))_[data-custom-source]]:hidden" data-source-choice="">
          <Labelled id={id("source")} label={t("mapping.ourField")} error={errors?.source}>
            <select id={id("source")} name={name("source")} defaultValue={choice} className={small} {...invalid("source")}>
              <option value="">{t("mapping.chooseSource")}</option>
              {groups.map(({ group, fields }) => (
                <optgroup key={group} label={t(`mapping.sourceGroups.${group}`, { defaultValue: group })}>
                  {fields.map((source) => (
                    <option key={source} value={source}>
                      {source}
                    </option>
                  ))}
                </optgroup>
              ))}
              <option value={CUSTOM_SOURCE}>{t("mapping.customSource")}</option>
            </select>
          </Labelled>
          <div data-custom-source="">
            <Labelled id={id("sourceCustom")} label={t("mapping.customSourcePath")}>
              <input
                id={id("sourceCustom")}
                name={name("sourceCustom")}
                defaultValue={custom}
                className={`${small} font-mono`}
                placeholder="call.extractedData.budget"
                {...(errors?.source ? { "aria-invalid": true as const, "aria-describedby": `${id("source")}-error` } : {})}
              />
            </Labelled>
          </div>
        </div>
        <Labelled id={id("transform")} label={t("mapping.transform")}>
          <select id={id("transform")} name={name("transform")} defaultValue={row.transform} className={small} data-transform="">
            {ROW_TRANSFORMS.map((transform) => (
              <option key={transform} value={transform}>
                {t(`mapping.transforms.${transform}`)}
              </option>
            ))}
          </select>
        </Labelled>
      </div>
      {problems.length > 0 ? (
        <ul className="mt-2 space-y-1 text-xs text-amber-800 dark:text-amber-200" data-testid="row-problems">
          {problems.map((problem) => (
            <li key={problem.code}>{t(`problems.${problem.code}`, { value: problem.value ?? "" })}</li>
          ))}
        </ul>
      ) : null}
      <details className="mt-2 text-sm" open={detailsOpen}>
        <summary className="cursor-pointer text-slate-600 dark:text-slate-300">{t("mapping.more")}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Labelled id={id("separator")} label={t("mapping.separator")} error={errors?.separator} forTransforms="split concat">
            <input id={id("separator")} name={name("separator")} defaultValue={row.separator} className={small} {...invalid("separator")} />
          </Labelled>
          <Labelled id={id("index")} label={t("mapping.index")} error={errors?.index} forTransforms="split">
            <input id={id("index")} name={name("index")} defaultValue={row.index} inputMode="numeric" className={small} {...invalid("index")} />
          </Labelled>
          <Labelled id={id("format")} label={t("mapping.format")} error={errors?.format} forTransforms="format">
            <select id={id("format")} name={name("format")} defaultValue={row.format} className={small} {...invalid("format")}>
              <option value="">—</option>
              {ROW_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {t(`mapping.formats.${format}`)}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id={id("fields")} label={t("mapping.concatFields")} error={errors?.fields} forTransforms="concat">
            <textarea id={id("fields")} name={name("fields")} defaultValue={row.fields} rows={2} className={small} {...invalid("fields")} />
          </Labelled>
          <Labelled id={id("table")} label={t("mapping.lookupTable")} error={errors?.table} forTransforms="lookup">
            <textarea
              id={id("table")}
              name={name("table")}
              defaultValue={row.table}
              rows={3}
              className={small}
              placeholder="demo = tour"
              {...invalid("table")}
            />
          </Labelled>
          <Labelled id={id("fallback")} label={t("mapping.fallback")} forTransforms="lookup">
            <input id={id("fallback")} name={name("fallback")} defaultValue={row.fallback} className={small} />
          </Labelled>
          <Labelled id={id("defaultValue")} label={t("mapping.defaultValue")}>
            <input id={id("defaultValue")} name={name("defaultValue")} defaultValue={row.defaultValue} className={small} />
          </Labelled>
          <div className="flex flex-col justify-end gap-2">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={name("required")} defaultChecked={row.required} className="h-4 w-4 shrink-0" />
              {t("mapping.required")}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={name("remove")} className="h-4 w-4 shrink-0" />
              {t("mapping.remove")}
            </label>
          </div>
        </div>
        {/* Regular expressions are for the few who need them (issue 27): behind their own disclosure, open when one is set or wrong. */}
        <details className="mt-3" open={Boolean(row.pattern || errors?.pattern)} data-advanced="">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">{t("mapping.advanced")}</summary>
          <div className="mt-2 max-w-md">
            <Labelled id={id("pattern")} label={t("mapping.pattern")} error={errors?.pattern}>
              <input id={id("pattern")} name={name("pattern")} defaultValue={row.pattern} className={`${small} font-mono`} {...invalid("pattern")} />
            </Labelled>
          </div>
        </details>
      </details>
    </li>
  );
}

export function MappingEditor({ data }: { data: MappingEditorData }) {
  const { t } = useTranslation("integrations");
  const saving = useIsPending({ intent: "save-mappings" });
  const checking = useIsPending({ intent: "validate-mappings" });
  const busy = saving || checking;
  const problemsOf = (field: string) => data.preview.problems.filter((problem) => problem.field === field);
  const failingOthers = data.preview.others.filter((record) => record.problems.length > 0);
  const problemCount = data.preview.problems.length + data.preview.schemaProblems.length + Object.keys(data.errors).length + failingOthers.length;
  return (
    <div className="space-y-4">
      <Tabs
        label={t("mapping.kindsLabel")}
        active={data.kind}
        tabs={(["contact", "appointment"] as const).map((kind) => ({
          value: kind,
          label: t(`mapping.kinds.${kind}`),
          to: integrationPaths.page(data.integrationId, "mappings", kind === "contact" ? {} : { kind }),
        }))}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel title={t("mapping.title")}>
          <Form method="post" className="space-y-4" id="mapping-form">
            <input type="hidden" name="kind" value={data.kind} />
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("mapping.intro")}</p>
            <ol className="space-y-3" data-testid="mapping-rows">
              {data.rows.map((row, index) => (
                <RowCard
                  key={`${data.kind}-${index}`}
                  row={row}
                  index={index}
                  errors={data.errors[index]}
                  problems={problemsOf(row.field)}
                  sources={data.sources}
                />
              ))}
            </ol>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t("mapping.newRowHint")}</p>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="validate-mappings" variant="secondary" disabled={busy}>
                {t("mapping.validate")}
              </Button>
              {data.canUpdate ? (
                <Button type="submit" name="intent" value="save-mappings" disabled={busy}>
                  {t("mapping.save")}
                </Button>
              ) : null}
            </div>
            {data.unsaved ? (
              <p
                role="status"
                className={
                  problemCount ? "text-sm font-medium text-amber-800 dark:text-amber-200" : "text-sm font-medium text-emerald-700 dark:text-emerald-300"
                }
                data-testid="mapping-check-summary"
              >
                {problemCount ? t("mapping.checkedProblems", { count: problemCount }) : t("mapping.checkedFine")}
              </p>
            ) : null}
          </Form>
        </Panel>
        <Panel title={t("mapping.previewTitle")} className="xl:sticky xl:top-20 xl:self-start">
          <div className="space-y-3 text-sm" data-testid="mapping-preview">
            {data.unsaved ? <Notice tone="warning">{t("mapping.unsaved")}</Notice> : null}
            <p className="text-slate-600 dark:text-slate-300">{data.sampleLabel ? t("mapping.sample", { record: data.sampleLabel }) : t("mapping.noSample")}</p>
            {data.preview.endpointName ? (
              <p className="text-slate-600 dark:text-slate-300">{t("mapping.checkedAgainst", { endpoint: data.preview.endpointName })}</p>
            ) : null}
            {problemCount === 0 ? (
              <p className="font-medium text-emerald-700 dark:text-emerald-300" data-testid="mapping-valid">
                {t("mapping.valid")}
              </p>
            ) : (
              <div data-testid="mapping-problems">
                <p className="font-medium text-amber-800 dark:text-amber-200">{t("mapping.problems", { count: problemCount })}</p>
                <ul className="mt-1 list-disc space-y-1 pl-5">
                  {data.preview.problems.map((problem) => (
                    <li key={`${problem.field}-${problem.code}`}>
                      <code className="break-all">{problem.field}</code>: {t(`problems.${problem.code}`, { value: problem.value ?? "" })}
                    </li>
                  ))}
                  {data.preview.schemaProblems.map((problem) => (
                    <li key={`${problem.path}-${problem.message}`}>
                      <code className="break-all">{problem.path}</code>: {problem.message}
                    </li>
                  ))}
                  {Object.keys(data.errors).length > 0 ? <li>{t("mapping.rowErrors", { count: Object.keys(data.errors).length })}</li> : null}
                </ul>
              </div>
            )}
            {data.preview.others.length > 0 ? (
              <div data-testid="mapping-others">
                <p className="text-slate-600 dark:text-slate-300">
                  {t("mapping.others", { count: data.preview.others.length, failing: failingOthers.length })}
                </p>
                {failingOthers.length > 0 ? (
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-amber-800 dark:text-amber-200">
                    {failingOthers.map((record) => (
                      <li key={record.label}>
                        {record.label}:{" "}
                        {record.problems
                          .map((problem) => `${problem.field} (${t(`problems.${problem.code}`, { value: "", defaultValue: problem.code })})`)
                          .join(", ")}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
            <pre
              className="max-h-[28rem] overflow-auto whitespace-pre-wrap break-all rounded-md bg-slate-50 p-3 font-mono text-xs dark:bg-slate-800"
              data-testid="mapping-payload"
            >
              {data.preview.payload}
            </pre>
            <Link to={integrationPaths.page(data.integrationId, "endpoints")} className="text-primary-dark underline dark:text-primary">
              {t("mapping.toEndpoints")}
            </Link>
          </div>
        </Panel>
      </div>
    </div>
  );
}
