import { z } from "zod";
import { APPOINTMENT_TYPES, ASSIGNMENTS, EVENT_TYPE_COLORS, EVENT_TYPE_LIMITS as L, LOCATION_KINDS, PHONE_DIRECTIONS } from "./event-type-rules";

/**
 * The event type form. Messages are keys of the scheduling namespace. The
 * location's detail depends on its kind: a Meet link (https://meet.google.com/…),
 * an address, or who calls; fields of the other kinds are ignored, so a form
 * without JavaScript can show all three.
 */
const wholeNumber = (min: number, max: number, key: string) =>
  z.coerce
    .number({ invalid_type_error: `validation.${key}Invalid`, required_error: `validation.${key}Invalid` })
    .int(`validation.${key}Invalid`)
    .min(min, `validation.${key}Range`)
    .max(max, `validation.${key}Range`);

export const EventTypeSchema = z
  .object({
    name: z.string({ required_error: "validation.nameRequired" }).trim().min(1, "validation.nameRequired").max(L.nameMax, "validation.nameTooLong"),
    durationMinutes: wholeNumber(L.durationMin, L.durationMax, "duration"),
    locationKind: z.enum(LOCATION_KINDS, { errorMap: () => ({ message: "validation.locationRequired" }) }),
    meetLink: z.string().trim().optional(),
    address: z.string().trim().max(L.addressMax, "validation.addressTooLong").optional(),
    phoneDirection: z.enum(PHONE_DIRECTIONS).optional(),
    appointmentType: z.enum(APPOINTMENT_TYPES, { errorMap: () => ({ message: "validation.appointmentTypeRequired" }) }),
    bufferBeforeMinutes: wholeNumber(0, L.bufferMax, "buffer").default(0),
    bufferAfterMinutes: wholeNumber(0, L.bufferMax, "buffer").default(0),
    minimumNoticeHours: wholeNumber(0, L.noticeHoursMax, "notice").default(0),
    bookableDaysAhead: wholeNumber(L.daysAheadMin, L.daysAheadMax, "daysAhead"),
    hostIds: z.array(z.string().min(1)).min(1, "validation.hostsRequired").default([]),
    assignment: z.enum(ASSIGNMENTS).default("single"),
    color: z.enum(EVENT_TYPE_COLORS).default("blue"),
  })
  .superRefine((value, ctx) => {
    if (value.locationKind === "google-meet" && value.meetLink) {
      let ok = false;
      try {
        const url = new URL(value.meetLink);
        ok = url.protocol === "https:" && url.hostname === "meet.google.com" && url.pathname.length > 1;
      } catch {
        ok = false;
      }
      if (!ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["meetLink"], message: "validation.meetLinkInvalid" });
    }
    if (value.locationKind === "in-person" && !value.address)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["address"], message: "validation.addressRequired" });
    if (value.locationKind === "phone" && !value.phoneDirection)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["phoneDirection"], message: "validation.phoneDirectionRequired" });
    if (value.assignment === "round-robin" && value.hostIds.length < 2)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["assignment"], message: "validation.roundRobinNeedsHosts" });
    if (value.assignment === "single" && value.hostIds.length > 1)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["hostIds"], message: "validation.singleNeedsOneHost" });
  })
  .transform((value) => ({
    name: value.name,
    durationMinutes: value.durationMinutes,
    locationKind: value.locationKind,
    // google-meet without a link: the host sends one; the appointment says so.
    locationDetail:
      value.locationKind === "google-meet"
        ? value.meetLink || null
        : value.locationKind === "in-person"
          ? (value.address ?? null)
          : (value.phoneDirection ?? null),
    appointmentType: value.appointmentType,
    bufferBeforeMinutes: value.bufferBeforeMinutes,
    bufferAfterMinutes: value.bufferAfterMinutes,
    minimumNoticeMinutes: value.minimumNoticeHours * 60,
    bookableDaysAhead: value.bookableDaysAhead,
    hostIds: [...new Set(value.hostIds)],
    assignment: value.assignment,
    color: value.color,
  }));

export type EventTypeFields = z.input<typeof EventTypeSchema>;
export type EventTypeInput = z.output<typeof EventTypeSchema>;
