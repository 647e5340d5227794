import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Removes the run's temporary DATA_DIR (database and outbox), and only a directory this config created. */
export default function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || process.env.E2E_KEEP_DATA === "1") return;
  if (path.dirname(dataDir) !== os.tmpdir() || !path.basename(dataDir).startsWith("voxboard-e2e-")) return;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
