import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { knowledgeListHref, newKnowledgeBaseHref } from "~/features/knowledge/list-params";
import { formatDate } from "~/i18n/format";
import { QuotaLine, type Quota } from "./add-number";
import { EDIT_LABEL_PARAM, NUMBERS_PATH } from "./list-url";
import { NumberRowActions } from "./row-actions";
import type { TenantNumber } from "./numbers.server";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { selectRequirement } from "~/lib/forms/input-attributes";
import { plainFormProps, plainInputProps, plainSelectProps, usePlainForm } from "~/lib/forms/plain-form";
import { assignAgentFormId, assignFormId, MAX_LABEL_LENGTH, renameFormId, type NumberIntent } from "./number-forms";
import type { AssignAgentFields, AssignKnowledgeBaseFields, RenameNumberFields } from "./schemas";

export type NumberListItem = TenantNumber;

export interface RowReply {
  intent: NumberIntent;
  id?: string;
  result: SubmissionResult<string[]>;
}

type LastResult = SubmissionResult<string[]> | undefined;

/** The row forms' HTML constraints, from the loader. */
export interface RowFormConstraints {
  rename: FormConstraint;
  assign: FormConstraint;
  assignAgent: FormConstraint;
}

/** A published agent a number can be answered by. */
export interface AgentChoice {
  id: string;
  name: string;
  version: number;
}

/** One row's form of this intent is on its way to the server (every row has its own). */
function useRowPending(intent: NumberIntent, id: string) {
  const pending = useIsPending({ intent });
  const navigation = useNavigation();
  return pending && navigation.formData?.get("id") === id;
}

/**
 * The tenant's numbers: the plan's quota above a one-line-per-number table
 * (the number as people read it, its label, how many knowledge bases it has
 * and which one answers on it, when it was added in the tenant's time zone)
 * with each number's actions in a menu. Every change is a link or a plain
 * form post on this page, so all of it works without JavaScript.
 */
export function NumbersListPanel({
  numbers,
  timeZone,
  quota,
  reply,
  constraints,
  canUpdate,
  canDelete,
  canOpenKnowledgeBases,
  agents,
  emptyHint,
}: {
  agents: AgentChoice[];
  numbers: NumberListItem[];
  timeZone: string;
  quota: Quota;
  reply: RowReply | undefined;
  constraints: RowFormConstraints;
  canUpdate: boolean;
  canDelete: boolean;
  canOpenKnowledgeBases: boolean;
  /** What to do about an empty list, when the user may add numbers. */
  emptyHint?: ReactNode;
}) {
  const { t } = useTranslation("numbers");
  return (
    <Panel className="p-0 sm:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="text-base font-semibold">{t("list.title")}</h2>
        <QuotaLine quota={quota} />
      </div>
      {numbers.length === 0 ? (
        <div className="p-4">
          <EmptyState title={t("list.empty")}>{emptyHint}</EmptyState>
        </div>
      ) : (
        <div className="max-sm:p-3">
          <NumbersTable
            numbers={numbers}
            timeZone={timeZone}
            reply={reply}
            constraints={constraints}
            canUpdate={canUpdate}
            canDelete={canDelete}
            canOpenKnowledgeBases={canOpenKnowledgeBases}
            agents={agents}
          />
        </div>
      )}
    </Panel>
  );
}

function NumbersTable({
  numbers,
  timeZone,
  reply,
  constraints,
  canUpdate,
  canDelete,
  canOpenKnowledgeBases,
  agents,
}: {
  agents: AgentChoice[];
  numbers: NumberListItem[];
  timeZone: string;
  reply: RowReply | undefined;
  constraints: RowFormConstraints;
  canUpdate: boolean;
  canDelete: boolean;
  canOpenKnowledgeBases: boolean;
}) {
  const { t, i18n } = useTranslation("numbers");
  const [searchParams] = useSearchParams();
  const replyFor = (intent: NumberIntent, id: string) => (reply?.intent === intent && reply.id === id ? reply.result : undefined);
  // Open after a failed save too, so the message and what was typed stay in view.
  const isEditing = (number: NumberListItem) => canUpdate && (searchParams.get(EDIT_LABEL_PARAM) === number.id || replyFor("rename", number.id) !== undefined);
  const muted = (text: string) => <span className="text-slate-500 dark:text-slate-400">{text}</span>;

  const knowledgeBaseCell = (number: NumberListItem) => {
    const display = number.display;
    const assigned = number.knowledgeBases.find((kb) => kb.isDefault);
    if (number.knowledgeBases.length === 0) {
      return (
        <span className="text-slate-600 dark:text-slate-300">
          {t("list.noKnowledgeBases")}
          {canOpenKnowledgeBases ? (
            <>
              {" "}
              <Link
                to={newKnowledgeBaseHref(number.id)}
                aria-label={t("list.createKnowledgeBaseFor", { number: display })}
                className="text-primary-dark underline dark:text-primary"
              >
                {t("list.createKnowledgeBase")}
              </Link>
            </>
          ) : null}
        </span>
      );
    }
    // A choice only where there is one: a single knowledge base that already answers is just named.
    if (canUpdate && (number.knowledgeBases.length > 1 || !assigned)) {
      return (
        <AssignForm key={assigned?.id ?? ""} number={number} display={display} lastResult={replyFor("assign", number.id)} constraint={constraints.assign} />
      );
    }
    return assigned ? (
      <span title={assigned.name} className="block max-w-[14rem] truncate max-sm:max-w-none">
        {assigned.name}
      </span>
    ) : (
      muted(t("list.notAssigned"))
    );
  };
  /** The agent answering the number's inbound calls (docs/product/agents.md#assignment), under its knowledge base. */
  const agentCell = (number: NumberListItem) => {
    const current = agents.find((agent) => agent.id === number.agentId);
    if (canUpdate && (agents.length > 0 || number.agentId))
      return (
        <AgentForm
          key={number.agentId ?? ""}
          number={number}
          display={number.display}
          agents={agents}
          lastResult={replyFor("assign-agent", number.id)}
          constraint={constraints.assignAgent}
        />
      );
    return current ? <span>{t("list.agentNamed", { name: current.name })}</span> : muted(t("list.noAgent"));
  };

  const columns: Array<DataColumn<NumberListItem>> = [
    {
      id: "number",
      header: t("list.number"),
      primary: true,
      rowHeader: true,
      cell: (number) => number.display,
    },
    {
      id: "label",
      header: t("list.label"),
      className: wrapOnPhone,
      cell: (number) =>
        number.label ? (
          <span title={number.label} className="block max-w-[14rem] truncate max-sm:max-w-none">
            {number.label}
          </span>
        ) : (
          muted(t("list.noLabel"))
        ),
    },
    { id: "knowledgeBases", header: t("list.knowledgeBases"), align: "end", cell: (number) => number.knowledgeBases.length },
    {
      id: "assigned",
      header: t("list.assigned"),
      className: wrapOnPhone,
      cell: (number) => (
        <div className="space-y-2">
          {knowledgeBaseCell(number)}
          {agentCell(number)}
        </div>
      ),
    },
    {
      id: "added",
      header: t("list.added"),
      cell: (number) => <time dateTime={number.createdAt}>{formatDate(number.createdAt, i18n.language, timeZone)}</time>,
    },
  ];

  return (
    <DataTable
      data-testid="numbers-table"
      caption={t("list.title")}
      columns={columns}
      rows={numbers}
      rowKey={(number) => number.id}
      rowData={(number) => ({ "data-testid": "number-row", "data-e164": number.e164 })}
      // The label being edited gets a line of its own under its row, so the row itself stays one line.
      rowDetail={(number) =>
        isEditing(number) ? (
          <RenameForm key={number.label} number={number} display={number.display} lastResult={replyFor("rename", number.id)} constraint={constraints.rename} />
        ) : null
      }
      actions={{
        header: t("list.actions"),
        cell: (number) => (
          <NumberRowActions
            number={number}
            display={number.display}
            canUpdate={canUpdate}
            canDelete={canDelete}
            knowledgeBasesHref={canOpenKnowledgeBases ? knowledgeListHref({ number: number.id }) : null}
          />
        ),
      }}
    />
  );
}

/** On a phone's card a form, or a value too long for the line, goes under its label instead of pushing the card wider; words stay whole. */
const wrapOnPhone = "max-sm:flex-wrap max-sm:[overflow-wrap:normal]";

/** Fields sized to sit inside a table row. */
const compactControl = cn(inputClass, "h-8 py-1");

interface RowFormProps {
  number: NumberListItem;
  display: string;
  lastResult: LastResult;
  constraint: FormConstraint;
}

function RenameForm({ number, display, lastResult, constraint }: RowFormProps) {
  const { t } = useTranslation("numbers");
  const submitting = useRowPending("rename", number.id);
  const [form, fields] = usePlainForm<RenameNumberFields>({
    id: renameFormId(number.id),
    lastResult,
    defaultValue: { id: number.id, label: number.label },
    constraint,
  });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-1 rounded-md bg-slate-50 p-3 dark:bg-slate-800/60">
      <input type="hidden" name="intent" value="rename" />
      <input {...plainInputProps(fields.id, { type: "hidden" })} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <label htmlFor={fields.label.id} className="text-sm font-medium max-sm:w-full">
          {t("rename.label", { number: display })}
        </label>
        {/* The user asked to edit this label (from the row's menu), so the caret goes straight there. */}
        <input
          {...plainInputProps(fields.label, { type: "text" })}
          autoFocus
          maxLength={MAX_LABEL_LENGTH}
          className={cn(compactControl, "w-64 min-w-0 max-sm:flex-1")}
        />
        <Button type="submit" variant="secondary" size="sm" loading={submitting}>
          {t("rename.submit")}
        </Button>
        <Link to={NUMBERS_PATH} className={buttonClass("ghost", undefined, "sm")}>
          {t("rename.cancel")}
        </Link>
      </div>
      <FieldErrors id={fields.label.errorId} errors={fields.label.errors} t={t} />
    </Form>
  );
}

/** The agent answering the number's inbound calls (docs/product/agents.md#assignment): a choice of the published agents, or none. */
function AgentForm({ number, display, agents, lastResult, constraint }: RowFormProps & { agents: AgentChoice[] }) {
  const { t } = useTranslation("numbers");
  const submitting = useRowPending("assign-agent", number.id);
  const [form, fields] = usePlainForm<AssignAgentFields>({
    id: assignAgentFormId(number.id),
    lastResult,
    defaultValue: { id: number.id, agentId: number.agentId ?? "" },
    constraint,
  });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-1 whitespace-normal text-left max-sm:w-full">
      <input type="hidden" name="intent" value="assign-agent" />
      <input {...plainInputProps(fields.id, { type: "hidden" })} />
      <label htmlFor={fields.agentId.id} className="sr-only">
        {t("agent.label", { number: display })}
      </label>
      <div className="flex items-center gap-2">
        <select {...plainSelectProps(fields.agentId)} className={cn(compactControl, "w-40 min-w-0 truncate max-sm:flex-1")}>
          <option value="">{t("agent.none")}</option>
          {agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {t("agent.option", { name: agent.name, version: agent.version })}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" size="sm" loading={submitting}>
          {t("agent.submit")}
        </Button>
      </div>
      <FieldErrors id={fields.agentId.errorId} errors={fields.agentId.errors} t={t} />
    </Form>
  );
}

function AssignForm({ number, display, lastResult, constraint }: RowFormProps) {
  const { t } = useTranslation("numbers");
  const submitting = useRowPending("assign", number.id);
  const assigned = number.knowledgeBases.find((kb) => kb.isDefault);
  const [form, fields] = usePlainForm<AssignKnowledgeBaseFields>({
    id: assignFormId(number.id),
    lastResult,
    defaultValue: { id: number.id, knowledgeBaseId: assigned?.id ?? "" },
    constraint,
  });
  const { required, ...knowledgeBaseSelect } = plainSelectProps(fields.knowledgeBaseId);
  // The placeholder option is there only while no knowledge base is assigned.
  const requirement = selectRequirement(required, assigned ? number.knowledgeBases[0]?.id : "");
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-1 whitespace-normal text-left max-sm:w-full">
      <input type="hidden" name="intent" value="assign" />
      <input {...plainInputProps(fields.id, { type: "hidden" })} />
      <label htmlFor={fields.knowledgeBaseId.id} className="sr-only">
        {t("assign.label", { number: display })}
      </label>
      <div className="flex items-center gap-2">
        <select {...knowledgeBaseSelect} {...requirement} className={cn(compactControl, "w-40 min-w-0 truncate max-sm:flex-1")}>
          {assigned ? null : <option value="">{t("assign.placeholder")}</option>}
          {number.knowledgeBases.map((kb) => (
            <option key={kb.id} value={kb.id}>
              {kb.name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" size="sm" loading={submitting}>
          {t("assign.submit")}
        </Button>
      </div>
      <FieldErrors id={fields.knowledgeBaseId.errorId} errors={fields.knowledgeBaseId.errors} t={t} />
    </Form>
  );
}
