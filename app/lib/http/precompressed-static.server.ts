import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json; charset=utf-8",
};

function listFiles(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Serves the .br or .gz file that `npm run build` wrote beside a fingerprinted
 * asset (tools/precompress-assets.ts), so a script is compressed once at the
 * highest level rather than on every request. Anything else falls through to
 * express.static. The set of files is read once: build assets never change
 * while the server runs.
 */
export function servePrecompressed(assetsDir: string): RequestHandler {
  const available = new Set(listFiles(assetsDir).map((file) => path.relative(assetsDir, file).split(path.sep).join("/")));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const relative = decodeURIComponent(req.path).replace(/^\/+/, "");
    const contentType = CONTENT_TYPES[path.extname(relative)];
    if (!contentType || !available.has(relative)) return next();
    const accepted = req.get("accept-encoding") ?? "";
    const encoding =
      /\bbr\b/.test(accepted) && available.has(`${relative}.br`) ? "br" : /\bgzip\b/.test(accepted) && available.has(`${relative}.gz`) ? "gzip" : null;
    if (!encoding) return next();
    res.set({
      "Content-Type": contentType,
      "Content-Encoding": encoding,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    });
    res.sendFile(`${relative}.${encoding === "br" ? "br" : "gz"}`, { root: assetsDir, dotfiles: "deny", cacheControl: false, lastModified: true }, (error) => {
      if (error) next(error);
    });
  };
}
