import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv } from "~/config/env.server";

/**
 * Where call audio lives. The default keeps files on local disk under
 * DATA_DIR/audio/<tenant>/; a later issue adds an S3-compatible store behind
 * the same interface. Keys are always `<tenant id>/<file name>`, so a key
 * from one tenant can never name another tenant's file.
 */
export interface AudioStore {
  /** Stores the bytes and returns the key to keep on the call. */
  put(input: { tenantId: string; callId: string; bytes: Uint8Array; extension: string }): Promise<{ key: string; size: number }>;
  /** Size in bytes, or null when the object is gone. */
  size(key: string): Promise<number | null>;
  /** A stream of bytes [start, end] inclusive (the whole object without a range). */
  read(key: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  delete(key: string): Promise<void>;
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export class LocalDiskAudioStore implements AudioStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    const [tenant, file, ...rest] = key.split("/");
    if (!tenant || !file || rest.length > 0 || !SAFE_SEGMENT.test(tenant) || !SAFE_SEGMENT.test(file)) throw new Error(`not an audio key: ${key}`);
    return path.join(this.root, tenant, file);
  }

  async put({ tenantId, callId, bytes, extension }: { tenantId: string; callId: string; bytes: Uint8Array; extension: string }) {
    const key = `${tenantId}/${callId}-${crypto.randomUUID().slice(0, 8)}.${extension.replace(/[^a-z0-9]/gi, "")}`;
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const partial = `${target}.partial`;
    await fs.writeFile(partial, bytes);
    await fs.rename(partial, target);
    return { key, size: bytes.byteLength };
  }

  async size(key: string) {
    try {
      return (await fs.stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }) {
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : undefined);
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

let store: AudioStore | undefined;

export function getAudioStore(): AudioStore {
  store ??= new LocalDiskAudioStore(path.join(getEnv().dataDir, "audio"));
  return store;
}
