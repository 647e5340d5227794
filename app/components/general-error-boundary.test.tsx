import type { ComponentType } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Language } from "~/i18n/config";
import { badRequest, forbidden, formProblem, loadFailed, notFound } from "~/lib/http/errors.server";
import { ErrorBoundary as RootBoundary } from "~/root";
import { ErrorBoundary as BillingBoundary } from "~/routes/_dashboard+/billing";
import { ErrorBoundary as RecordingsBoundary } from "~/routes/_dashboard+/recordings+/_index";
import { renderErrorBoundary } from "../../tests/support/render-route";

/** What a thrown helper of errors.server.ts throws. */
async function caught(throwing: () => unknown): Promise<unknown> {
  try {
    await throwing();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

/** The HTML a route's error boundary renders when its loader throws `error`. */
function rendered(Boundary: ComponentType, error: unknown, language: Language = "en") {
  return renderErrorBoundary(Boundary, error, { url: "http://localhost/page?q=x", language });
}

const german = new Request("http://localhost/page", { headers: { "Accept-Language": "de" } });

describe("GeneralErrorBoundary", () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);

  it("a dashboard screen: the translated refusal, not found, a load failure's own message and unexpected errors, each with a way to the overview", async () => {
    const refusal = await rendered(BillingBoundary, await caught(() => forbidden(german)), "de");
    expect(refusal).toContain("Nicht erlaubt");
    expect(refusal).toContain("Sie haben keine Berechtigung für diese Aktion.");
    expect(refusal).toContain('href="/overview"');
    expect(await rendered(BillingBoundary, await caught(() => notFound("Log not found")))).toContain("Page not found");
    const failure = await rendered(BillingBoundary, await caught(() => loadFailed("billing:failures.balanceFailed", "Failed to fetch the balance.")));
    expect(failure).toContain("Failed to fetch the balance.");
    expect(await rendered(BillingBoundary, await caught(() => formProblem("tooLarge", { limitBytes: 1024 })))).toContain("Form too large");
    expect(await rendered(BillingBoundary, await caught(() => badRequest()))).toContain("Something went wrong");
    expect(await rendered(BillingBoundary, new Error("a bug"))).toContain("Something went wrong");
  });

  it("the recordings list: refusals and not found as everywhere, anything else offers the same view again", async () => {
    expect(await rendered(RecordingsBoundary, await caught(() => notFound()))).toContain("Page not found");
    for (const error of [await caught(() => loadFailed("billing:failures.balanceFailed", "x")), await caught(() => badRequest()), new Error("a bug")]) {
      const html = await rendered(RecordingsBoundary, error);
      expect(html).toContain('data-testid="recordings-error"');
      expect(html).toContain('href="/page?q=x"');
    }
  });

  it("the root: a full page with the status, and 'unexpected' for a status no handler claims", async () => {
    const missing = await rendered(RootBoundary, await caught(() => notFound()), "de");
    expect(missing).toContain(">404</p>");
    expect(missing).toContain("Seite nicht gefunden");
    const failure = await rendered(RootBoundary, await caught(() => loadFailed("billing:failures.balanceFailed", "x")));
    expect(failure).toContain(">500</p>");
    expect(failure).toContain("An unexpected error occurred.");
    expect(await rendered(RootBoundary, new Error("a bug"))).toContain(">500</p>");
  });
});
