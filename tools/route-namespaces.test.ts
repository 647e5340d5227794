import { describe, expect, it } from "vitest";
import { analyzeRouteNamespaces, namespacesNamedIn } from "./route-namespaces";

describe("every screen declares the translation namespaces it uses", () => {
  it("finds each way a module names a namespace", () => {
    const source = [
      'const { t } = useTranslation("campaigns");',
      'useTranslation(["imports", "contacts"]);',
      't("recording:labels.x");',
      '<Trans ns="api" />',
      '<TextField namespace="profile" />',
      "useTranslation();",
      't("no-namespace.key"); const area = "numbers";',
    ].join("\n");
    expect([...namespacesNamedIn(source)].sort()).toEqual(["api", "campaigns", "common", "contacts", "imports", "profile", "recording"]);
  });

  it("has no route whose screen would render a raw key because a namespace is not shipped", async () => {
    const reports = await analyzeRouteNamespaces();
    expect(reports.length).toBeGreaterThan(30);
    const missing = reports.filter((report) => report.missing.length > 0).map((report) => `${report.routeId}: ${report.missing.join(", ")}`);
    expect(missing).toEqual([]);
  });
});
