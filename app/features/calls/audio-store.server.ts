import { getStorage } from "~/lib/storage/storage.server";
import type { ObjectStorage } from "~/lib/storage/object-storage";

/**
 * Where call audio lives: objects `audio/<tenant>/<file>` of the app's store
 * (local disk or S3, ~/lib/storage). A call keeps `<tenant id>/<file name>`,
 * so a key from one tenant can never name another tenant's file.
 */
export interface AudioStore {
  /** Stores the bytes and returns the key to keep on the call. */
  put(input: { tenantId: string; callId: string; bytes: Uint8Array; extension: string }): Promise<{ key: string; size: number }>;
  /** Size in bytes, or null when the object is gone. */
  size(key: string): Promise<number | null>;
  /** A stream of bytes [start, end] inclusive (the whole object without a range), or null when the object is gone. */
  read(key: string, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array> | null>;
  delete(key: string): Promise<void>;
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function objectKeyOf(key: string) {
  const [tenant, file, ...rest] = key.split("/");
  if (!tenant || !file || rest.length > 0 || !SAFE_SEGMENT.test(tenant) || !SAFE_SEGMENT.test(file)) throw new Error(`not an audio key: ${key}`);
  return `audio/${tenant}/${file}`;
}

export class StoredAudio implements AudioStore {
  constructor(private readonly storage: ObjectStorage) {}

  async put({ tenantId, callId, bytes, extension }: { tenantId: string; callId: string; bytes: Uint8Array; extension: string }) {
    const key = `${tenantId}/${callId}-${crypto.randomUUID().slice(0, 8)}.${extension.replace(/[^a-z0-9]/gi, "")}`;
    await this.storage.putBytes(objectKeyOf(key), bytes);
    return { key, size: bytes.byteLength };
  }

  size(key: string) {
    return this.storage.size(objectKeyOf(key));
  }

  read(key: string, range?: { start: number; end: number }) {
    return this.storage.read(objectKeyOf(key), range);
  }

  delete(key: string) {
    return this.storage.delete(objectKeyOf(key));
  }
}

export function getAudioStore(): AudioStore {
  return new StoredAudio(getStorage());
}
