import { describe, expect, it } from "vitest";
import {
  contextAround,
  countNulBytes,
  cpuMsPerRequest,
  describeChunk,
  dynamicImports,
  findPageAssets,
  firstInvalidUtf8,
  FULL_DURATIONS,
  i18nResourceBytes,
  median,
  parseBenchPagesArgs,
  parseProcStatCpuTicks,
  parseProcStatusBytes,
  QUICK_DURATIONS,
  sourceGroup,
  staticImports,
  targetRows,
  type TargetInputs,
} from "./bench-pages-stats";

describe("parseBenchPagesArgs", () => {
  it("defaults to 100,000 recordings, the full durations and the build in the current folder", () => {
    expect(parseBenchPagesArgs([])).toEqual({
      buildRoot: ".",
      recordings: 100_000,
      keep: null,
      quick: false,
      durations: FULL_DURATIONS,
      scripts: false,
      skipLoad: false,
      lighthouse: false,
      markdown: false,
    });
  });

  it("takes the build root from --build-root before VOXBOARD_BUILD_ROOT", () => {
    expect(parseBenchPagesArgs([], { VOXBOARD_BUILD_ROOT: "/tmp/vb" })).toMatchObject({ buildRoot: "/tmp/vb" });
    expect(parseBenchPagesArgs(["--build-root", "/tmp/other"], { VOXBOARD_BUILD_ROOT: "/tmp/vb" })).toMatchObject({ buildRoot: "/tmp/other" });
  });

  it("reads --quick, --requests, --recordings 0 and the switches", () => {
    const args = parseBenchPagesArgs([
      "--quick",
      "--requests",
      "1,000",
      "--recordings",
      "0",
      "--keep",
      "/tmp/x.db",
      "--scripts",
      "--skip-load",
      "--lighthouse",
      "--markdown",
    ]);
    expect(args).toEqual({
      buildRoot: ".",
      recordings: 0,
      keep: "/tmp/x.db",
      quick: true,
      durations: { ...QUICK_DURATIONS, cpuRequests: 1000 },
      scripts: true,
      skipLoad: true,
      lighthouse: true,
      markdown: true,
    });
    // The shared defaults are not changed by --requests.
    expect(QUICK_DURATIONS.cpuRequests).toBe(100);
  });

  it("rejects bad values with a message", () => {
    expect(parseBenchPagesArgs(["--recordings", "-1"])).toHaveProperty("error");
    expect(parseBenchPagesArgs(["--recordings", "2000000"])).toHaveProperty("error", expect.stringContaining("between 0"));
    expect(parseBenchPagesArgs(["--requests", "5"])).toHaveProperty("error", expect.stringContaining("between 10"));
    expect(parseBenchPagesArgs(["--fast"])).toHaveProperty("error");
    expect(parseBenchPagesArgs(["--help"])).toEqual({ error: "" });
  });
});

describe("/proc parsing", () => {
  it("adds utime and stime, counting fields after the command name even when it holds spaces and parentheses", () => {
    const stat = "4242 (node (bench) x) S 1 4242 4242 0 -1 4194560 12 0 0 0 1234 567 0 0 20 0 11 0 100 1000000 5000 18446744073709551615";
    expect(parseProcStatCpuTicks(stat)).toBe(1234 + 567);
  });

  it("refuses a line that is not a stat line", () => {
    expect(() => parseProcStatCpuTicks("hello")).toThrow();
    expect(() => parseProcStatCpuTicks("1 (x) S 1 2")).toThrow();
  });

  it("reads VmRSS and VmHWM in bytes", () => {
    const status = "Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  400000 kB\nVmRSS:\t  250000 kB\nThreads:\t11\n";
    expect(parseProcStatusBytes(status, "VmRSS")).toBe(250_000 * 1024);
    expect(parseProcStatusBytes(status, "VmHWM")).toBe(400_000 * 1024);
    expect(() => parseProcStatusBytes("Name: node", "VmRSS")).toThrow();
  });

  it("turns ticks into CPU milliseconds per request", () => {
    expect(cpuMsPerRequest(630, 100, 300)).toBeCloseTo(21);
  });
});

describe("finding the scripts of a page", () => {
  const html = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="/build/_assets/tailwind-X.css"/>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>
<link rel="modulepreload" href="/build/entry.client-A.js"/>
<link rel="modulepreload" href="/build/_shared/chunk-B.js"/>
<link rel="preload" as="fetch" href="/locales/en/common-1a2b.json" crossorigin="anonymous"/>
</head><body>
<script id="i18n-resources" type="application/json">{"common":{"a":"Ä"}}</script>
<script nonce="n">window.__remixContext = {};</script>
<script nonce="n" type="module" async="">
import * as route0 from "/build/root-C.js";
import * as route1 from "/build/routes/_auth-D.js";
window.__remixManifest = { "url": "/build/manifest-E.js" };
import("/build/entry.client-A.js");</script>
<script src="/build/legacy.js"></script>
</body></html>`;

  it("lists modulepreloads, module imports, import() and script src once each, in document order", () => {
    expect(findPageAssets(html, "http://127.0.0.1:3000/login")).toEqual({
      scripts: [
        "http://127.0.0.1:3000/build/entry.client-A.js",
        "http://127.0.0.1:3000/build/_shared/chunk-B.js",
        "http://127.0.0.1:3000/build/root-C.js",
        "http://127.0.0.1:3000/build/routes/_auth-D.js",
        "http://127.0.0.1:3000/build/legacy.js",
      ],
      stylesheets: ["http://127.0.0.1:3000/build/_assets/tailwind-X.css"],
      otherPreloads: ["http://127.0.0.1:3000/locales/en/common-1a2b.json"],
    });
  });

  it("measures the embedded translations as the whole element, in bytes", () => {
    const element = `<script id="i18n-resources" type="application/json">{"common":{"a":"Ä"}}</script>`;
    expect(i18nResourceBytes(html)).toBe(Buffer.byteLength(element));
    expect(i18nResourceBytes("<html></html>")).toBe(0);
  });

  it("reads the static imports of minified and formatted chunks, not import()", () => {
    const minified = `import{a as V}from"/build/_shared/chunk-1.js";import"/build/_shared/chunk-2.js";export*from"./chunk-3.js";var x=import("./lazy.js");`;
    expect(staticImports(minified)).toEqual(["/build/_shared/chunk-1.js", "/build/_shared/chunk-2.js", "./chunk-3.js"]);
    expect(dynamicImports(minified)).toEqual(["./lazy.js"]);
    const formatted = `import {\n  a,\n  b as c\n} from "./chunk-4.js";\nconst s = "import x from 'not-a-module'";`;
    expect(staticImports(formatted)).toEqual(["./chunk-4.js"]);
  });
});

describe("NUL bytes", () => {
  it("counts them and finds the first", () => {
    const bytes = Buffer.from("Erstgespr\0äch\0", "utf8");
    expect(countNulBytes(bytes)).toEqual({ count: 2, firstOffset: 9 });
    expect(countNulBytes(Buffer.from("clean"))).toEqual({ count: 0, firstOffset: -1 });
    expect(contextAround(bytes, 9, 4)).toBe("espr\\0äc");
  });
});

describe("invalid UTF-8", () => {
  it("accepts valid text of every sequence length", () => {
    expect(firstInvalidUtf8(Buffer.from("Erstgespräch – ✓ 𝄞 end", "utf8"))).toBe(-1);
    expect(firstInvalidUtf8(new Uint8Array())).toBe(-1);
  });

  it("finds a sequence cut in two, a stray continuation byte, overlong forms and surrogates", () => {
    const a = Buffer.from("ä", "utf8");
    expect(firstInvalidUtf8(Buffer.concat([Buffer.from("Erstgespr"), a.subarray(0, 1), Buffer.from([0]), a, Buffer.from("ch")]))).toBe(9);
    expect(firstInvalidUtf8(Buffer.from([0x61, 0xa4]))).toBe(1);
    expect(firstInvalidUtf8(Buffer.from([0xc3]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xc0, 0xaf]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xe0, 0x80, 0xaf]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toBe(0);
    expect(firstInvalidUtf8(Buffer.from([0xf4, 0x90, 0x80, 0x80]))).toBe(0);
  });
});

describe("chunk labels", () => {
  it("groups sources by package, route module and app folder", () => {
    expect(sourceGroup("../../work/main/node_modules/react-dom/cjs/react-dom.production.min.js")).toBe("react-dom");
    expect(sourceGroup("node_modules/@floating-ui/dom/dist/x.mjs")).toBe("@floating-ui/dom");
    expect(sourceGroup("app/features/phone/phone.ts")).toBe("app/features/phone");
    expect(sourceGroup("app/root.tsx")).toBe("app/root");
    expect(sourceGroup("browser-route-module:routes/_auth.login.tsx?browser")).toBe("route module");
  });

  it("names the largest groups with their share", () => {
    expect(
      describeChunk({
        "node_modules/libphonenumber-js/a.js": { bytesInOutput: 900 },
        "node_modules/libphonenumber-js/b.js": { bytesInOutput: 60 },
        "app/features/phone/phone.ts": { bytesInOutput: 40 },
      }),
    ).toBe("libphonenumber-js 96%, app/features/phone 4%");
    expect(
      describeChunk({ "a/x.js": { bytesInOutput: 1 }, "b/x.js": { bytesInOutput: 1 }, "c/x.js": { bytesInOutput: 1 }, "d/x.js": { bytesInOutput: 1 } }, 2),
    ).toBe("a/x.js 25%, b/x.js 25%, +2 more");
    expect(describeChunk({})).toBe("");
  });
});

describe("targets", () => {
  const inputs: TargetInputs = {
    pages: [
      { path: "/login", htmlGzip: 9_000, jsGzip: 90 * 1024, nulCount: 0, invalidUtf8Offset: -1 },
      { path: "/recordings", htmlGzip: 15_000, jsGzip: 190 * 1024, nulCount: 1, invalidUtf8Offset: 32_766 },
      { path: "/overview", htmlGzip: 10_000, jsGzip: 100 * 1024, nulCount: 0, invalidUtf8Offset: -1 },
    ],
    recordingsCpuMs: 6.9,
    throughput: [
      { path: "/healthz", requestsPerSecond: 4000, p99Ms: 5 },
      { path: "/recordings", requestsPerSecond: 200, p99Ms: 150 },
      { path: "/login", requestsPerSecond: 500, p99Ms: 40 },
    ],
    rss: { afterLoad: 300_000_000, afterRest: 250_000_000, loadSeconds: 60, restSeconds: 60 },
  };
  const verdicts = Object.fromEntries(targetRows(inputs).map(([target, , result]) => [target, result]));

  it("judges sizes in KiB, the largest dashboard page and NUL bytes", () => {
    expect(verdicts["/login HTML ≤ 8.0 KiB gzip"]).toBe("MISS");
    expect(verdicts["/recordings HTML ≤ 20.0 KiB gzip"]).toBe("PASS");
    expect(verdicts["/login JS ≤ 100.0 KiB gzip"]).toBe("PASS");
    expect(verdicts["JS ≤ 120.0 KiB gzip on every dashboard page (2)"]).toBe("MISS");
    expect(verdicts["no NUL byte or invalid UTF-8 in any page"]).toBe("MISS");
    const row = targetRows(inputs).find(([target]) => target.startsWith("no NUL"));
    expect(row?.[1]).toBe("/recordings: 1 NUL, invalid UTF-8 at byte 32766");
  });

  it("judges CPU, the throughput shares of /healthz with the limit included, and RSS", () => {
    expect(verdicts["/recordings server CPU ≤ 7 ms per render"]).toBe("PASS");
    expect(verdicts["/recordings ≥ 5 % of /healthz req/s at 10 connections"]).toBe("PASS");
    expect(verdicts["/recordings p99 ≤ 150 ms at 10 connections"]).toBe("PASS");
    expect(verdicts["/login ≥ 15 % of /healthz req/s at 10 connections"]).toBe("MISS");
    expect(verdicts["RSS ≤ 300 MB after 60 s at 50 connections"]).toBe("PASS");
    // "back under 250 MB": exactly 250 MB is not under.
    expect(verdicts["RSS < 250 MB 60 s after the load"]).toBe("MISS");
  });

  it("shows the share and both rates", () => {
    const row = targetRows(inputs).find(([target]) => target.startsWith("/login ≥"));
    expect(row?.[1]).toBe("12.5 % (500 of 4000 req/s)");
  });

  it("marks skipped parts as not measured", () => {
    const rows = targetRows({ pages: [] });
    expect(rows.every(([, , result]) => result === "NOT MEASURED")).toBe(true);
  });

  it("adds Lighthouse rows only when Lighthouse ran", () => {
    expect(targetRows(inputs).some(([target]) => target.startsWith("Lighthouse"))).toBe(false);
    const rows = targetRows({
      ...inputs,
      lighthouse: [
        { path: "/login", score: 98 },
        { path: "/recordings", score: Number.NaN },
      ],
    });
    expect(rows.filter(([target]) => target.startsWith("Lighthouse")).map(([, measured, result]) => [measured, result])).toEqual([
      ["98", "PASS"],
      ["failed", "NOT MEASURED"],
    ]);
  });

  it("takes the median of a few runs", () => {
    expect(median([90, 70, 80])).toBe(80);
    expect(median([1, 2, 3, 4])).toBe(2);
    expect(Number.isNaN(median([]))).toBe(true);
  });
});
