import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertObjectKey, assertPrefix, type ObjectStorage, type StoredObjectInfo } from "./object-storage";

/**
 * Objects as files under a root folder (DATA_DIR): the key is the relative
 * path, so existing installations keep their files where they were
 * (DATA_DIR/audio/…, DATA_DIR/uploads/avatars/…, DATA_DIR/imports/…).
 * Writes go to a temporary name first and are renamed into place, so a
 * reader never sees half a file.
 */
export class LocalObjectStorage implements ObjectStorage {
  readonly kind = "local" as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    return path.join(this.root, ...assertObjectKey(key).split("/"));
  }

  async putBytes(key: string, bytes: Uint8Array) {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${crypto.randomUUID().slice(0, 8)}.partial`;
    try {
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  }

  async moveFileIn(key: string, localPath: string) {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(localPath, target);
    } catch (error) {
      // Another file system: copy under a temporary name, then rename.
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      const partial = `${target}.${crypto.randomUUID().slice(0, 8)}.partial`;
      await fs.copyFile(localPath, partial);
      await fs.rename(partial, target);
      await fs.rm(localPath, { force: true });
    }
  }

  async read(key: string, range?: { start: number; end: number }) {
    const file = this.pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    // Opened here, so a missing file is null rather than an error in the middle of a response.
    const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async size(key: string) {
    try {
      return (await fs.stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredObjectInfo> {
    const folder = path.join(this.root, ...assertPrefix(prefix).split("/").filter(Boolean));
    let entries: string[];
    try {
      entries = await fs.readdir(folder, { recursive: true });
    } catch {
      return;
    }
    for (const entry of entries.sort()) {
      const stat = await fs.stat(path.join(folder, entry)).catch(() => null);
      if (!stat?.isFile()) continue;
      yield { key: `${prefix}${entry.split(path.sep).join("/")}`, size: stat.size, lastModified: stat.mtime };
    }
  }

  async check() {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK).catch(() => {
      throw new Error(`DATA_DIR ${this.root} is not writable`);
    });
  }
}
