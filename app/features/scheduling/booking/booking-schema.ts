import { z } from "zod";
import { readZonedInstant } from "~/lib/dates/iso-input";

/** Booking from the dashboard: the slot picker's time, for a contact, of an event type. */
export const BookAppointmentSchema = z.object({
  eventType: z.string({ required_error: "validation.eventTypeRequired" }).min(1, "validation.eventTypeRequired"),
  contact: z.string({ required_error: "validation.contactRequired" }).min(1, "validation.contactRequired"),
  start: z
    .string({ required_error: "validation.timeRequired" })
    .min(1, "validation.timeRequired")
    .refine((value) => readZonedInstant(value) !== null, "validation.timeRequired"),
  notes: z.string().trim().max(2000, "validation.notesTooLong").optional(),
});

export const RescheduleSchema = z.object({
  start: z
    .string({ required_error: "validation.timeRequired" })
    .min(1, "validation.timeRequired")
    .refine((value) => readZonedInstant(value) !== null, "validation.timeRequired"),
});

export const CancelSchema = z.object({
  reason: z.string().trim().max(500, "validation.reasonTooLong").optional(),
});
