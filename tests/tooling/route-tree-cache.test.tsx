import { createRequire } from "node:module";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Outlet, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Issue 22, item 20: the patched RemixServer (patches/@remix-run+react+2.17.5.patch)
 * makes a build's route tree once. It used to compare the route modules by
 * identity, and the server runtime makes a new routeModules object on every
 * request, so the cache was never hit and every render rebuilt and re-ranked
 * the whole tree. This renders documents through the real server runtime and
 * counts the rebuilds.
 */
const require = createRequire(import.meta.url);
// The same CommonJS module instance the patched dist/server.js calls (routes.createServerRoutes at call time).
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };

afterEach(() => vi.restoreAllMocks());

function Root() {
  return (
    <html lang="en">
      <body>
        <Outlet />
      </body>
    </html>
  );
}
const Page = (name: string) =>
  function Named() {
    return <p>{name}</p>;
  };

function tinyBuild(): ServerBuild {
  const modules = { root: { default: Root }, "routes/a": { default: Page("page a") }, "routes/b": { default: Page("page b") } };
  const manifestRoute = (id: string, parentId: string | undefined, path: string | undefined) => ({
    id,
    parentId,
    path,
    index: undefined,
    caseSensitive: undefined,
    module: `/build/${id}.js`,
    imports: [],
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasErrorBoundary: false,
  });
  return {
    mode: "production",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: false,
      v3_lazyRouteDiscovery: false,
      unstable_optimizeDeps: false,
      v3_routeConfig: false,
    },
    isSpaMode: false,
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    basename: undefined,
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: Parameters<typeof RemixServer>[0]["context"]) => {
          headers.set("Content-Type", "text/html");
          return new Response(`<!DOCTYPE html>${renderToString(<RemixServer context={context} url={_request.url} />)}`, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", parentId: undefined, path: "", index: undefined, caseSensitive: undefined, module: modules.root },
      "routes/a": { id: "routes/a", parentId: "root", path: "a", index: undefined, caseSensitive: undefined, module: modules["routes/a"] },
      "routes/b": { id: "routes/b", parentId: "root", path: "b", index: undefined, caseSensitive: undefined, module: modules["routes/b"] },
    },
    assets: {
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: {
        root: manifestRoute("root", undefined, ""),
        "routes/a": manifestRoute("routes/a", "root", "a"),
        "routes/b": manifestRoute("routes/b", "root", "b"),
      },
      url: "/build/manifest.js",
      version: "test",
    },
  } as unknown as ServerBuild;
}

describe("the patched RemixServer's route tree", () => {
  it("is made once per build, however many documents it renders", async () => {
    const build = tinyBuild();
    const handle = createRequestHandler(build, "production");
    const builds = vi.spyOn(remixRoutes, "createServerRoutes");
    const pages: string[] = [];
    for (const path of ["/a", "/b", "/a", "/b", "/a"]) {
      const response = await handle(new Request(`http://localhost${path}`));
      expect(response.status).toBe(200);
      pages.push(await response.text());
    }
    expect(pages[0]).toContain("page a");
    expect(pages[1]).toContain("page b");
    expect(pages[4]).toBe(pages[0]);
    expect(builds).toHaveBeenCalledTimes(1);
  });

  it("is made again for another build (a new manifest or other modules)", async () => {
    const builds = vi.spyOn(remixRoutes, "createServerRoutes");
    for (const build of [tinyBuild(), tinyBuild()]) {
      const handle = createRequestHandler(build, "production");
      for (const path of ["/a", "/b"]) expect((await handle(new Request(`http://localhost${path}`))).status).toBe(200);
    }
    expect(builds).toHaveBeenCalledTimes(2);
  });
});
