import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { FormErrors, formWidthClass, SelectField, TextField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatNumber } from "~/i18n/format";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import { NEW_LIST } from "./import-forms";
import type { PreviewView } from "./import-page.server";
import type { StartImportFields } from "./schemas";

export type StartImportReply = { intent: "start-import"; result: SubmissionResult<string[]>; values: Record<string, string | number> };

/** The last step's form: which list the contacts go into (an existing one or a new one), and the button that starts the import. */
export function StartImportForm({
  importId,
  view,
  here,
  reply,
  listNameMaxLength,
  constraint,
}: {
  importId: string;
  view: PreviewView;
  here: string;
  reply: StartImportReply | undefined;
  listNameMaxLength: number;
  /** The form's HTML constraints, from the loader. */
  constraint: FormConstraint;
}) {
  const { t, i18n } = useTranslation("imports");
  const starting = useIsPending({ intent: "start-import", formAction: here });
  const [form, fields] = usePlainForm<StartImportFields>({
    id: `import-${importId}-start`,
    lastResult: reply?.result,
    defaultValue: { listId: view.selectedListId ?? "", newListName: "" },
    constraint,
  });
  const n = (value: number) => formatNumber(value, i18n.language);
  const skipped = view.counts.exists + view.counts.duplicate;
  const messageValues = { max: listNameMaxLength, ...reply?.values };
  return (
    <Panel title={t("start.heading")}>
      <Form method="post" action={here} {...plainFormProps(form)} className={`${formWidthClass} space-y-4`}>
        <FormErrors errors={form.errors} namespace="imports" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("start.list")}
            errors={fields.listId.errors}
            namespace="imports"
            messageValues={messageValues}
            selectProps={plainSelectProps(fields.listId)}
            options={[
              { value: "", label: t("start.choose") },
              ...view.lists.map((list) => ({ value: list.id, label: list.name })),
              { value: NEW_LIST, label: t("start.newList") },
            ]}
          />
          <TextField
            label={t("start.newListName")}
            hint={t("start.newListHint")}
            errors={fields.newListName.errors}
            namespace="imports"
            messageValues={messageValues}
            inputProps={{ ...plainInputProps(fields.newListName, { type: "text" }), autoComplete: "off" }}
          />
        </div>
        {skipped > 0 || view.counts.invalid > 0 ? (
          <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
            {skipped > 0 ? <li>{t("start.skipped", { count: skipped, formatted: n(skipped) })}</li> : null}
            {view.counts.invalid > 0 ? (
              <li className="text-red-700 dark:text-red-400">{t("start.invalidLeft", { count: view.counts.invalid, formatted: n(view.counts.invalid) })}</li>
            ) : null}
          </ul>
        ) : null}
        {/* Not first: the form's spacing goes by its first child. */}
        <input type="hidden" name="intent" value="start-import" />
        <Button type="submit" loading={starting}>
          {starting ? t("start.starting") : t("start.submit", { count: view.counts.valid, formatted: n(view.counts.valid) })}
        </Button>
      </Form>
    </Panel>
  );
}
