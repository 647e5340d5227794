import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PATCHED_FILES = [
  "node_modules/@remix-run/router/dist/router.cjs.js",
  "node_modules/@remix-run/react/dist/server.js",
  "node_modules/@remix-run/react/dist/components.js",
  "node_modules/@remix-run/react/dist/esm/components.js",
  "node_modules/react-router-dom/server.js",
  "node_modules/@remix-run/dev/dist/compiler/plugins/emptyModules.js",
];

describe("the dependency patches in patches/", () => {
  // npm ci applies them (postinstall); an install that skipped scripts would run unpatched and only be slower, silently.
  it.each(PATCHED_FILES)("are applied to %s", (file) => {
    expect(fs.readFileSync(path.join(ROOT, file), "utf8")).toContain("Voxboard patch");
  });

  it("leave the browser's copy of the router alone", () => {
    expect(fs.readFileSync(path.join(ROOT, "node_modules/@remix-run/router/dist/router.js"), "utf8")).not.toContain("Voxboard patch");
  });
});
