import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { formatDateTime } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainTextareaProps, usePlainForm } from "~/lib/forms/plain-form";
import type { NoteFields } from "../schemas";
import type { ActionReply } from "./ticket-forms";

export interface NoteView {
  id: string;
  body: string;
  at: string;
  /** Null author: written by a member who has left (name null) or never by the app. */
  author: { id: string; name: string | null } | null;
}

/** The internal notes thread, oldest first, and (for those who work tickets) the form that adds one. */
export function NotesPanel({
  notes,
  timeZone,
  canWrite,
  constraint,
  reply,
  returnTo,
}: {
  notes: NoteView[];
  timeZone: string;
  canWrite: boolean;
  constraint: FormConstraint;
  reply?: ActionReply;
  returnTo: string;
}) {
  const { t, i18n } = useTranslation("service-desk");
  const lastResult = reply?.intent === "note" ? (reply.result ?? undefined) : undefined;
  const [form, fields] = usePlainForm<NoteFields>({ id: "ticket-note", lastResult, constraint });
  const pending = useIsPending({ intent: "note" });
  return (
    <Panel title={t("notes.title")}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("notes.internal")}</p>
        {notes.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("notes.none")}</p>
        ) : (
          <ol className="space-y-3" data-testid="ticket-notes">
            {notes.map((note) => (
              <li key={note.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
                <p className="mb-1 flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-300">
                  <span className="font-medium text-slate-800 dark:text-slate-100">{note.author?.name ?? t("activity.formerMember")}</span>
                  <time dateTime={note.at}>{formatDateTime(note.at, i18n.language, timeZone)}</time>
                </p>
                <p className="whitespace-pre-line break-words text-sm">{note.body}</p>
              </li>
            ))}
          </ol>
        )}
        {canWrite ? (
          <Form method="post" {...plainFormProps(form)} className="space-y-2">
            <FormErrors errors={form.errors} namespace="service-desk" />
            <TextareaField
              label={t("notes.add")}
              errors={fields.body.errors}
              namespace="service-desk"
              textareaProps={{ ...plainTextareaProps(fields.body), rows: 3 }}
            />
            <input type="hidden" name="intent" value="note" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <Button type="submit" loading={pending}>
              {t("notes.submit")}
            </Button>
          </Form>
        ) : null}
      </div>
    </Panel>
  );
}
