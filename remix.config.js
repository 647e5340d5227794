/**
 * Remix classic compiler (see docs/decisions/0001-remix-classic-compiler.md).
 * `server` bundles our Express entry together with the app, so the production
 * server and the route modules share one module graph (one database handle,
 * one rate-limit store).
 */
// A developer can build into another folder (VOXBOARD_BUILD_ROOT=/tmp/x npm run build) to test beside a running build.
import { flatRoutes } from "remix-flat-routes";

const root = process.env.VOXBOARD_BUILD_ROOT ?? ".";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes are grouped in `+` folders by area (docs/decisions/0029-code-layout.md); a folder adds no URL segment of its own beyond its name's.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"] }),
  server: "./app/server.ts",
  serverBuildPath: `${root}/build/index.js`,
  assetsBuildDirectory: `${root}/public/build`,
  publicPath: "/build/",
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: true,
  watchPaths: ["./locales/**/*.json"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
