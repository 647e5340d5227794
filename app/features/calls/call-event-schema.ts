import { z } from "zod";
import { isTenantHttpUrl } from "~/lib/outbound/tenant-url";
import type { CallStatus } from "~/db/schema";
import { jsonValueNestsDeeperThan } from "~/lib/json/depth";

/**
 * The contract of POST /api/v1/call-events (docs/api/call-events.md). Every
 * problem of a bad event is reported at once, so the schema avoids refinements
 * that run only after the rest has passed. Optional fields may also be sent as
 * null, which means the same as leaving them out: "nothing new to say".
 */
export const CALL_EVENT_TYPES = ["call.queued", "call.started", "call.ended", "call.missed", "call.voicemail"] as const;
export type CallEventType = (typeof CALL_EVENT_TYPES)[number];

/** The status a call has once an event of each type has been applied. */
export const STATUS_OF_EVENT: Record<CallEventType, CallStatus> = {
  "call.queued": "queued",
  "call.started": "live",
  "call.ended": "ended",
  "call.missed": "missed",
  "call.voicemail": "voicemail",
};

const text = (max: number) => z.string({ invalid_type_error: "must be a string" }).max(max, `must be at most ${max} characters`);
const requiredText = (max: number) =>
  z
    .string({ required_error: "is required", invalid_type_error: "must be a string" })
    .trim()
    .min(1, "must not be empty")
    .max(max, `must be at most ${max} characters`);
const optional = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((value) => value ?? undefined);

// The rule of every URL a tenant gives us to fetch, typed, imported or sent here (app/lib/outbound/tenant-url.ts).
const httpUrl = z
  .string({ invalid_type_error: "must be a string" })
  .max(2048, "must be at most 2048 characters")
  .refine(isTenantHttpUrl, "must be an http:// or https:// URL without a user name, password or #fragment");

/** How deeply the free-form objects (extractedData, caller) may nest; they are stored and shown as JSON. */
export const MAX_FREE_FORM_DEPTH = 20;

/** Deeper values would overflow the stack where they are written as JSON, so they are refused here. */
const shallow = <T extends z.ZodTypeAny>(schema: T) =>
  schema.superRefine((value, ctx) => {
    if (jsonValueNestsDeeperThan(value, MAX_FREE_FORM_DEPTH)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must not nest objects and arrays more than ${MAX_FREE_FORM_DEPTH} levels deep` });
    }
  });

const transcriptTurn = z.object({
  speaker: requiredText(100),
  text: z.string({ required_error: "is required", invalid_type_error: "must be a string" }).max(20_000, "must be at most 20000 characters"),
  startSeconds: optional(z.number({ invalid_type_error: "must be a number" }).nonnegative("must be 0 or more").finite("must be a number")),
});

/** The events a cost may come with: a call's cost is known once it is over. */
export const COST_EVENT_TYPES = ["call.ended", "call.missed", "call.voicemail"] as const satisfies readonly CallEventType[];

/** One part of a call's cost: whole minor units (cents for USD), below PostgreSQL's integer limit with room to spare. */
export const MAX_COST_PART_MINOR = 1_000_000_000;
const COST_PARTS = ["telephony", "speechToText", "llm", "textToSpeech"] as const;

const costPart = optional(
  z
    .number({ invalid_type_error: "must be a whole number of minor units (cents for USD)" })
    .int("must be a whole number of minor units (cents for USD)")
    .nonnegative("must be 0 or more")
    .max(MAX_COST_PART_MINOR, `must be at most ${MAX_COST_PART_MINOR}`),
);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What the call cost the platform. Its own fields are checked strictly (a
 * misspelt part would silently drop money from the totals); "at least one
 * part" is checked on the raw value, so it is reported with every other problem.
 */
const callCost = z.preprocess(
  (value, ctx) => {
    if (isPlainObject(value) && COST_PARTS.every((part) => value[part] === undefined || value[part] === null)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must give at least one part: ${COST_PARTS.join(", ")}` });
    }
    return value;
  },
  z
    .object(
      {
        currency: z
          .string({ required_error: "is required", invalid_type_error: "must be a string" })
          .regex(/^[A-Za-z]{3}$/, "must be a three-letter ISO 4217 currency code such as USD")
          .transform((value) => value.toUpperCase()),
        telephony: costPart,
        speechToText: costPart,
        llm: costPart,
        textToSpeech: costPart,
      },
      { invalid_type_error: "must be an object" },
    )
    .strict(`may only hold currency, ${COST_PARTS.join(", ")}`),
);

const CallEventObject = z.object(
  {
    eventId: requiredText(200).describe("Unique per event: the same id again is a duplicate and changes nothing."),
    type: z.enum(CALL_EVENT_TYPES, {
      errorMap: () => ({ message: `must be one of ${CALL_EVENT_TYPES.join(", ")}` }),
    }),
    occurredAt: z
      .string({ required_error: "is required", invalid_type_error: "must be a string" })
      .datetime({ offset: true, message: "must be an ISO 8601 date-time such as 2026-03-01T09:30:00Z" })
      .describe("When it happened on the platform (ISO 8601 with a zone)."),
    call: z.object(
      {
        id: requiredText(200).describe("The platform's own call id: every event about the call names it."),
        direction: z
          .string({ required_error: "is required", invalid_type_error: "must be a string" })
          .transform((value) => value.trim().toLowerCase())
          .pipe(z.enum(["inbound", "outbound"], { errorMap: () => ({ message: "must be inbound or outbound" }) }))
          .describe("inbound or outbound (any case)."),
        from: requiredText(100),
        to: requiredText(100),
        campaign: optional(z.object({ name: requiredText(200), type: optional(text(100)) }, { invalid_type_error: "must be an object" })),
        agent: optional(
          z
            .object(
              {
                name: optional(requiredText(200)),
                // The Voxboard agent and version that handled the call (docs/api/call-events.md): an id this tenant does not have is kept out, never refused.
                id: optional(requiredText(200)),
                version: optional(
                  z
                    .number({ invalid_type_error: "must be a whole number" })
                    .int("must be a whole number")
                    .min(1, "must be 1 or more")
                    .max(1_000_000, "must be at most 1000000"),
                ),
              },
              { invalid_type_error: "must be an object" },
            )
            .refine((agent) => agent.name !== undefined || agent.id !== undefined, "must give a name or an id"),
        ),
        caller: optional(
          shallow(z.object({ name: optional(text(200)), company: optional(text(200)) }, { invalid_type_error: "must be an object" }).passthrough()),
        ),
        transcript: optional(z.array(transcriptTurn, { invalid_type_error: "must be an array of turns" }).max(5_000, "must have at most 5000 turns")),
        summary: optional(text(20_000)),
        durationSeconds: optional(
          z
            .number({ invalid_type_error: "must be a number" })
            .nonnegative("must be 0 or more")
            .max(7 * 24 * 3600, "must be at most 604800"),
        ),
        extractedData: optional(shallow(z.record(z.unknown(), { invalid_type_error: "must be an object" }))),
        escalated: optional(z.boolean({ invalid_type_error: "must be true or false" })),
        audioUrl: optional(httpUrl).describe("Where Voxboard fetches the recording (http or https); or send it as the audio part."),
        cost: optional(callCost).describe("What the call cost the platform, in minor units; only on call.ended, call.missed and call.voicemail."),
      },
      { required_error: "is required", invalid_type_error: "must be an object" },
    ),
  },
  { required_error: "is required", invalid_type_error: "the event must be a JSON object" },
);

/**
 * The event. Whether a cost may come with the event's type is checked on the
 * raw value, before the fields, so that problem is listed with all the others.
 */
export const CallEventSchema = z.preprocess((value, ctx) => {
  if (!isPlainObject(value) || !isPlainObject(value.call)) return value;
  const { type } = value;
  const cost = value.call.cost;
  if (
    cost !== undefined &&
    cost !== null &&
    typeof type === "string" &&
    (CALL_EVENT_TYPES as readonly string[]).includes(type) &&
    !(COST_EVENT_TYPES as readonly string[]).includes(type)
  ) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["call", "cost"],
      message: `is accepted only on ${COST_EVENT_TYPES.join(", ")} events: a call's cost is known once it is over`,
    });
  }
  return value;
}, CallEventObject);

export type CallEvent = z.output<typeof CallEventSchema>;

/** Every problem of a failed parse as { path, message }, in the order zod found them. */
export function describeEventProblems(error: z.ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.length ? issue.path.join(".") : "(event)", message: issue.message }));
}
