import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { phoneDisplays } from "~/features/phone/display.server";
import type { AnalysisResult } from "./analysis";
import { AnalysisPanel, SentimentBadge, type AnalysisPanelProps } from "./analysis-panel";

/** Renders on the server, as the page's first response does: what a visitor without JavaScript gets. */
async function render(element: ReactNode, language: Language = "en") {
  const translator = new Translator(language, resources[language]);
  const routes = [{ path: "/recordings/:id", element: <TranslationProvider translator={translator}>{element}</TranslationProvider> }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/recordings/call-1"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

const builtinAnalysis: AnalysisResult = {
  summary: "Customer request: “My invoice is wrong”. Outcome: Resolved.",
  sentiment: "negative",
  sentimentScore: -0.62,
  outcome: "resolved",
  topics: ["billing", "Late fees"],
  actionItems: ["I will send you a corrected invoice today."],
  entities: {
    emails: ["jane@example.com"],
    phoneNumbers: ["+14165550101", "030 1234 5678"],
    dates: ["next Tuesday"],
    amounts: [{ value: 1250.5, currency: "USD", text: "$1,250.50" }],
  },
  language: "en",
  provider: "builtin",
};

const props = (overrides: Partial<AnalysisPanelProps> = {}): AnalysisPanelProps => ({
  analysis: builtinAnalysis,
  status: "done",
  callId: "call-1",
  returnTo: "/recordings?page=2",
  canAnalyze: true,
  // As the recording page's loader formats them.
  phones: phoneDisplays(builtinAnalysis.entities.phoneNumbers),
  ...overrides,
});

describe("AnalysisPanel", () => {
  it("shows every part of the analysis and says the built-in analyzer made it", async () => {
    const html = await render(<AnalysisPanel {...props()} />);
    expect(html).toContain("My invoice is wrong");
    expect(html).toContain(">Negative<");
    expect(html).toContain("-0.62");
    expect(html).toContain(">Resolved<");
    // Known topic keys are translated; a model's free-text topic is shown as it is.
    expect(html).toContain(">Billing<");
    expect(html).toContain(">Late fees<");
    expect(html).toContain("I will send you a corrected invoice today.");
    expect(html).toContain('href="mailto:jane@example.com"');
    expect(html).toContain('href="tel:+14165550101" class="underline">+1 (416) 555-0101</a>');
    expect(html).toContain("030 1234 5678");
    expect(html).toContain("next Tuesday");
    expect(html).toContain("$1,250.50");
    expect(html).toContain("Analysed by the built-in analyzer: no language model configured.");
  });

  it("names the model when a language model made it", async () => {
    const html = await render(<AnalysisPanel {...props({ analysis: { ...builtinAnalysis, provider: "openai-compatible", model: "gpt-4o-mini" } })} />);
    expect(html).toContain("Analysed by the language model gpt-4o-mini.");
    expect(html).not.toContain("built-in analyzer");
  });

  it("offers a plain form post that returns to the given view", async () => {
    const html = await render(<AnalysisPanel {...props()} />);
    expect(html).toMatch(/<form method="post" action="\/recordings\/call-1\/analysis"/);
    expect(html).toContain('<input type="hidden" name="returnTo" value="/recordings?page=2"/>');
    expect(html).toContain(">Analyse again<");
  });

  it("asks for a first analysis when there is none", async () => {
    const html = await render(<AnalysisPanel {...props({ analysis: null, status: "none" })} />);
    expect(html).toContain("This call has not been analysed yet.");
    expect(html).toContain(">Request analysis<");
  });

  it("says the last analysis failed, and keeps showing the previous one", async () => {
    const html = await render(<AnalysisPanel {...props({ status: "failed" })} />);
    expect(html).toContain("The last analysis failed; the result of the previous one is shown.");
    expect(html).toContain("My invoice is wrong");
    const withoutPrevious = await render(<AnalysisPanel {...props({ analysis: null, status: "failed" })} />);
    expect(withoutPrevious).toContain("The last analysis failed.");
    expect(withoutPrevious).toContain(">Request analysis<");
  });

  it("has no button for a user who may not analyse", async () => {
    const html = await render(<AnalysisPanel {...props({ canAnalyze: false })} />);
    expect(html).not.toContain("<form");
    expect(html).not.toContain("Analyse again");
  });

  it("speaks German", async () => {
    const html = await render(<AnalysisPanel {...props()} />, "de");
    expect(html).toContain(">Negativ<");
    expect(html).toContain(">Gelöst<");
    expect(html).toContain(">Abrechnung<");
    expect(html).toContain("-0,62");
    expect(html).toContain("Vom eingebauten Analysewerkzeug analysiert");
    expect(html).toContain(">Erneut analysieren<");
  });
});

describe("SentimentBadge", () => {
  it("names the sentiment in words, not only in colour", async () => {
    expect(await render(<SentimentBadge sentiment="positive" />)).toContain(">Positive<");
    expect(await render(<SentimentBadge sentiment="neutral" />, "de")).toContain(">Neutral<");
    expect(await render(<SentimentBadge sentiment={null} />)).toContain("Not analysed");
  });
});
