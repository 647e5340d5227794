import type { GuardedResponse } from "./guard.server";

/** The body was longer than the caller accepts; `declared` when the Content-Length said so before a byte was read. */
export class BodyTooLarge extends Error {
  override name = "BodyTooLarge";
  constructor(
    readonly limit: number,
    readonly declared: number | null = null,
  ) {
    super(`the body is larger than ${limit} bytes`);
  }
}

/** Reads a response body up to `limit` bytes; one byte more and the download is cancelled (BodyTooLarge). */
export async function readBodyCapped(response: GuardedResponse, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(limit, declared);
  }
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** fetch() says only "fetch failed"; the reason (refused, DNS, TLS…) is in its cause. */
export function describeFetchFailure(error: unknown) {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return [(error as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(": ");
}
