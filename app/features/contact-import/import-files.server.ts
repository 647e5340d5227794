import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/config/env.server";

/**
 * Uploaded CSVs live on disk under DATA_DIR/imports, never in the database;
 * contact_imports.stored_file holds the name, which is the import's id. Only
 * names of that exact shape resolve to a path, so a stored value can never
 * point outside the folder.
 */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.csv$/;
/** A file still arriving, or being converted to UTF-8. */
const PARTIAL_NAME = /^[0-9a-f-]{36}\.(upload|utf8)$/;

export const importsDir = () => getEnv().importsDir;

export const storedNameFor = (importId: string) => `${importId}.csv`;

export function storedFilePath(storedFile: string): string {
  if (!STORED_NAME.test(storedFile)) throw new Error(`not a stored import file name: ${storedFile}`);
  return path.join(importsDir(), storedFile);
}

/** Where an upload is written while it arrives; renamed to the stored name once it has passed every check. */
export function partialFilePath(importId: string, stage: "upload" | "utf8") {
  const name = `${importId}.${stage}`;
  if (!PARTIAL_NAME.test(name)) throw new Error(`not an import id: ${importId}`);
  return path.join(importsDir(), name);
}

export async function storedFileExists(storedFile: string) {
  try {
    await fs.access(storedFilePath(storedFile));
    return true;
  } catch {
    return false;
  }
}

/** A file already gone is not an error. */
export async function deleteStoredFile(storedFile: string) {
  await fs.rm(storedFilePath(storedFile), { force: true });
}

/** Files in the folder older than the cut-off whose names this module made; anything else there is left alone. */
export async function filesOlderThan(cutoffMs: number): Promise<Array<{ name: string; stored: boolean }>> {
  let names: string[];
  try {
    names = await fs.readdir(importsDir());
  } catch {
    return [];
  }
  const old: Array<{ name: string; stored: boolean }> = [];
  for (const name of names) {
    const stored = STORED_NAME.test(name);
    if (!stored && !PARTIAL_NAME.test(name)) continue;
    const stat = await fs.stat(path.join(importsDir(), name)).catch(() => null);
    if (stat && stat.mtimeMs < cutoffMs) old.push({ name, stored });
  }
  return old;
}

export async function removeFileInImportsDir(name: string) {
  if (!STORED_NAME.test(name) && !PARTIAL_NAME.test(name)) return;
  await fs.rm(path.join(importsDir(), name), { force: true });
}
