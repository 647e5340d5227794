import path from "node:path";
import { fileURLToPath } from "node:url";
import { readConfig } from "@remix-run/dev/dist/config.js";

/**
 * The app's routes as Remix itself reads them: remix.config.js through
 * @remix-run/dev's readConfig (ignoredRouteFiles, the flat-routes convention
 * of docs/decisions/0001-remix-classic-compiler.md), not a second reading of
 * the file names of our own.
 */
export interface ManifestRoute {
  id: string;
  /** The full URL pattern ("/contacts/:contactId/edit"); a pathless layout has its parent's. */
  pattern: string;
  /** The parent route's pattern; null for the root. */
  parentPattern: string | null;
  index: boolean;
  /** Path from app/ ("routes/_dashboard+/overview.tsx"). */
  file: string;
  parentId: string | null;
}

function join(parent: string, segment: string | undefined) {
  if (!segment) return parent;
  return `${parent.replace(/\/$/, "")}/${segment}`;
}

/** Code-unit order, the same on every machine and locale. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

let cached: Promise<ManifestRoute[]> | undefined;

export function readRouteManifest(): Promise<ManifestRoute[]> {
  cached ??= (async () => {
    const config = await readConfig(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
    const routes = config.routes;
    const patternOf = (id: string): string => {
      const route = routes[id]!;
      const parent = route.parentId ? patternOf(route.parentId) : "/";
      return join(parent, route.path);
    };
    return Object.values(routes)
      .map((route) => ({
        id: route.id,
        pattern: patternOf(route.id),
        parentPattern: route.parentId ? patternOf(route.parentId) : null,
        index: route.index === true,
        file: route.file,
        parentId: route.parentId ?? null,
      }))
      .sort((a, b) => compare(a.id, b.id));
  })();
  return cached;
}

/** What must stay the same when route files move: the URL tree, without file names or ids. */
export function urlTreeOf(routes: ManifestRoute[]) {
  return routes
    .map(({ pattern, parentPattern, index }) => ({ pattern, parentPattern, index }))
    .sort((a, b) => compare(a.pattern, b.pattern) || Number(a.index) - Number(b.index) || compare(String(a.parentPattern), String(b.parentPattern)));
}

/**
 * Every route that has children, with its children's patterns. The flat list
 * cannot tell the two pathless layouts (_auth, _dashboard) apart (both are
 * "/" under "/"), so this says which pages sit under which layout, still
 * without ids or file names.
 */
export function layoutsOf(routes: ManifestRoute[]) {
  const byId = new Map(routes.map((route) => [route.id, route]));
  const children = new Map<string, string[]>();
  for (const route of routes) {
    if (!route.parentId) continue;
    const label = `${route.pattern}${route.index ? " (index)" : ""}`;
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), label]);
  }
  return [...children.entries()]
    .map(([id, labels]) => ({ pattern: byId.get(id)!.pattern, children: labels.sort(compare) }))
    .sort((a, b) => compare(a.pattern, b.pattern) || compare(a.children.join("\n"), b.children.join("\n")));
}
