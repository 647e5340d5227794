import { z } from "zod";

/**
 * The answers of the calls API (POST /api/v1/call-events, GET /api/v1/calls/{callId}),
 * as schemas: the OpenAPI document is generated from them and the contract test
 * checks every example against them. The request is CallEventSchema.
 */
const CALL_STATUSES = ["queued", "live", "ended", "missed", "voicemail"] as const;
const AUDIO_STATUSES = ["none", "pending", "stored", "failed"] as const;

export const CallPathParamsSchema = z.object({
  callId: z.string().min(1).describe("Your platform's call id (call.id in the events), not Voxboard's."),
});

export const CallEventAcceptedSchema = z.object({
  duplicate: z.literal(false),
  callId: z.string().describe("Voxboard's id of the call."),
  platformCallId: z.string().describe("Your platform's call id, as sent."),
  status: z.enum(CALL_STATUSES),
  audioStatus: z.enum(AUDIO_STATUSES).describe("pending while the recording at audioUrl is being fetched."),
});

export const CallEventDuplicateSchema = z.object({
  duplicate: z.literal(true).describe("This eventId was applied before; nothing changed."),
  callId: z.string(),
  platformCallId: z.string(),
  status: z.enum(CALL_STATUSES),
});

const jsonValue = z.unknown().describe("As the platform sent it (JSON).");

export const ApiCallSchema = z.object({
  id: z.string().describe("Your platform's call id."),
  voxboardId: z.string(),
  status: z.enum(CALL_STATUSES),
  direction: z.enum(["inbound", "outbound"]),
  from: z.string(),
  to: z.string(),
  campaign: z.object({ name: z.string(), type: z.string().nullable() }).nullable(),
  agent: z.object({ name: z.string().nullable(), id: z.string().nullable(), version: z.number().int().nullable() }).nullable(),
  caller: jsonValue.nullable(),
  transcript: z.array(z.object({ speaker: z.string(), text: z.string(), startSeconds: z.number().optional() })).nullable(),
  summary: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  extractedData: z.record(z.unknown()).nullable(),
  escalated: z.boolean(),
  audio: z.object({
    status: z.enum(AUDIO_STATUSES),
    url: z.string().nullable(),
    mimeType: z.string().nullable(),
    bytes: z.number().int().nullable(),
  }),
  analysis: z.object({ status: z.enum(["none", "done", "failed"]), sentiment: z.enum(["positive", "neutral", "negative"]).nullable() }),
  cost: z
    .object({
      currency: z.string().length(3),
      telephony: z.number().int().nullable(),
      speechToText: z.number().int().nullable(),
      llm: z.number().int().nullable(),
      textToSpeech: z.number().int().nullable(),
      total: z.number().int().describe("The sum of the parts, in minor units (cents for USD)."),
    })
    .nullable(),
  queuedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const CallResponseSchema = z.object({ call: ApiCallSchema });
