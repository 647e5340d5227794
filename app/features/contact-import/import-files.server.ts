import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/config/env.server";
import { getStorage } from "~/lib/storage/storage.server";

/**
 * An upload arrives on the app server that received it, as a local file in
 * DATA_DIR/imports (checked, converted to UTF-8, counted there); once it has
 * passed every check it moves into the app's store as `imports/<id>.csv`
 * (~/lib/storage: the same folder on the local disk, the bucket on S3), so an
 * import started through one app server can be previewed and run through
 * another. contact_imports.stored_file holds the name, which is the import's
 * id; only names of that exact shape resolve, so a stored value can never
 * point anywhere else.
 */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.csv$/;
/** A file still arriving, or being converted to UTF-8, on this server's disk. */
const PARTIAL_NAME = /^[0-9a-f-]{36}\.(upload|utf8)$/;
const PREFIX = "imports/";

export const importsDir = () => getEnv().importsDir;

export const storedNameFor = (importId: string) => `${importId}.csv`;

function objectKeyOf(storedFile: string) {
  if (!STORED_NAME.test(storedFile)) throw new Error(`not a stored import file name: ${storedFile}`);
  return `${PREFIX}${storedFile}`;
}

/** Where an upload is written while it arrives; moved into the store once it has passed every check. */
export function partialFilePath(importId: string, stage: "upload" | "utf8") {
  const name = `${importId}.${stage}`;
  if (!PARTIAL_NAME.test(name)) throw new Error(`not an import id: ${importId}`);
  return path.join(importsDir(), name);
}

/** Moves a checked local file into the store; the local file is gone afterwards. */
export async function storeUploadedFile(storedFile: string, localPath: string) {
  await getStorage().moveFileIn(objectKeyOf(storedFile), localPath, "text/csv; charset=utf-8");
}

/** The stored file's bytes, or null when it is gone. */
export function openStoredFile(storedFile: string) {
  return getStorage().read(objectKeyOf(storedFile));
}

export async function storedFileExists(storedFile: string) {
  return (await getStorage().size(objectKeyOf(storedFile))) !== null;
}

/** A file already gone is not an error. */
export async function deleteStoredFile(storedFile: string) {
  await getStorage().delete(objectKeyOf(storedFile));
}

/** Stored files and this server's partial files older than the cut-off whose names this module made; anything else is left alone. */
export async function filesOlderThan(cutoffMs: number): Promise<Array<{ name: string; stored: boolean }>> {
  const old: Array<{ name: string; stored: boolean }> = [];
  for await (const object of getStorage().list(PREFIX)) {
    const name = object.key.slice(PREFIX.length);
    if (STORED_NAME.test(name) && object.lastModified.getTime() < cutoffMs) old.push({ name, stored: true });
  }
  let names: string[] = [];
  try {
    names = await fs.readdir(importsDir());
  } catch {
    // No folder: nothing has arrived on this server.
  }
  for (const name of names) {
    if (!PARTIAL_NAME.test(name)) continue;
    const stat = await fs.stat(path.join(importsDir(), name)).catch(() => null);
    if (stat && stat.mtimeMs < cutoffMs) old.push({ name, stored: false });
  }
  return old;
}

export async function removeImportFile(file: { name: string; stored: boolean }) {
  if (file.stored) await deleteStoredFile(file.name);
  else if (PARTIAL_NAME.test(file.name)) await fs.rm(path.join(importsDir(), file.name), { force: true });
}
