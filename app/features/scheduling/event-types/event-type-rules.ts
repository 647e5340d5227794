/**
 * What an event type can be (issue 12, docs/product/records.md#event-types), shared by its schema
 * (server) and its form (browser) without zod. Appointment types are the
 * fixed enumeration we define; locations are the three documented kinds.
 */
export const LOCATION_KINDS = ["google-meet", "in-person", "phone"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** For a phone appointment: who dials. */
export const PHONE_DIRECTIONS = ["agent-calls", "contact-calls"] as const;
export type PhoneDirection = (typeof PHONE_DIRECTIONS)[number];

export const APPOINTMENT_TYPES = ["consultation", "follow-up", "demo", "service", "other"] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const ASSIGNMENTS = ["single", "round-robin"] as const;

/** The calendar's colours; each has a light and a dark shade in event-type-colors.ts. */
export const EVENT_TYPE_COLORS = ["blue", "green", "amber", "rose", "violet", "teal"] as const;
export type EventTypeColor = (typeof EVENT_TYPE_COLORS)[number];

export const EVENT_TYPE_LIMITS = {
  nameMax: 80,
  durationMin: 5,
  durationMax: 480,
  bufferMax: 240,
  noticeHoursMax: 24 * 30,
  daysAheadMin: 1,
  daysAheadMax: 365,
  addressMax: 300,
} as const;

export const DEFAULT_EVENT_TYPE = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeHours: 4,
  bookableDaysAhead: 60,
} as const;

export const isLocationKind = (value: unknown): value is LocationKind => typeof value === "string" && (LOCATION_KINDS as readonly string[]).includes(value);
export const isAppointmentType = (value: unknown): value is AppointmentType =>
  typeof value === "string" && (APPOINTMENT_TYPES as readonly string[]).includes(value);
export const isEventTypeColor = (value: unknown): value is EventTypeColor =>
  typeof value === "string" && (EVENT_TYPE_COLORS as readonly string[]).includes(value);
