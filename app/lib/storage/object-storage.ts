/**
 * Every file the app keeps (call audio, profile pictures, contact-import
 * uploads, later invoices) is an object under a key, kept by one store: the
 * local disk under DATA_DIR (the embedded default) or an S3-compatible bucket
 * (docs/decisions/0020). Keys are paths of safe segments, such as
 * `audio/<tenant>/<file>`; a key that is not one is refused before any store
 * sees it, so a stored value can never name a file outside its place.
 */
export interface StoredObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

export interface ObjectStorage {
  /** "local" or "s3": the UI and the logs say which one stands in. */
  readonly kind: "local" | "s3";
  /** Stores bytes under a key (replacing what was there). */
  putBytes(key: string, bytes: Uint8Array, contentType?: string): Promise<void>;
  /** Moves a finished local file into the store under a key; the local file is gone afterwards. */
  moveFileIn(key: string, localPath: string, contentType?: string): Promise<void>;
  /** The object's bytes, whole or [start, end] inclusive, or null when there is no such object. */
  read(key: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>;
  /** Size in bytes, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** Removes an object; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix (a folder, ending in "/"). */
  list(prefix: string): AsyncIterable<StoredObjectInfo>;
  /** Throws with a one-line reason when the store cannot be used (readiness, start-up). */
  check(): Promise<void>;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Throws unless the key is two or more safe segments (no "..", no empty or hidden segment, no backslash). */
export function assertObjectKey(key: string) {
  const segments = key.split("/");
  if (segments.length < 2 || !segments.every((segment) => SEGMENT.test(segment) && !segment.includes(".."))) {
    throw new Error(`not an object key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function assertPrefix(prefix: string) {
  if (!prefix.endsWith("/")) throw new Error(`a prefix ends in "/": ${prefix}`);
  assertObjectKey(`${prefix}x`);
  return prefix;
}

/** Reads a whole (small) object into memory. */
export async function readAll(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
