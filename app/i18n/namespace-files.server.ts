import { createHash } from "node:crypto";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";
import { isLanguage, NAMESPACES, type Language, type Namespace } from "./config";
import { resources } from "./resources.server";

/**
 * Translation namespaces as files the browser loads when a client-side
 * navigation reaches a screen whose namespaces the first page did not ship.
 * Each is named by a hash of its content (/locales/de/campaigns.3f9a1c2b7d.json),
 * so it is cached for a year and a new release never serves a stale copy.
 * Each file is built (and hashed) on first use; it is compressed the first
 * time it is served, so the first page view does not pay for 28 brotli runs.
 */
interface NamespaceFile {
  version: string;
  body: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

const files = new Map<string, NamespaceFile>();

function namespaceFile(language: Language, namespace: Namespace): NamespaceFile {
  const key = `${language}/${namespace}`;
  let file = files.get(key);
  if (!file) {
    const body = Buffer.from(JSON.stringify(resources[language][namespace]));
    file = { version: createHash("sha256").update(body).digest("hex").slice(0, 10), body };
    files.set(key, file);
  }
  return file;
}

function brotliOf(file: NamespaceFile) {
  file.brotli ??= brotliCompressSync(file.body, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: file.body.length },
  });
  return file.brotli;
}

function gzipOf(file: NamespaceFile) {
  file.gzip ??= gzipSync(file.body, { level: 9 });
  return file.gzip;
}

export type NamespaceVersions = Partial<Record<Namespace, string>>;

const versionsByLanguage = new Map<Language, NamespaceVersions>();

const releases = new Map<Language, string>();

/**
 * One version for all of a language's namespaces, the hash of their hashes:
 * the URL version a page uses for every translation file it loads, so the
 * page carries 10 characters instead of a table of some forty hashes (which
 * cost about 1 KiB gzip on every page). A release that changes one namespace
 * changes this too, so the browser fetches that language's files again once.
 */
export function translationRelease(language: Language): string {
  let release = releases.get(language);
  if (!release) {
    const hash = createHash("sha256");
    for (const namespace of NAMESPACES) hash.update(`${namespace}:${namespaceFile(language, namespace).version};`);
    release = hash.digest("hex").slice(0, 10);
    releases.set(language, release);
  }
  return release;
}

/** Every namespace's own version in one language (the files are also served under these). */
export function namespaceVersions(language: Language): NamespaceVersions {
  let versions = versionsByLanguage.get(language);
  if (!versions) {
    versions = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, namespaceFile(language, namespace).version]));
    versionsByLanguage.set(language, versions);
  }
  return versions;
}

export interface StaticReply {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

// A namespace is lower-case words joined by hyphens ("service-desk", "post-call").
const FILE_NAME = /^([a-z]+(?:-[a-z]+)*)\.([0-9a-f]{10})\.json$/;

/** Answers GET /locales/:language/:file, choosing brotli or gzip from Accept-Encoding. */
export function namespaceFileReply(language: string, fileName: string, acceptEncoding: string | undefined): StaticReply {
  const match = FILE_NAME.exec(fileName);
  const namespace = match?.[1];
  if (!isLanguage(language) || !match || !(NAMESPACES as readonly string[]).includes(namespace!)) {
    return { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" }, body: "Not found" };
  }
  const file = namespaceFile(language, namespace as Namespace);
  // A page from the previous release may ask for an old version: it gets today's, which must not be cached as the old one.
  const current = match[2] === translationRelease(language) || match[2] === file.version;
  const cacheControl = current ? "public, max-age=31536000, immutable" : "no-cache";
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cacheControl, Vary: "Accept-Encoding" };
  const accepted = acceptEncoding ?? "";
  if (/\bbr\b/.test(accepted)) return { status: 200, headers: { ...headers, "Content-Encoding": "br" }, body: brotliOf(file) };
  if (/\bgzip\b/.test(accepted)) return { status: 200, headers: { ...headers, "Content-Encoding": "gzip" }, body: gzipOf(file) };
  return { status: 200, headers, body: file.body };
}
