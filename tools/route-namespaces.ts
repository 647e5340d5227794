/**
 * Which translation namespaces each route's screen can need, read from the source:
 *
 *   npx tsx tools/route-namespaces.ts          # prints what each route uses and declares
 *
 * A page ships only the namespaces its matched routes declare in `handle.i18n`
 * (see app/i18n/route-namespaces.ts), so a route that forgets one renders raw keys.
 * The test beside this file walks every route's imports and fails when a route uses
 * a namespace that neither it nor a parent route declares.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "~/i18n/config";
import { readRouteManifest, type ManifestRoute } from "./route-manifest";

const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app");
const NAMESPACE_SET = new Set<string>(NAMESPACES);
const NAMESPACE_ALTERNATION = NAMESPACES.join("|");

// The ways a module names a namespace: useTranslation("x") or (["x", "y"]), a "x:key" literal,
// { ns: "x" }, ns="x" on <Trans>, and namespace="x" handed to a kit field that translates its errors.
const USAGE_PATTERNS = [
  /useTranslation\(\s*\[([^\]]*)\]/g,
  /useTranslation\(\s*["'`](\w+)["'`]/g,
  new RegExp(`["'\`](${NAMESPACE_ALTERNATION}):[\\w$]`, "g"),
  /\bns\s*[:=]\s*\{?\s*["'`](\w+)["'`]/g,
  /\bnamespace\s*[:=]\s*\{?\s*["'`](\w+)["'`]/g,
];
const DEFAULT_USAGE = /useTranslation\(\s*\)/;
// A module that renders only in the browser, on a person's request, after a dynamic import (the tour the help button starts)
// fetches its namespaces then: useTranslation suspends until they have arrived (app/i18n/react.tsx). It says so with this
// marker, and its own namespaces are not asked of every page that can load it.
const ON_DEMAND_MARKER = "@i18n-on-demand";
// Static imports and re-exports, and import("…"): a screen's lazily loaded parts render with its translations too.
const IMPORT_PATTERN = /(?:(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\sfrom\s+)?|import\(\s*)["']([^"']+)["']/g;

export function namespacesNamedIn(source: string): Set<Namespace> {
  const found = new Set<Namespace>();
  if (DEFAULT_USAGE.test(source)) found.add(DEFAULT_NAMESPACE);
  for (const pattern of USAGE_PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      for (const name of match[1]!.split(",").map((part) => part.trim().replace(/^["'`]|["'`]$/g, ""))) {
        if (NAMESPACE_SET.has(name)) found.add(name as Namespace);
      }
    }
  }
  return found;
}

function resolveImport(fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP_DIR, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (/\.(ts|tsx)$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Namespaces named by a module and everything it imports from app/ (transitively). */
export function namespacesReachableFrom(entry: string, cache = new Map<string, string>()): Set<Namespace> {
  const seen = new Set<string>();
  const found = new Set<Namespace>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let source = cache.get(file);
    if (source === undefined) {
      source = fs.readFileSync(file, "utf8");
      cache.set(file, source);
    }
    if (!source.includes(ON_DEMAND_MARKER)) for (const namespace of namespacesNamedIn(source)) found.add(namespace);
    for (const match of source.matchAll(IMPORT_PATTERN)) {
      const resolved = resolveImport(file, match[1]!);
      if (resolved) stack.push(resolved);
    }
  }
  return found;
}

export interface RouteNamespaceReport {
  routeId: string;
  parents: string[];
  used: Namespace[];
  declared: Namespace[];
  /** Used by the route's screen but declared neither by it nor by a parent. */
  missing: Namespace[];
}

async function declaredNamespaces(file: string): Promise<Namespace[]> {
  const source = fs.readFileSync(file, "utf8");
  const match = /export const handle[^=]*=\s*\{[^}]*\bi18n:\s*\[([^\]]*)\]/.exec(source);
  if (!match) return [];
  return match[1]!
    .split(",")
    .map((part) => part.trim().replace(/^["'`]|["'`]$/g, ""))
    .filter((name): name is Namespace => NAMESPACE_SET.has(name));
}

/** Every route's namespaces against what it and its parents (as Remix nests them: readRouteManifest) declare. */
export async function analyzeRouteNamespaces(): Promise<RouteNamespaceReport[]> {
  const routes = await readRouteManifest();
  const byId = new Map(routes.map((route) => [route.id, route]));
  const fileOf = (route: ManifestRoute) => path.join(APP_DIR, route.file);
  const cache = new Map<string, string>();
  const declaredById = new Map<string, Namespace[]>([["root", [DEFAULT_NAMESPACE]]]);
  for (const route of routes) if (route.id !== "root") declaredById.set(route.id, await declaredNamespaces(fileOf(route)));
  const parentsOf = (route: ManifestRoute): string[] => (route.parentId ? [...parentsOf(byId.get(route.parentId)!), route.parentId] : []);
  const reports: RouteNamespaceReport[] = [];
  for (const route of routes) {
    if (route.id === "root") continue;
    // Resource routes (exports, audio, preference posts) render no screen.
    if (!/export default\b/.test(fs.readFileSync(fileOf(route), "utf8"))) continue;
    const parents = parentsOf(route);
    const used = [...namespacesReachableFrom(fileOf(route), cache)].sort();
    const declared = declaredById.get(route.id) ?? [];
    const available = new Set([...declared, ...parents.flatMap((parent) => declaredById.get(parent) ?? [])]);
    reports.push({ routeId: route.id, parents, used, declared, missing: used.filter((namespace) => !available.has(namespace)) });
  }
  // The root renders the shell of every page (and the error page) with the default namespace.
  const rootUsed = [...namespacesReachableFrom(path.join(APP_DIR, "root.tsx"), cache)].sort();
  reports.unshift({
    routeId: "root",
    parents: [],
    used: rootUsed,
    declared: [DEFAULT_NAMESPACE],
    missing: rootUsed.filter((namespace) => namespace !== DEFAULT_NAMESPACE),
  });
  return reports;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const report of await analyzeRouteNamespaces()) {
    const flag = report.missing.length ? `  MISSING ${report.missing.join(", ")}` : "";
    console.log(`${report.routeId.padEnd(48)} uses ${report.used.join(", ") || "-"}; declares ${report.declared.join(", ") || "-"}${flag}`);
  }
}
