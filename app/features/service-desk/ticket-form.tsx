import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/components/ui/button";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, plainTextareaProps, usePlainForm } from "~/lib/forms/plain-form";
import type { ContactChoices } from "./contact-choices.server";
import { ContactPicker } from "./contact-picker";
import { deskPaths } from "./list-params";
import type { NewTicketFields } from "./schemas";
import { ROUND_ROBIN, ticketLabel, TICKET_PRIORITIES } from "./ticket-rules";

/**
 * The new-ticket form: a plain form posting to its own page, so it works
 * without JavaScript; a refused submission comes back with what was typed
 * and each message at its field. The assignee is offered to those who may
 * work tickets: nobody, the round robin among the available members, or a member.
 */
export function NewTicketForm({
  lastResult,
  defaultValue,
  constraint,
  contacts,
  members,
  existing,
  returnTo,
  submitting,
}: {
  lastResult?: SubmissionResult<string[]>;
  defaultValue: Partial<Record<keyof NewTicketFields, string>>;
  constraint: FormConstraint;
  contacts: ContactChoices;
  /** Null: the user may create but not assign. */
  members: Array<{ id: string; name: string; available: boolean }> | null;
  /** The ticket the call already has, when the server refused a second one. */
  existing: { id: string; number: number } | null;
  returnTo: string;
  submitting: boolean;
}) {
  const { t } = useTranslation("service-desk");
  const formId = "ticket-create";
  const [form, fields] = usePlainForm<NewTicketFields>({ id: formId, lastResult, defaultValue, constraint });
  return (
    // No action: the form posts to the page's own URL, query included, so a refused submission keeps the way back.
    <Form method="post" {...plainFormProps(form)} className="space-y-5">
      <FormErrors errors={form.errors} namespace="service-desk" />
      {existing ? (
        <p className="text-sm">
          <Link to={deskPaths.ticket(existing.id)} className="font-medium underline" data-testid="existing-ticket">
            {t("new.openExisting", { ticket: ticketLabel(existing.number) })}
          </Link>
        </p>
      ) : null}
      <TextField
        label={t("fields.subject")}
        errors={fields.subject.errors}
        namespace="service-desk"
        inputProps={{ ...plainInputProps(fields.subject, { type: "text" }), autoComplete: "off" }}
      />
      <TextareaField
        label={t("fields.description")}
        errors={fields.description.errors}
        namespace="service-desk"
        textareaProps={{ ...plainTextareaProps(fields.description), rows: 5 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("fields.priority")}
          errors={fields.priority.errors}
          namespace="service-desk"
          selectProps={plainSelectProps(fields.priority)}
          options={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))}
        />
        {members ? (
          <SelectField
            label={t("fields.assignee")}
            errors={fields.assignee.errors}
            namespace="service-desk"
            selectProps={plainSelectProps(fields.assignee)}
            options={assigneeOptions(members, t)}
          />
        ) : null}
      </div>
      <TextField
        label={t("fields.tags")}
        errors={fields.tags.errors}
        namespace="service-desk"
        hint={t("fields.tagsHint")}
        inputProps={{ ...plainInputProps(fields.tags, { type: "text" }), autoComplete: "off" }}
      />
      {/* The form's default button (Enter in a field saves): before the contact search's submit button. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("new.submit")}
      </button>
      <ContactPicker field={fields.contactId} contacts={contacts} formId={formId} />
      {defaultValue.callId ? <input type="hidden" name="callId" value={defaultValue.callId} /> : null}
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={submitting}>
          {submitting ? t("form.saving") : t("new.submit")}
        </Button>
        <Link to={returnTo} className={buttonClass("secondary")}>
          {t("form.cancel")}
        </Link>
      </div>
    </Form>
  );
}

/** Nobody, the round robin (with how many are available), then each member, the available ones marked. */
export function assigneeOptions(
  members: Array<{ id: string; name: string; available: boolean }>,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const available = members.filter((member) => member.available).length;
  return [
    { value: "", label: t("fields.unassigned") },
    { value: ROUND_ROBIN, label: t("fields.roundRobin", { count: available }) },
    ...members.map((member) => ({ value: member.id, label: member.available ? t("fields.memberAvailable", { name: member.name }) : member.name })),
  ];
}
