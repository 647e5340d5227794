import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { TicketPriority, TicketStatus } from "~/db/schema";
import { useTranslation } from "~/i18n/react";
import type { FormConstraint } from "~/lib/forms/form-constraint";
import { plainFormProps, plainInputProps, plainSelectProps, plainTextareaProps, usePlainForm } from "~/lib/forms/plain-form";
import type { ContactChoices } from "../contact-choices.server";
import { ContactPicker } from "../contact-picker";
import type { AssignFields, ContactFields, DetailsFields, PriorityFields, StatusFields, TagsFields } from "../schemas";
import { assigneeOptions } from "../ticket-form";
import { formatTags, STATUS_TRANSITIONS, TICKET_PRIORITIES } from "../ticket-rules";
import type { TicketIntent } from "./ticket-actions.server";

/**
 * The ticket page's small forms, one intent each, all posting to the page:
 * without JavaScript each is a plain form post and the page comes back; a
 * refusal shows at its field in the form that sent it (`reply` is the
 * action's answer when it was for this form's intent).
 */

export interface ActionReply {
  intent: TicketIntent | null;
  result: SubmissionResult<string[]> | null;
}

const replyFor = (reply: ActionReply | undefined, ...intents: TicketIntent[]) =>
  reply && reply.intent && intents.includes(reply.intent) ? (reply.result ?? undefined) : undefined;

function Hidden({ intent, returnTo }: { intent: TicketIntent; returnTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
}

/** A field and its button on one line, the button level with the control whatever hint follows it (they wrap on a phone). */
function Row({ children, button }: { children: ReactNode; button: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
      <div className="min-w-0 flex-1 basis-40">{children}</div>
      <div className="pt-6">{button}</div>
    </div>
  );
}

export function StatusForm({ status, reply, returnTo }: { status: TicketStatus; reply?: ActionReply; returnTo: string }) {
  const { t } = useTranslation("service-desk");
  const next = STATUS_TRANSITIONS[status];
  const [form, fields] = usePlainForm<StatusFields>({ id: "ticket-status", lastResult: replyFor(reply, "status"), defaultValue: { status: next[0] } });
  const pending = useIsPending({ intent: "status" });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-2">
      <FormErrors errors={form.errors} namespace="service-desk" />
      <Row
        button={
          <Button type="submit" variant="secondary" loading={pending}>
            {t("detail.changeStatus")}
          </Button>
        }
      >
        <SelectField
          label={t("detail.moveTo")}
          errors={fields.status.errors}
          namespace="service-desk"
          selectProps={plainSelectProps(fields.status)}
          options={next.map((value) => ({ value, label: t(`status.${value}`) }))}
        />
      </Row>
      <Hidden intent="status" returnTo={returnTo} />
    </Form>
  );
}

export function PriorityForm({ priority, reply, returnTo }: { priority: TicketPriority; reply?: ActionReply; returnTo: string }) {
  const { t } = useTranslation("service-desk");
  const [form, fields] = usePlainForm<PriorityFields>({ id: "ticket-priority", lastResult: replyFor(reply, "priority"), defaultValue: { priority } });
  const pending = useIsPending({ intent: "priority" });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-2">
      <FormErrors errors={form.errors} namespace="service-desk" />
      <Row
        button={
          <Button type="submit" variant="secondary" loading={pending}>
            {t("form.save")}
          </Button>
        }
      >
        <SelectField
          label={t("fields.priority")}
          hint={t("detail.priorityHint")}
          errors={fields.priority.errors}
          namespace="service-desk"
          selectProps={plainSelectProps(fields.priority)}
          options={TICKET_PRIORITIES.map((value) => ({ value, label: t(`priority.${value}`) }))}
        />
      </Row>
      <Hidden intent="priority" returnTo={returnTo} />
    </Form>
  );
}

/** Assign (a member, the round robin, nobody) and, for a member not holding it, "Take it". */
export function AssignForm({
  assigneeId,
  members,
  meId,
  reply,
  returnTo,
}: {
  assigneeId: string | null;
  members: Array<{ id: string; name: string; available: boolean }>;
  meId: string;
  reply?: ActionReply;
  returnTo: string;
}) {
  const { t } = useTranslation("service-desk");
  const [form, fields] = usePlainForm<AssignFields>({
    id: "ticket-assign",
    lastResult: replyFor(reply, "assign", "take"),
    defaultValue: { assignee: assigneeId ?? "" },
  });
  const pending = useIsPending({ intent: "assign" });
  const taking = useIsPending({ intent: "take" });
  const canTake = assigneeId !== meId && members.some((member) => member.id === meId);
  return (
    <div className="space-y-2">
      <Form method="post" {...plainFormProps(form)} className="space-y-2">
        <FormErrors errors={form.errors} namespace="service-desk" />
        <Row
          button={
            <Button type="submit" variant="secondary" loading={pending}>
              {t("detail.assign")}
            </Button>
          }
        >
          <SelectField
            label={t("fields.assignee")}
            errors={fields.assignee.errors}
            namespace="service-desk"
            selectProps={plainSelectProps(fields.assignee)}
            options={assigneeOptions(members, t)}
          />
        </Row>
        <Hidden intent="assign" returnTo={returnTo} />
      </Form>
      {canTake ? (
        <Form method="post">
          <Hidden intent="take" returnTo={returnTo} />
          <Button type="submit" loading={taking} data-testid="take-ticket">
            {t("detail.take")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export function TagsForm({ tags, reply, returnTo }: { tags: string[]; reply?: ActionReply; returnTo: string }) {
  const { t } = useTranslation("service-desk");
  const [form, fields] = usePlainForm<TagsFields>({ id: "ticket-tags", lastResult: replyFor(reply, "tags"), defaultValue: { tags: formatTags(tags) } });
  const pending = useIsPending({ intent: "tags" });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-2">
      <FormErrors errors={form.errors} namespace="service-desk" />
      <Row
        button={
          <Button type="submit" variant="secondary" loading={pending}>
            {t("form.save")}
          </Button>
        }
      >
        <TextField
          label={t("fields.tags")}
          hint={t("fields.tagsHint")}
          errors={fields.tags.errors}
          namespace="service-desk"
          inputProps={{ ...plainInputProps(fields.tags, { type: "text" }), autoComplete: "off" }}
        />
      </Row>
      <Hidden intent="tags" returnTo={returnTo} />
    </Form>
  );
}

export function ContactForm({
  contactId,
  contacts,
  reply,
  returnTo,
}: {
  contactId: string | null;
  contacts: ContactChoices;
  reply?: ActionReply;
  returnTo: string;
}) {
  const { t } = useTranslation("service-desk");
  const formId = "ticket-contact";
  const [form, fields] = usePlainForm<ContactFields>({ id: formId, lastResult: replyFor(reply, "contact"), defaultValue: { contactId: contactId ?? "" } });
  const pending = useIsPending({ intent: "contact" });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-2">
      <FormErrors errors={form.errors} namespace="service-desk" />
      {/* The form's default button (Enter saves), before the search's. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("form.save")}
      </button>
      <ContactPicker field={fields.contactId} contacts={contacts} formId={formId} />
      <Hidden intent="contact" returnTo={returnTo} />
      <Button type="submit" variant="secondary" loading={pending}>
        {t("detail.saveContact")}
      </Button>
    </Form>
  );
}

export function DetailsForm({
  subject,
  description,
  constraint,
  reply,
  returnTo,
}: {
  subject: string;
  description: string;
  constraint: FormConstraint;
  reply?: ActionReply;
  returnTo: string;
}) {
  const { t } = useTranslation("service-desk");
  const [form, fields] = usePlainForm<DetailsFields>({
    id: "ticket-details",
    lastResult: replyFor(reply, "details"),
    defaultValue: { subject, description },
    constraint,
  });
  const pending = useIsPending({ intent: "details" });
  return (
    <Form method="post" {...plainFormProps(form)} className="space-y-3">
      <FormErrors errors={form.errors} namespace="service-desk" />
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
      <Hidden intent="details" returnTo={returnTo} />
      <Button type="submit" variant="secondary" loading={pending}>
        {t("form.save")}
      </Button>
    </Form>
  );
}
