import { Transform, type TransformCallback } from "node:stream";

const HIGH_WATER = 64 * 1024;

/** How React 18 closes a document rendered from `<html>`: once, as the `<html>` element ends. */
const POSTAMBLE = Buffer.from("</body></html>");

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
 * It moves the document's closing `</body></html>` to the end of the stream,
 * as React 19 does. React 18 writes them where the `<html>` element ends, but
 * more follows: Remix renders the single-fetch data transfer (`<script>`s that
 * feed the loader data to the browser) in a Suspense boundary beside the
 * document, and every boundary that completes after the shell arrives as a
 * hidden `<div>` and a `<script>`. All of it landed after `</html>`, a parse
 * error in every page ("Stray start tag script", the Nu HTML Checker) that
 * browsers recover from by appending it to the body. Held back, the same
 * nodes are the body's last children, where browsers put them anyway, and
 * the page is valid (docs/decisions/0026-html-validity.md). Only the first
 * `</body></html>` is the document's end: React escapes `<` in text and
 * attributes, and the page's JSON scripts escape it too.
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
  /** Whether `</body></html>` has been taken out, to be written last. */
  private postambleHeld = false;
  /** The end of the bytes so far, while it could be the start of `</body></html>` split across writes. */
  private partialPostamble: Buffer = Buffer.alloc(0);

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    let bytes = withoutNulBytes(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    if (!this.postambleHeld) bytes = this.withoutPostamble(bytes);
    if (bytes.length) {
      this.pending.push(bytes);
      this.pendingBytes += bytes.length;
    }
    if (this.pendingBytes >= HIGH_WATER) this.release();
    else if (!this.scheduled && this.pendingBytes) this.scheduled = setImmediate(() => this.release());
    callback();
  }

  override _flush(callback: TransformCallback) {
    // A document that never closed (or no document) keeps every byte, in order.
    if (this.partialPostamble.length) this.pending.push(this.partialPostamble);
    this.pendingBytes += this.partialPostamble.length;
    this.partialPostamble = Buffer.alloc(0);
    if (this.postambleHeld) {
      this.pending.push(POSTAMBLE);
      this.pendingBytes += POSTAMBLE.length;
    }
    this.release();
    callback();
  }

  /** The bytes without the first `</body></html>`, holding back an end that may be its start. */
  private withoutPostamble(bytes: Buffer): Buffer {
    const data = this.partialPostamble.length ? Buffer.concat([this.partialPostamble, bytes]) : bytes;
    this.partialPostamble = Buffer.alloc(0);
    const index = data.indexOf(POSTAMBLE);
    if (index !== -1) {
      this.postambleHeld = true;
      return Buffer.concat([data.subarray(0, index), data.subarray(index + POSTAMBLE.length)]);
    }
    for (let length = Math.min(POSTAMBLE.length - 1, data.length); length > 0; length--) {
      if (data.subarray(data.length - length).equals(POSTAMBLE.subarray(0, length))) {
        this.partialPostamble = Buffer.from(data.subarray(data.length - length));
        return data.subarray(0, data.length - length);
      }
    }
    return data;
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    this.pending = [];
    this.partialPostamble = Buffer.alloc(0);
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
