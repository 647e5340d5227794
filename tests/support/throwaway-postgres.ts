import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tools/bench/bench-pages-server";

export { freePort };

/**
 * A PostgreSQL server of its own for a test run: initdb and pg_ctl from
 * Debian's postgresql package in a temporary folder, on a free loopback port,
 * trusting local connections (nothing else can reach it), without fsync.
 * As root, the server runs as the `postgres` user the package creates (it
 * refuses to run as root).
 */
export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database; tests create a database each from it. */
  url: string;
  stop(): void;
}

const USER = "voxboard";

function binDir() {
  const onPath = spawnSync("sh", ["-c", "command -v pg_ctl"], { encoding: "utf8" }).stdout.trim();
  if (onPath) return path.dirname(fs.realpathSync(onPath));
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (fs.existsSync(path.join(root, version, "bin", "pg_ctl"))) return path.join(root, version, "bin");
  throw new Error("PostgreSQL is not installed: apt-get install -y postgresql (tests need initdb and pg_ctl)");
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voxboard-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const run = (command: string, args: string[]) => {
    const [file, fullArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, fullArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, "data");
  // An ICU collation like most installations have, so byte order (ByteOrderTextPlugin) is proven, not given by a C locale.
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", USER, "--no-sync", "-E", "UTF8", "--locale-provider=icu", "--icu-locale=en-US", "--locale=C.UTF-8"]);
  } catch {
    fs.rmSync(data, { recursive: true, force: true });
    run("initdb", ["-D", data, "-A", "trust", "-U", USER, "--no-sync", "-E", "UTF8"]);
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  return {
    url: `postgres://${USER}@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
