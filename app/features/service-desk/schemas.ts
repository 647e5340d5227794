import { z } from "zod";
import { MAX_TARGET_MINUTES, SLA_UNITS, UNIT_MINUTES } from "./sla";
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_TAGS,
  NOTE_MAX_LENGTH,
  parseTags,
  SUBJECT_MAX_LENGTH,
  TAG_MAX_LENGTH,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from "./ticket-rules";

/**
 * One schema per form of the service desk (docs/product/service-desk.md), for
 * the actions (parseWithZod) and the loaders (getZodConstraint). Messages are
 * keys of the service-desk namespace. What zod cannot know (whether a contact,
 * call or member is the tenant's, whether a status may follow another) the
 * server checks and reports at the same fields (tickets.server.ts,
 * lifecycle.server.ts).
 */

const subject = z
  .string({ required_error: "validation.subjectRequired" })
  .trim()
  .min(1, "validation.subjectRequired")
  .max(SUBJECT_MAX_LENGTH, "validation.subjectTooLong");

const description = z.string().trim().max(DESCRIPTION_MAX_LENGTH, "validation.descriptionTooLong").default("");

const priority = z.enum(TICKET_PRIORITIES, { errorMap: () => ({ message: "validation.priorityRequired" }) });

/** The tag field: comma-separated, each at most TAG_MAX_LENGTH characters, at most MAX_TAGS of them. */
const tags = z
  .string()
  .max(MAX_TAGS * (TAG_MAX_LENGTH + 2), "validation.tooManyTags")
  .default("")
  .transform((text, ctx) => {
    const parsed = parseTags(text);
    if (parsed.some((tag) => tag.length > TAG_MAX_LENGTH)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.tagTooLong" });
    else if (parsed.length > MAX_TAGS) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "validation.tooManyTags" });
    return parsed;
  });

const id = (message: string) => z.string().trim().max(64, message);

/** A new ticket: by hand, or from a recording (callId). Empty contact and assignee mean none. */
export const newTicketSchema = z.object({
  subject,
  description,
  priority,
  contactId: id("validation.contactNotFound").optional(),
  assignee: id("validation.assigneeNotMember").optional(),
  tags,
  callId: id("validation.callNotFound").optional(),
});
export type NewTicketValues = z.infer<typeof newTicketSchema>;
/** The form's fields as the page sees them (a type only: the page does not load zod). */
export type NewTicketFields = z.input<typeof newTicketSchema>;

export const detailsSchema = z.object({ subject, description });
export type DetailsFields = z.input<typeof detailsSchema>;

export const statusSchema = z.object({ status: z.enum(TICKET_STATUSES, { errorMap: () => ({ message: "validation.statusRequired" }) }) });
export type StatusFields = z.input<typeof statusSchema>;

export const prioritySchema = z.object({ priority });
export type PriorityFields = z.input<typeof prioritySchema>;

/** Assigning: a member, the round robin, or nobody (empty). */
export const assignSchema = z.object({ assignee: id("validation.assigneeNotMember").optional() });
export type AssignFields = z.input<typeof assignSchema>;

export const tagsSchema = z.object({ tags });
export type TagsFields = z.input<typeof tagsSchema>;

export const contactSchema = z.object({ contactId: id("validation.contactNotFound").optional() });
export type ContactFields = z.input<typeof contactSchema>;

export const noteSchema = z.object({
  body: z.string({ required_error: "validation.noteRequired" }).trim().min(1, "validation.noteRequired").max(NOTE_MAX_LENGTH, "validation.noteTooLong"),
});
export type NoteFields = z.input<typeof noteSchema>;

export const callLinkSchema = z.object({
  callId: z.string({ required_error: "validation.callNotFound" }).trim().min(1, "validation.callNotFound").max(64, "validation.callNotFound"),
});

export const availabilitySchema = z.object({ available: z.enum(["1", "0"]) });

/** One SLA target as typed: a whole number in a unit; the result is in minutes. */
const amount = z
  .string({ required_error: "validation.targetRequired" })
  .trim()
  .min(1, "validation.targetRequired")
  .regex(/^\d{1,9}$/, "validation.targetWhole")
  .transform(Number)
  .pipe(z.number().min(1, "validation.targetTooSmall"));
const unit = z.enum(SLA_UNITS, { errorMap: () => ({ message: "validation.unitRequired" }) });

const targetFields = Object.fromEntries(
  TICKET_PRIORITIES.flatMap((level) => [
    [`${level}FirstResponse`, amount],
    [`${level}FirstResponseUnit`, unit],
    [`${level}Resolution`, amount],
    [`${level}ResolutionUnit`, unit],
  ]),
) as Record<`${(typeof TICKET_PRIORITIES)[number]}${"FirstResponse" | "Resolution"}`, typeof amount> &
  Record<`${(typeof TICKET_PRIORITIES)[number]}${"FirstResponse" | "Resolution"}Unit`, typeof unit>;

/**
 * The settings form: automatic tickets on or off, and per priority the two
 * targets, each at most a year; the first response may not come after the
 * resolution (said at the first response's field).
 */
export const settingsSchema = z
  .object({
    // An unchecked checkbox sends nothing.
    autoTickets: z.boolean().default(false),
    ...targetFields,
  })
  .superRefine((value, ctx) => {
    for (const level of TICKET_PRIORITIES) {
      const firstResponse = value[`${level}FirstResponse`] * UNIT_MINUTES[value[`${level}FirstResponseUnit`]];
      const resolution = value[`${level}Resolution`] * UNIT_MINUTES[value[`${level}ResolutionUnit`]];
      if (firstResponse > MAX_TARGET_MINUTES)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [`${level}FirstResponse`], message: "validation.targetTooLarge" });
      if (resolution > MAX_TARGET_MINUTES) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [`${level}Resolution`], message: "validation.targetTooLarge" });
      else if (firstResponse > resolution) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [`${level}FirstResponse`], message: "validation.firstResponseAfterResolution" });
      }
    }
  });
export type SettingsValues = z.infer<typeof settingsSchema>;
export type SettingsFields = z.input<typeof settingsSchema>;
