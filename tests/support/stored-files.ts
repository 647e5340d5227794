import { readAll } from "~/lib/storage/object-storage";
import { getStorage } from "~/lib/storage/storage.server";

/**
 * What the app's store holds, asked through the store itself, so a test
 * passes on the local disk (SQLite pass) and on S3 (PostgreSQL pass) alike.
 * Keys as ~/lib/storage names them: `audio/<tenant>/<file>`,
 * `uploads/avatars/<file>`, `imports/<id>.csv`.
 */
export async function storedBytes(key: string) {
  const stream = await getStorage().read(key);
  return stream ? readAll(stream) : null;
}

export async function isStored(key: string) {
  return (await getStorage().size(key)) !== null;
}

export async function storedKeys(prefix: string) {
  const keys: string[] = [];
  for await (const object of getStorage().list(prefix)) keys.push(object.key);
  return keys;
}

export const audioKey = (audioFile: string) => `audio/${audioFile}`;
export const avatarKey = (fileName: string) => `uploads/avatars/${fileName}`;
export const importKey = (importId: string) => `imports/${importId}.csv`;
