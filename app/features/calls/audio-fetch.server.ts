import { getEnv } from "~/config/env.server";
import { getDb, now } from "~/db/db.server";
import { BodyTooLarge, describeFetchFailure, readBodyCapped } from "~/lib/outbound/response-body.server";
import { guardedFetch, OutboundRefusal, type GuardedResponse } from "~/lib/outbound/guard.server";
import { getAudioStore } from "./audio-store.server";

/**
 * Call audio given as a URL is fetched after the event has been answered:
 * once right away (fire-and-forget) and by a sweep every minute that picks
 * up calls still pending (after a restart, say). Each call is fetched by at
 * most one task in this process at a time.
 *
 * The download is bounded three ways: a timeout (AUDIO_FETCH_TIMEOUT_MS), a
 * byte cap checked while streaming (MAX_AUDIO_BYTES), and the first bytes must
 * be a known audio format. A failure marks the call's audio `failed` and logs
 * the reason with the call id; the platform can send a new URL in a later event.
 */

export interface AudioKind {
  mime: string;
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The audio format by the file's own first bytes; the sender's Content-Type is not evidence. */
export function sniffAudioType(bytes: Uint8Array): AudioKind | null {
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WAVE"), 8)) return { mime: "audio/wav", extension: "wav" };
  if (startsWith(bytes, ascii("OggS"))) return { mime: "audio/ogg", extension: "ogg" };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: "audio/webm", extension: "webm" };
  if (startsWith(bytes, ascii("ftyp"), 4)) return { mime: "audio/mp4", extension: "m4a" };
  if (startsWith(bytes, ascii("ID3"))) return { mime: "audio/mpeg", extension: "mp3" };
  // An MPEG audio frame header: 11 sync bits, a version other than "reserved" and a layer other than "reserved" (which rules out AAC's ADTS).
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && ((bytes[1]! >> 3) & 0b11) !== 0b01 && ((bytes[1]! >> 1) & 0b11) !== 0) {
    return { mime: "audio/mpeg", extension: "mp3" };
  }
  return null;
}

class AudioFetchError extends Error {}

/** The body, or the AudioFetchError that says it is too large. */
async function readCapped(response: GuardedResponse, limit: number) {
  try {
    return await readBodyCapped(response, limit);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    throw new AudioFetchError(`the file is larger than ${limit} bytes${error.declared === null ? "" : ` (Content-Length ${error.declared})`}`);
  }
}

async function download(url: string) {
  const { AUDIO_FETCH_TIMEOUT_MS, MAX_AUDIO_BYTES, OUTBOUND_ALLOW_PRIVATE } = getEnv();
  // One signal covers connecting, redirects and reading the body.
  const signal = AbortSignal.timeout(AUDIO_FETCH_TIMEOUT_MS);
  let response: GuardedResponse;
  try {
    // Every hop's address is judged, and the connection goes to the address that was judged (app/lib/outbound).
    response = await guardedFetch(url, { signal, headers: { Accept: "audio/*" } }, { allowPrivate: OUTBOUND_ALLOW_PRIVATE });
  } catch (error) {
    if (error instanceof OutboundRefusal) throw new AudioFetchError(`refused: ${error.message}`);
    throw new AudioFetchError(signal.aborted ? `no answer within ${AUDIO_FETCH_TIMEOUT_MS} ms` : `the request failed (${describeFetchFailure(error)})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new AudioFetchError(`the server answered HTTP ${response.status}`);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(response, MAX_AUDIO_BYTES);
  } catch (error) {
    if (error instanceof AudioFetchError) throw error;
    throw new AudioFetchError(
      signal.aborted ? `the download took longer than ${AUDIO_FETCH_TIMEOUT_MS} ms` : `the download failed (${(error as Error).message})`,
    );
  }
  const kind = sniffAudioType(bytes);
  if (!kind) throw new AudioFetchError("the file is not WAV, MP3, OGG, WebM or M4A audio");
  return { bytes, kind };
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Fetches one call's pending audio. The call is written only if it is still
 * pending for the same URL when the download ends, so an upload or a newer URL
 * that arrived meanwhile wins, and the file fetched in vain is removed.
 */
async function fetchOne(callId: string) {
  const call = await getDb().selectFrom("calls").select(["id", "tenant_id", "audio_url", "audio_status"]).where("id", "=", callId).executeTakeFirst();
  if (!call || call.audio_status !== "pending" || !call.audio_url) return;
  const url = call.audio_url;
  // Written only while the call still waits for this very URL.
  const stillPending = () =>
    getDb()
      .updateTable("calls")
      .where("id", "=", call.id)
      .where("tenant_id", "=", call.tenant_id)
      .where("audio_status", "=", "pending")
      .where("audio_url", "=", url);

  try {
    const { bytes, kind } = await download(url);
    const stored = await getAudioStore().put({ tenantId: call.tenant_id, callId: call.id, bytes, extension: kind.extension });
    let written = 0n;
    try {
      const result = await stillPending()
        .set({ audio_file: stored.key, audio_mime: kind.mime, audio_bytes: stored.size, audio_status: "stored", updated_at: now() })
        .executeTakeFirst();
      written = result.numUpdatedRows;
    } finally {
      if (written === 0n) await getAudioStore().delete(stored.key);
    }
  } catch (error) {
    const reason = error instanceof AudioFetchError ? error.message : String(error);
    console.warn(`audio for call ${call.id} could not be fetched from ${redactedUrl(url)}: ${reason}`);
    await stillPending().set({ audio_status: "failed", updated_at: now() }).execute();
  }
}

/** Query strings of audio links often carry signatures; they stay out of the log. */
function redactedUrl(url: string) {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}${parsed.search ? "?…" : ""}`;
  } catch {
    return "(invalid URL)";
  }
}

/** Fetches a call's audio unless a fetch for it is already running; resolves when that fetch ends, never rejects. */
export function fetchCallAudio(callId: string): Promise<void> {
  const running = inFlight.get(callId);
  if (running) return running;
  const task = fetchOne(callId)
    .catch((error: unknown) => console.error(`audio fetch for call ${callId} failed`, error))
    .finally(() => inFlight.delete(callId));
  inFlight.set(callId, task);
  return task;
}

/** Starts the fetch without waiting for it: the platform's request has been answered already. */
export function startAudioFetch(callId: string) {
  void fetchCallAudio(callId);
}

/** Resolves when every fetch running in this process has ended (tests and shutdown). */
export async function audioFetchesSettled() {
  while (inFlight.size > 0) await Promise.all([...inFlight.values()]);
}

const SWEEP_BATCH = 50;
const SWEEP_CONCURRENCY = 4;
let sweeping: Promise<number> | null = null;

/**
 * Fetches the audio of calls still pending, oldest first, a few at a time.
 * A sweep that is still running is joined rather than started twice.
 * Resolves with the number of calls it looked at.
 */
export function fetchPendingAudio(): Promise<number> {
  sweeping ??= (async () => {
    try {
      const pending = await getDb().selectFrom("calls").select("id").where("audio_status", "=", "pending").orderBy("updated_at").limit(SWEEP_BATCH).execute();
      const queue = pending.map((row) => row.id);
      const worker = async () => {
        for (let id = queue.shift(); id; id = queue.shift()) await fetchCallAudio(id);
      };
      await Promise.all(Array.from({ length: SWEEP_CONCURRENCY }, worker));
      return pending.length;
    } finally {
      sweeping = null;
    }
  })();
  return sweeping;
}

/** For app/server.ts: a sweep at start and every minute after. */
export function startAudioFetchSweep(intervalMs = 60_000) {
  const sweep = () => void fetchPendingAudio().catch((error: unknown) => console.error("audio fetch sweep failed", error));
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return timer;
}
