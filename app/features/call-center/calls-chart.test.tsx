import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { describe, expect, it } from "vitest";
import type { Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { chartScale } from "~/lib/format/chart-scale";
import { CallsChart } from "./calls-chart";
import { periodsOf, type Granularity } from "~/lib/dates/chart-periods";
import { emptyFigures, fillPeriods } from "./kpis";

async function render(
  language: Language,
  granularity: Granularity,
  counts: Array<{ inbound: number; outbound: number }>,
  firstDay = { year: 2026, month: 3, day: 2 },
) {
  const translator = new Translator(language, resources[language]);
  const lastDay = { ...firstDay, day: firstDay.day + counts.length - 1 };
  const periods = fillPeriods(
    periodsOf({ firstDay, lastDay }, "day", "America/Toronto"),
    counts.map((c, index) => ({ index, ...emptyFigures(), ...c, missed: 1, durationSeconds: 90 })),
  );
  const html = renderToStaticMarkup(
    <TranslationProvider translator={translator}>
      <CallsChart periods={periods} granularity={granularity} language={language} />
    </TranslationProvider>,
  );
  return new DOMParserLite(html);
}

/** Just enough HTML reading for these assertions, without a DOM library. */
class DOMParserLite {
  constructor(readonly html: string) {}
  count(pattern: RegExp) {
    return [...this.html.matchAll(new RegExp(pattern, "g"))].length;
  }
  attr(tag: string, name: string) {
    return this.html.match(new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`))?.[1] ?? null;
  }
  text(tag: string) {
    return [...this.html.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, "g"))].map((m) => m[1]);
  }
}

describe("the overview chart (server-rendered SVG)", () => {
  it("is one image to assistive technology, named by a summary of its numbers", async () => {
    const chart = await render("en", "day", [
      { inbound: 3, outbound: 1 },
      { inbound: 0, outbound: 0 },
      { inbound: 5, outbound: 2 },
    ]);
    expect(chart.attr("svg", "role")).toBe("img");
    const label = chart.attr("svg", "aria-label")!;
    expect(label).toContain("8 inbound and 3 outbound calls");
    expect(label).toContain("Busiest day: Wed, Mar 4, 2026 with 7 calls.");
    expect(chart.text("title")[0]).toBe("Inbound and outbound calls per day");
    expect(chart.text("desc")[0]).toBe(label);
  });

  it("draws a bar per non-zero value and labels the days on the axis", async () => {
    const chart = await render("en", "day", [
      { inbound: 3, outbound: 1 },
      { inbound: 0, outbound: 0 },
      { inbound: 5, outbound: 0 },
    ]);
    expect(chart.count(/data-series="inbound"/)).toBe(2);
    expect(chart.count(/data-series="outbound"/)).toBe(1);
    const texts = chart.text("text");
    expect(texts).toEqual(expect.arrayContaining(["Mar 2", "Mar 3", "Mar 4"]));
    // The tallest bar (5 calls) sits under a round scale: ticks 0, 2, 4, 6.
    expect(texts.filter((text) => /^\d+$/.test(text!))).toEqual(["0", "2", "4", "6"]);
  });

  it("draws bars in proportion to their values", async () => {
    const chart = await render("en", "day", [{ inbound: 2, outbound: 4 }]);
    const heights = [...chart.html.matchAll(/<rect[^>]*height="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(heights).toHaveLength(2);
    expect(heights[1]! / heights[0]!).toBeCloseTo(2, 5);
  });

  it("speaks German in German: labels, dates and the summary", async () => {
    const chart = await render("de", "day", [{ inbound: 1200, outbound: 1 }]);
    expect(chart.attr("svg", "aria-label")).toContain("1.200 eingehende und 1 ausgehende Anrufe");
    expect(chart.text("title")[0]).toBe("Eingehende und ausgehende Anrufe pro Tag");
    expect(chart.text("text")).toEqual(expect.arrayContaining(["2. März"]));
  });

  it("has a visually hidden table with every figure per period", async () => {
    const chart = await render("en", "day", [
      { inbound: 3, outbound: 1 },
      { inbound: 0, outbound: 2 },
    ]);
    // Hidden by a wrapping box: a table with the sr-only class itself would still widen a phone page to its columns.
    expect(chart.html).toMatch(/<div class="sr-only"><table data-testid="calls-chart-table">/);
    expect(chart.text("caption")[0]).toMatch(/^Calls per day, Mar 2, 2026 – Mar 3, 2026$/);
    expect(chart.text("th")).toEqual([
      "Day",
      "Inbound",
      "Outbound",
      "Missed",
      "Voicemail",
      "Completed",
      "Escalated",
      "Call minutes",
      "Mon, Mar 2, 2026",
      "Tue, Mar 3, 2026",
    ]);
    expect(chart.count(/<th scope="col"/)).toBe(8);
    expect(chart.count(/<th scope="row"/)).toBe(2);
    // inbound, outbound, missed, voicemail, completed, escalated, minutes (90 s → 2 min, as the overview's card says it)
    expect(chart.text("td").slice(0, 7)).toEqual(["3", "1", "1", "0", "0", "0", "2\u00a0min"]);
  });

  it("says when it counts per week", async () => {
    const chart = await render("en", "week", [{ inbound: 1, outbound: 1 }]);
    expect(chart.html).toContain("counted per week (weeks start on Monday)");
    expect(chart.text("title")[0]).toBe("Inbound and outbound calls per week");
  });

  it("says so when there were no calls", async () => {
    const chart = await render("en", "day", [{ inbound: 0, outbound: 0 }]);
    expect(chart.attr("svg", "aria-label")).toContain("No calls in this range.");
    expect(chart.count(/<rect/)).toBe(0);
  });
});

describe("axis scale", () => {
  it.each([
    [0, 4, 1],
    [3, 3, 1],
    [5, 6, 2],
    [7, 8, 2],
    [173, 200, 50],
    [1000, 1000, 500],
  ])("max %i → top %i, step %i", (max, top, step) => {
    const scale = chartScale(max);
    expect(scale).toEqual({ top, step });
  });
});
