import { describe, expect, it } from "vitest";
import { routePatternMatcher } from "./route-pattern.server";

describe("the route pattern of a path", () => {
  const routes = {
    root: { path: "" },
    "routes/_dashboard+/_layout": { parentId: "root" },
    "routes/_dashboard+/recordings+/_index": { parentId: "routes/_dashboard+/_layout", path: "recordings", index: true },
    "routes/_dashboard+/recordings+/$id": { parentId: "routes/_dashboard+/_layout", path: "recordings/:id" },
    "routes/_dashboard+/recordings+/$id.delete": { parentId: "routes/_dashboard+/_layout", path: "recordings/:id/delete" },
    "routes/_files+/recordings.$id.audio": { parentId: "root", path: "recordings/:id/audio" },
    "routes/_files+/recordings.export[.]csv": { parentId: "root", path: "recordings/export.csv" },
    "routes/_dashboard+/$": { parentId: "routes/_dashboard+/_layout", path: "*" },
    "routes/api+/v1+/$": { parentId: "root", path: "api/v1/*" },
  };
  const patternOf = routePatternMatcher(routes);

  it("names the pattern, not the path, so one route is one series", () => {
    expect(patternOf("/recordings/abc-123")).toBe("/recordings/:id");
    expect(patternOf("/recordings/abc-123/audio")).toBe("/recordings/:id/audio");
    expect(patternOf("/recordings/abc/delete")).toBe("/recordings/:id/delete");
    expect(patternOf("/recordings")).toBe("/recordings");
  });

  it("prefers static segments to parameters and parameters to a splat", () => {
    expect(patternOf("/recordings/export.csv")).toBe("/recordings/export.csv");
    expect(patternOf("/api/v1/anything/else")).toBe("/api/v1/*");
    expect(patternOf("/no/such/page")).toBe("/*");
  });

  it("gives the server's own paths their own series", () => {
    expect(patternOf("/readyz")).toBe("/readyz");
    expect(patternOf("/metrics")).toBe("/metrics");
    expect(patternOf("/build/_shared/chunk-ABC.js")).toBe("/build/*");
  });

  it("counts a data request with its page", () => {
    expect(patternOf("/recordings/abc.data")).toBe("/recordings/:id");
    expect(patternOf("/_root.data")).toBe("/");
  });
});
