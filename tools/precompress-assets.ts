/**
 * Runs after `remix build`: writes a brotli (quality 11) and a gzip (level 9)
 * copy beside every script, stylesheet and JSON file in public/build, which the
 * server sends as they are (app/lib/http/precompressed-static.server.ts).
 * A copy that would not be smaller is not written.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|css|json|svg)$/;

export function precompressDirectory(directory: string) {
  let files = 0;
  let rawBytes = 0;
  let brotliBytes = 0;
  let gzipBytes = 0;
  for (const entry of fs.readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gzip = gzipSync(body, { level: 9 });
    for (const [suffix, compressed] of [
      ["br", brotli],
      ["gz", gzip],
    ] as const) {
      if (compressed.length < body.length) fs.writeFileSync(`${file}.${suffix}`, compressed);
      else fs.rmSync(`${file}.${suffix}`, { force: true });
    }
    files += 1;
    rawBytes += body.length;
    brotliBytes += Math.min(brotli.length, body.length);
    gzipBytes += Math.min(gzip.length, body.length);
  }
  return { files, rawBytes, brotliBytes, gzipBytes };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = process.env.VOXBOARD_BUILD_ROOT ?? ".";
  const directory = path.resolve(root, "public", "build");
  const { files, rawBytes, brotliBytes, gzipBytes } = precompressDirectory(directory);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(`Precompressed ${files} assets in ${directory}: ${kib(rawBytes)} raw, ${kib(gzipBytes)} gzip, ${kib(brotliBytes)} brotli`);
}
