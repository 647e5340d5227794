import { Transform, type TransformCallback } from "node:stream";

const HIGH_WATER = 64 * 1024;

/**
 * Sits between React's renderer and the response.
 *
 * It drops NUL bytes: React 18.3's Node renderer writes its whole 2 KiB buffer,
 * zero padding included, when a multibyte character does not fit at its end
 * (react-dom-server.node writeStringChunk; React issues 24985 and 31134, fixed
 * only in 19). Byte 0x00 never occurs inside a UTF-8 sequence, and a U+0000 in
 * HTML text is a parse error browsers discard, so removing every NUL byte
 * restores exactly the rendered text.
 *
 * It also gathers React's 2 KiB writes into one chunk per turn of the event
 * loop (or 64 KiB), so compression and the socket see a few large writes
 * instead of dozens of small ones; a streamed page still flushes as soon as
 * React pauses.
 */
export class HtmlStreamRepair extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private scheduled: NodeJS.Immediate | null = null;

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = withoutNulBytes(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    if (bytes.length) {
      this.pending.push(bytes);
      this.pendingBytes += bytes.length;
    }
    if (this.pendingBytes >= HIGH_WATER) this.release();
    else if (!this.scheduled && this.pendingBytes) this.scheduled = setImmediate(() => this.release());
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.release();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    this.pending = [];
    callback(error);
  }

  private release() {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    if (!this.pendingBytes) return;
    const chunk = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.push(chunk);
  }
}

export function withoutNulBytes(chunk: Buffer): Buffer {
  let index = chunk.indexOf(0);
  if (index === -1) return chunk;
  const kept = Buffer.allocUnsafe(chunk.length);
  let length = 0;
  let start = 0;
  while (index !== -1) {
    length += chunk.copy(kept, length, start, index);
    start = index + 1;
    index = chunk.indexOf(0, start);
  }
  length += chunk.copy(kept, length, start);
  return kept.subarray(0, length);
}
