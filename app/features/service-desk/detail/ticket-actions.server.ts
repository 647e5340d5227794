import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";
import type { GateContext } from "~/features/access/gate.server";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { changeStatus } from "../lifecycle.server";
import { deskPaths, returnPath, SERVICE_DESK_PATH, withReturnTo } from "../list-params";
import { assignSchema, callLinkSchema, contactSchema, detailsSchema, noteSchema, prioritySchema, statusSchema, tagsSchema } from "../schemas";
import { addNote, assignTicket, changePriority, linkCall, setContact, setTags, unlinkCall, updateDetails, type TicketRefusal } from "../tickets.server";

/**
 * The ticket page's forms, one intent each (docs/product/service-desk.md#ticket-page):
 * each form has its own schema; a refusal comes back as that form's reply
 * (the message at its field, what was typed kept), a change as a redirect to
 * the page with a toast. The caller has run the gate (update on the desk).
 */
export const TICKET_INTENTS = ["details", "status", "priority", "assign", "take", "tags", "contact", "note", "link-call", "unlink-call"] as const;
export type TicketIntent = (typeof TICKET_INTENTS)[number];

/** Where each refusal is said: a field of the form, or "" for the form as a whole. */
const REFUSAL_FIELDS: Record<TicketRefusal["kind"], [field: string, message: string]> = {
  "not-found": ["", "validation.ticketGone"],
  "call-not-found": ["", "validation.callNotFound"],
  "call-has-ticket": ["", "validation.callHasTicket"],
  "contact-not-found": ["contactId", "validation.contactNotFound"],
  "assignee-not-member": ["assignee", "validation.assigneeNotMember"],
  "nobody-available": ["assignee", "validation.nobodyAvailable"],
  "source-call": ["", "validation.sourceCallStays"],
};

function refused(intent: TicketIntent, reply: SubmissionResult<string[]>, status = 400) {
  return data({ intent, result: reply }, { status });
}

export async function handleTicketAction(request: Request, gate: GateContext, ticketId: string) {
  const formData = await readFormData(request);
  const intentValue = formData.get("intent");
  const intent = (TICKET_INTENTS as readonly unknown[]).includes(intentValue) ? (intentValue as TicketIntent) : null;
  const rawReturnTo = formData.get("returnTo");
  const here = withReturnTo(deskPaths.ticket(ticketId), rawReturnTo ? returnPath(rawReturnTo) : SERVICE_DESK_PATH);
  if (!intent) return data({ intent: null, result: null }, { status: 400 });
  const tenant = { id: gate.tenant.id, timeZone: gate.tenant.timeZone, country: gate.tenant.country };
  const actor = gate.user.id;

  /** Parses the form's schema, runs the change, and answers: refusal at its field, failure beside the form, success as a redirect. */
  async function run<Schema extends z.ZodTypeAny>(
    schema: Schema,
    change: (value: z.infer<Schema>) => Promise<{ ok: true } | ({ ok: false } & ({ kind: TicketRefusal["kind"] } | { kind: "not-allowed"; from: string }))>,
    toast: string,
  ) {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return refused(intent!, submission.reply());
    const outcome = await orFailed(`Ticket change (${intent})`, () => change(submission.value));
    if (outcome === FAILED) return refused(intent!, submission.reply({ formErrors: ["failures.saveFailed"] }), 500);
    if (!outcome.ok) {
      if (outcome.kind === "not-found") notFound();
      if (outcome.kind === "not-allowed") return refused(intent!, submission.reply({ fieldErrors: { status: ["validation.statusNotAllowed"] } }), 409);
      const [field, message] = REFUSAL_FIELDS[outcome.kind];
      return refused(intent!, field ? submission.reply({ fieldErrors: { [field]: [message] } }) : submission.reply({ formErrors: [message] }), 409);
    }
    return redirectWithToast(here, { type: "success", key: `service-desk:toast.${toast}` });
  }

  switch (intent) {
    case "details":
      return run(detailsSchema, (value) => updateDetails(tenant.id, ticketId, value, actor), "saved");
    case "status":
      return run(statusSchema, (value) => changeStatus(tenant.id, ticketId, value.status, actor), "statusChanged");
    case "priority":
      return run(prioritySchema, (value) => changePriority(tenant, ticketId, value.priority, actor), "saved");
    case "assign":
      return run(assignSchema, (value) => assignTicket(tenant.id, ticketId, value.assignee || null, actor), "assigned");
    case "take":
      return run(assignSchema, () => assignTicket(tenant.id, ticketId, actor, actor), "taken");
    case "tags":
      return run(tagsSchema, (value) => setTags(tenant.id, ticketId, value.tags, actor), "saved");
    case "contact":
      return run(contactSchema, (value) => setContact(tenant.id, ticketId, value.contactId || null, actor), "saved");
    case "note":
      return run(noteSchema, (value) => addNote(tenant.id, ticketId, value.body, actor), "noteAdded");
    case "link-call":
      return run(callLinkSchema, (value) => linkCall(tenant.id, ticketId, value.callId, actor), "callLinked");
    case "unlink-call":
      return run(callLinkSchema, (value) => unlinkCall(tenant.id, ticketId, value.callId, actor), "callUnlinked");
  }
}
