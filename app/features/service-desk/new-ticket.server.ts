import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { getDb, type DB } from "~/db/db.server";
import type { GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { getCallForTenant } from "~/features/recordings/recording.server";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { contactChoices } from "./contact-choices.server";
import { deskPaths, returnPath } from "./list-params";
import { listDeskMembers } from "./members.server";
import { newTicketSchema, type NewTicketFields } from "./schemas";
import { DEFAULT_PRIORITY, isTicketPriority } from "./ticket-rules";
import { callPartyName, contactOfCall, createTicket, ticketOfCall, type TenantScope } from "./tickets.server";

/**
 * The new-ticket form (/service-desk/new[?call=<recording>]): made by hand,
 * or from a recording, then prefilled with who the call was with, its
 * summary and the contact with the caller's number. The contact search
 * submits the form by GET, so the loader reads the typed values back from
 * the URL. A call that already has its ticket is not offered a second one.
 */

const scopeOf = (gate: GateContext): TenantScope => ({ id: gate.tenant.id, timeZone: gate.tenant.timeZone, country: gate.tenant.country });

export async function newTicketPage(request: Request, gate: GateContext, db: DB = getDb()) {
  const url = new URL(request.url);
  const tenant = scopeOf(gate);
  const callId = url.searchParams.get("call") || url.searchParams.get("callId");
  let fromCall: { id: string; createdAt: string; party: string } | null = null;
  let defaults: Partial<Record<keyof NewTicketFields, string>> = { priority: DEFAULT_PRIORITY };
  if (callId) {
    const call = await getCallForTenant(tenant.id, callId);
    if (!call) notFound();
    const existing = await ticketOfCall(tenant.id, call.id, db);
    if (existing) return { kind: "call-has-ticket" as const, ticket: { id: existing.id, number: Number(existing.number) }, callId: call.id };
    const contact = await contactOfCall(db, tenant, call);
    const party = callPartyName(call, contact, tenant.country);
    fromCall = { id: call.id, createdAt: call.created_at, party };
    defaults = { ...defaults, subject: party, description: call.summary ?? "", contactId: contact?.id ?? "", callId: call.id };
  }
  // Values a "Find contact" search carried over (the form's GET), over the defaults.
  const typed = Object.fromEntries(
    (["subject", "description", "priority", "contactId", "assignee", "tags"] as const).flatMap((name) => {
      const value = url.searchParams.get(name);
      return value === null ? [] : [[name, value]];
    }),
  );
  const values = { ...defaults, ...typed };
  if (values.priority && !isTicketPriority(values.priority)) values.priority = DEFAULT_PRIORITY;
  const canAssign = can(gate.user.permissions, "service-desk", "update");
  return {
    kind: "form" as const,
    fromCall,
    defaults: values,
    contacts: await contactChoices(tenant, url.searchParams.get("contactSearch"), values.contactId || null, db),
    members: canAssign ? (await listDeskMembers(tenant.id, db)).map((member) => ({ id: member.id, name: member.name, available: member.available })) : null,
    returnTo: returnPath(url.searchParams.get("returnTo")),
  };
}

export async function createTicketAction(request: Request, gate: GateContext) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: newTicketSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), existing: null }, { status: 400 });
  const value = submission.value;
  // Assigning is working the ticket: a member who may only create leaves it unassigned.
  if (value.assignee && !can(gate.user.permissions, "service-desk", "update")) {
    return data({ result: submission.reply({ fieldErrors: { assignee: ["validation.assigneeNotAllowed"] } }), existing: null }, { status: 403 });
  }
  const outcome = await orFailed("Creating a ticket", () =>
    createTicket(
      scopeOf(gate),
      {
        subject: value.subject,
        description: value.description,
        priority: value.priority,
        contactId: value.contactId || null,
        assignee: value.assignee || null,
        tags: value.tags,
        callId: value.callId || null,
      },
      gate.user.id,
    ),
  );
  if (outcome === FAILED) return data({ result: submission.reply({ formErrors: ["failures.createFailed"] }), existing: null }, { status: 500 });
  if (!outcome.ok) {
    switch (outcome.kind) {
      case "call-has-ticket":
        return data(
          { result: submission.reply({ formErrors: ["validation.callHasTicket"] }), existing: { id: outcome.ticketId, number: outcome.number } },
          { status: 409 },
        );
      case "call-not-found":
        return data({ result: submission.reply({ formErrors: ["validation.callNotFound"] }), existing: null }, { status: 400 });
      case "contact-not-found":
        return data({ result: submission.reply({ fieldErrors: { contactId: ["validation.contactNotFound"] } }), existing: null }, { status: 400 });
      case "assignee-not-member":
      case "nobody-available":
        return data(
          {
            result: submission.reply({
              fieldErrors: { assignee: [outcome.kind === "nobody-available" ? "validation.nobodyAvailable" : "validation.assigneeNotMember"] },
            }),
            existing: null,
          },
          { status: 400 },
        );
      default:
        return data({ result: submission.reply({ formErrors: ["failures.createFailed"] }), existing: null }, { status: 400 });
    }
  }
  return redirectWithToast(deskPaths.ticket(outcome.ticketId), { type: "success", key: "service-desk:toast.created", values: { number: outcome.number } });
}
