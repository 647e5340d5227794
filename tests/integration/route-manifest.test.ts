import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { layoutsOf, readRouteManifest, urlTreeOf, type ManifestRoute } from "../../tools/route-manifest";

/*
 * The URL tree the app serves, as Remix reads it from remix.config.js, held
 * against a committed snapshot (tests/support/route-manifest.snapshot.json).
 * Route files may move (into folders, say) as long as every URL, its parent
 * and whether it is an index stay the same; ids and file names are left out
 * on purpose. A deliberate change of URLs is recorded by running this file
 * with UPDATE_ROUTE_MANIFEST=1 and committing the snapshot with the change.
 */

const SNAPSHOT = path.resolve("tests/support/route-manifest.snapshot.json");

let routes: ManifestRoute[];

beforeAll(async () => {
  routes = await readRouteManifest();
  if (process.env.UPDATE_ROUTE_MANIFEST === "1") {
    fs.writeFileSync(SNAPSHOT, `${JSON.stringify({ routes: urlTreeOf(routes), layouts: layoutsOf(routes) }, null, 2)}\n`);
  }
});

function snapshot(): { routes: ReturnType<typeof urlTreeOf>; layouts: ReturnType<typeof layoutsOf> } {
  return JSON.parse(fs.readFileSync(SNAPSHOT, "utf8"));
}

describe("the route manifest", () => {
  it("has every route (98 or more, the root included), so it cannot shrink unnoticed", () => {
    expect(routes.length).toBeGreaterThanOrEqual(98);
    expect(snapshot().routes.length).toBe(routes.length);
  });

  it("serves the same URL tree as the snapshot: every pattern, its parent's pattern, index or not", () => {
    expect(urlTreeOf(routes)).toEqual(snapshot().routes);
  });

  it("keeps every page under the same layout as the snapshot", () => {
    expect(layoutsOf(routes)).toEqual(snapshot().layouts);
  });

  it("names a file for every route, and every file exists", () => {
    for (const route of routes) expect(fs.existsSync(path.resolve("app", route.file)), route.file).toBe(true);
  });
});
