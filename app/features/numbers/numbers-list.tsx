import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { cn } from "~/components/ui/cn";
import { Panel } from "~/components/ui/panel";
import { formatPhoneForDisplay } from "~/features/phone/phone";
import { formatDate } from "~/i18n/format";
import { DeleteNumberAction } from "./delete-number";
import type { TenantNumber } from "./numbers.server";
import { assignFormId, AssignKnowledgeBaseSchema, MAX_LABEL_LENGTH, renameFormId, RenameNumberSchema, type NumberIntent } from "./schemas";

export type NumberListItem = TenantNumber;

export interface RowReply {
  intent: NumberIntent;
  id?: string;
  result: SubmissionResult<string[]>;
}

type LastResult = SubmissionResult<string[]> | undefined;

function useSubmitting(intent: NumberIntent, id: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData.get("id") === id;
}

/**
 * The tenant's numbers: each row shows the number as people read it, its
 * label, how many knowledge bases it has and which one answers on it, and
 * when it was added (in the tenant's time zone). Every change is a plain form
 * post on this page, so all of it works without JavaScript.
 */
export function NumbersTable({
  numbers,
  timeZone,
  reply,
  canUpdate,
  canDelete,
  canOpenKnowledgeBases,
}: {
  numbers: NumberListItem[];
  timeZone: string;
  reply: RowReply | undefined;
  canUpdate: boolean;
  canDelete: boolean;
  canOpenKnowledgeBases: boolean;
}) {
  const { t } = useTranslation("numbers");
  const replyFor = (intent: NumberIntent, id: string) => (reply?.intent === intent && reply.id === id ? reply.result : undefined);
  return (
    <Panel title={t("list.title")}>
      {numbers.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("list.empty")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm" data-testid="numbers-table">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">{t("list.number")}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t("list.label")}</th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">{t("list.knowledgeBases")}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t("list.assigned")}</th>
                <th scope="col" className="py-2 pr-4 font-medium">{t("list.added")}</th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">{t("list.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {numbers.map((number) => (
                <NumberRow
                  key={number.id}
                  number={number}
                  timeZone={timeZone}
                  renameResult={replyFor("rename", number.id)}
                  assignResult={replyFor("assign", number.id)}
                  canUpdate={canUpdate}
                  canDelete={canDelete}
                  canOpenKnowledgeBases={canOpenKnowledgeBases}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

function NumberRow({
  number,
  timeZone,
  renameResult,
  assignResult,
  canUpdate,
  canDelete,
  canOpenKnowledgeBases,
}: {
  number: NumberListItem;
  timeZone: string;
  renameResult: LastResult;
  assignResult: LastResult;
  canUpdate: boolean;
  canDelete: boolean;
  canOpenKnowledgeBases: boolean;
}) {
  const { t, i18n } = useTranslation("numbers");
  const display = formatPhoneForDisplay(number.e164);
  const assigned = number.knowledgeBases.find((kb) => kb.isDefault);
  return (
    <tr data-testid="number-row" data-e164={number.e164} className="align-top">
      <th scope="row" className="whitespace-nowrap py-3 pr-4 font-medium">
        {display}
      </th>
      <td className="py-3 pr-4">
        {number.label ? <span>{number.label}</span> : <span className="text-slate-500 dark:text-slate-400">{t("list.noLabel")}</span>}
        {canUpdate ? <RenameForm key={number.label} number={number} display={display} lastResult={renameResult} /> : null}
      </td>
      <td className="py-3 pr-4 text-right tabular-nums">{number.knowledgeBases.length}</td>
      <td className="py-3 pr-4">
        {number.knowledgeBases.length === 0 ? (
          <span className="text-slate-600 dark:text-slate-300">
            {t("list.noKnowledgeBases")}
            {canOpenKnowledgeBases ? (
              <>
                {" "}
                <Link to="/knowledge-base" className="text-primary-dark underline dark:text-primary">
                  {t("list.createKnowledgeBase")}
                </Link>
              </>
            ) : null}
          </span>
        ) : canUpdate ? (
          <AssignForm key={assigned?.id ?? ""} number={number} display={display} lastResult={assignResult} />
        ) : (
          <span>{assigned?.name ?? t("list.notAssigned")}</span>
        )}
      </td>
      <td className="whitespace-nowrap py-3 pr-4">
        <time dateTime={number.createdAt}>{formatDate(number.createdAt, i18n.language, timeZone)}</time>
      </td>
      <td className="py-3">{canDelete ? <DeleteNumberAction number={number} display={display} /> : null}</td>
    </tr>
  );
}

function RenameForm({ number, display, lastResult }: { number: NumberListItem; display: string; lastResult: LastResult }) {
  const { t } = useTranslation("numbers");
  const submitting = useSubmitting("rename", number.id);
  const [form, fields] = useForm({
    id: renameFormId(number.id),
    lastResult,
    defaultValue: { id: number.id, label: number.label },
    constraint: getZodConstraint(RenameNumberSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameNumberSchema }),
    shouldRevalidate: "onInput",
  });
  const invalid = Boolean(fields.label.errors?.length);
  return (
    // Open after a failed save, so the message and what was typed are in view.
    <details className="mt-1" open={invalid || undefined}>
      <summary className="cursor-pointer text-xs text-primary-dark underline dark:text-primary">{t("rename.open")}</summary>
      <Form method="post" {...getFormProps(form)} className="mt-2 flex flex-wrap items-start gap-2">
        <input type="hidden" name="intent" value="rename" />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <label htmlFor={fields.label.id} className="sr-only">
          {t("rename.label", { number: display })}
        </label>
        <div className="min-w-[10rem] flex-1 space-y-1">
          <input
            {...getInputProps(fields.label, { type: "text" })}
            maxLength={MAX_LABEL_LENGTH}
            className={cn(inputClass, "py-1")}
          />
          <FieldErrors id={fields.label.errorId} errors={fields.label.errors} t={t} />
        </div>
        <Button type="submit" variant="secondary" className="px-3 py-1" disabled={submitting}>
          {t("rename.submit")}
        </Button>
      </Form>
    </details>
  );
}

function AssignForm({ number, display, lastResult }: { number: NumberListItem; display: string; lastResult: LastResult }) {
  const { t } = useTranslation("numbers");
  const submitting = useSubmitting("assign", number.id);
  const assigned = number.knowledgeBases.find((kb) => kb.isDefault);
  const [form, fields] = useForm({
    id: assignFormId(number.id),
    lastResult,
    defaultValue: { id: number.id, knowledgeBaseId: assigned?.id ?? "" },
    constraint: getZodConstraint(AssignKnowledgeBaseSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AssignKnowledgeBaseSchema }),
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-start gap-2">
      <input type="hidden" name="intent" value="assign" />
      <input {...getInputProps(fields.id, { type: "hidden" })} />
      <label htmlFor={fields.knowledgeBaseId.id} className="sr-only">
        {t("assign.label", { number: display })}
      </label>
      <div className="min-w-[10rem] flex-1 space-y-1">
        <select
          {...getSelectProps(fields.knowledgeBaseId)}
          className={cn(inputClass, "py-1")}
        >
          {assigned ? null : <option value="">{t("assign.placeholder")}</option>}
          {number.knowledgeBases.map((kb) => (
            <option key={kb.id} value={kb.id}>
              {kb.name}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.knowledgeBaseId.errorId} errors={fields.knowledgeBaseId.errors} t={t} />
      </div>
      <Button type="submit" variant="secondary" className="px-3 py-1" disabled={submitting}>
        {t("assign.submit")}
      </Button>
    </Form>
  );
}
