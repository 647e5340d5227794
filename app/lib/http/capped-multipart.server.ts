import { unstable_parseMultipartFormData } from "@remix-run/node";

/** A body or one of its parts went over its cap; nothing past the cap was read. */
export class PartTooLarge extends Error {
  constructor(
    readonly part: string,
    readonly limit: number,
  ) {
    super(`${part} is larger than ${limit} bytes`);
  }
}

/** Reads a stream of chunks into one buffer, throwing PartTooLarge as soon as it passes `limit` bytes. */
export async function collectCapped(data: AsyncIterable<Uint8Array>, limit: number, part: string): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > limit) throw new PartTooLarge(part, limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * The chunks of a request body. Stopping early releases the stream without cancelling it: cancelling destroys the
 * request, and with it the socket, before the 413 has been written (the client saw a connection reset).
 */
export async function* bodyChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

export interface MultipartPart {
  name: string;
  bytes: Buffer;
}

/**
 * Reads a multipart/form-data body part by part, each part streamed against the cap `limitOf(name)` gives it, so an
 * oversized body is refused (PartTooLarge) without ever being held whole. Parts `keep` refuses are read and dropped:
 * left unread, Remix's parser would hold them in memory. Anything else that goes wrong is the parser's own error.
 *
 * This and form-body.server.ts are the only readers of request bodies as forms (tests/security/forms-and-redirects.test.ts):
 * the HTML forms go through form-body, the JSON API's uploads (calls ingestion) through this.
 */
export async function readCappedMultipart(
  request: Request,
  { limitOf, keep }: { limitOf: (name: string) => number; keep: (name: string) => boolean },
): Promise<MultipartPart[]> {
  const parts: MultipartPart[] = [];
  await unstable_parseMultipartFormData(request, async ({ name, data }) => {
    const bytes = await collectCapped(data, limitOf(name), name);
    if (keep(name)) parts.push({ name, bytes });
    return undefined;
  });
  return parts;
}
