import { getEnv } from "~/config/env.server";
import { apiError, type ApiErrorDetail } from "~/features/api-keys/api-request.server";
import { bodyChunks, collectCapped, PartTooLarge, readCappedMultipart } from "~/lib/http/capped-multipart.server";
import { jsonTextNestsDeeperThan } from "~/lib/json/depth";
import { sniffAudioType } from "./audio-fetch.server";
import type { UploadedAudio } from "./ingest.server";

/** The largest event JSON accepted (a long call's transcript included). */
export const MAX_EVENT_BYTES = 5 * 1024 * 1024;

export interface EventRequest {
  /** The event as sent, not yet validated. */
  event: unknown;
  audio: UploadedAudio | null;
  /** Problems found while reading (a bad audio part), reported with the event's own. */
  problems: ApiErrorDetail[];
}

/**
 * The rest of an oversized body is not read, so the connection cannot carry another request: the answer says so,
 * and the server closes it once the answer is out (app/lib/http/early-close.server.ts).
 */
const CLOSE = { Connection: "close" };

function tooLarge(error: PartTooLarge) {
  return error.part === "audio"
    ? apiError(413, "audio_too_large", `The audio file is larger than the ${error.limit} bytes this server accepts (MAX_AUDIO_BYTES).`, { headers: CLOSE })
    : apiError(413, "event_too_large", `The event is larger than ${error.limit} bytes.`, { headers: CLOSE });
}

/**
 * Well above what the contract needs (extractedData's 20 levels sit at level 3), so the schema names the field that
 * is too deep; this only keeps a body of nothing but brackets from reaching JSON.parse, which would take seconds on it.
 */
const MAX_EVENT_NESTING = 64;

function parseJson(text: string, path: string): unknown {
  if (jsonTextNestsDeeperThan(text, MAX_EVENT_NESTING)) {
    throw apiError(400, "invalid_event", "The event was not accepted: 1 problem. Nothing was saved.", {
      details: [{ path: path === "event part" ? "event" : "(event)", message: `must not nest objects and arrays more than ${MAX_EVENT_NESTING} levels deep` }],
    });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw apiError(400, "invalid_json", `The ${path} is not valid JSON.`);
  }
}

/**
 * Reads POST /api/v1/call-events: a JSON body, or multipart/form-data with an
 * `event` part (JSON) and an optional `audio` part. Every part is streamed
 * against a cap (the event MAX_EVENT_BYTES, the audio MAX_AUDIO_BYTES), so an
 * oversized body is refused with a 413 without ever being held whole.
 * Throws the JSON error Response for what cannot be read at all.
 */
export async function readCallEventRequest(request: Request): Promise<EventRequest> {
  const maxAudio = getEnv().MAX_AUDIO_BYTES;
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > maxAudio + MAX_EVENT_BYTES + 64 * 1024) {
    throw apiError(
      413,
      "payload_too_large",
      `The request is larger than this server accepts (audio up to ${maxAudio} bytes, event up to ${MAX_EVENT_BYTES} bytes).`,
      { headers: CLOSE },
    );
  }
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();

  if (/^application\/([\w.+-]+\+)?json\b/.test(contentType)) {
    if (!request.body) throw apiError(400, "invalid_json", "The request body is empty.");
    try {
      const bytes = await collectCapped(bodyChunks(request.body), MAX_EVENT_BYTES, "event");
      return { event: parseJson(bytes.toString("utf8"), "request body"), audio: null, problems: [] };
    } catch (error) {
      if (error instanceof PartTooLarge) throw tooLarge(error);
      throw error;
    }
  }

  if (contentType.startsWith("multipart/form-data")) {
    let parts;
    try {
      parts = await readCappedMultipart(request, {
        limitOf: (name) => (name === "audio" ? maxAudio : MAX_EVENT_BYTES),
        keep: (name) => name === "event" || name === "audio",
      });
    } catch (error) {
      if (error instanceof PartTooLarge) throw tooLarge(error);
      if (error instanceof Response) throw error;
      throw apiError(400, "invalid_multipart", "The multipart/form-data body could not be read.");
    }
    const problems: ApiErrorDetail[] = [];
    let text: string | null = null;
    let bytes: Buffer | null = null;
    for (const part of parts) {
      if (part.name === "event") {
        if (text !== null) problems.push({ path: "event", message: "must be sent once" });
        text = part.bytes.toString("utf8");
      } else {
        if (bytes !== null) problems.push({ path: "audio", message: "must be sent once" });
        bytes = part.bytes;
      }
    }
    if (text === null) problems.unshift({ path: "event", message: "is required: a form part named event holding the event JSON" });
    let audio: UploadedAudio | null = null;
    if (bytes !== null) {
      const kind = bytes.byteLength > 0 ? sniffAudioType(bytes) : null;
      if (kind) audio = { bytes, mime: kind.mime, extension: kind.extension };
      else problems.push({ path: "audio", message: bytes.byteLength === 0 ? "is empty" : "must be WAV, MP3, OGG, WebM or M4A audio" });
    }
    return { event: text === null ? undefined : parseJson(text, "event part"), audio, problems };
  }

  throw apiError(415, "unsupported_media_type", "Send the event as application/json, or as multipart/form-data with an event part and an optional audio part.");
}
