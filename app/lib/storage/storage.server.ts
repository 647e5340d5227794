import { getEnv } from "~/config/env.server";
import { LocalObjectStorage } from "./local-storage.server";
import type { ObjectStorage } from "./object-storage";
import { S3ObjectStorage } from "./s3-storage.server";

let storage: ObjectStorage | undefined;

/** The app's one store of files: S3 when S3_BUCKET is set, else the local disk under DATA_DIR. */
export function getStorage(): ObjectStorage {
  if (storage) return storage;
  const env = getEnv();
  storage = env.s3 ? new S3ObjectStorage(env.s3) : new LocalObjectStorage(env.dataDir);
  return storage;
}

/** Tests and scripts that change the environment start over. */
export function resetStorage() {
  storage = undefined;
}
