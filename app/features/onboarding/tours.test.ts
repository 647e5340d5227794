import { NAV_GROUPS } from "~/lib/navigation/routes";
import { describe, expect, it } from "vitest";
import en from "../../../locales/en/onboarding.json";
import de from "../../../locales/de/onboarding.json";
import { AGENT_TAB_TOURS, AGENT_TABS, NAV_PAGE_TOUR, NAV_TOUR, PAGE_TOURS, tourFor, type PageTour } from "./tours";
import { WIZARD_TYPES } from "./wizard-type";

const lookup = (tree: unknown, key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

function allTours(): PageTour[] {
  const search = (params: Record<string, string>) => new URLSearchParams(params);
  return [
    ...WIZARD_TYPES.map((type) => tourFor(type, search({}))),
    ...AGENT_TABS.map((tab) => tourFor("ai-agent", search({ create: "true", tab }))),
    NAV_PAGE_TOUR,
  ];
}

describe("the tours (docs/product/behaviour.md#page-tours)", () => {
  it("has a tour for every wizard type and every agent tab", () => {
    for (const type of WIZARD_TYPES) expect(PAGE_TOURS[type].length, type).toBeGreaterThan(0);
    for (const tab of AGENT_TABS) expect(AGENT_TAB_TOURS[tab].map((step) => step.selector)).toEqual(["#agent-tabs", `#agent-form-${tab}`, "#agent-save"]);
  });

  it("has a title and a text for every step, in English and German", () => {
    const missing: string[] = [];
    for (const tour of allTours()) {
      for (const step of tour.steps) {
        for (const part of ["title", "body"]) {
          const key = `tours.${tour.textKey}.${step.key}.${part}`;
          for (const [language, tree] of [
            ["en", en],
            ["de", de],
          ] as const) {
            if (typeof lookup(tree, key) !== "string") missing.push(`${language}: ${key}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("starts the current tab's tour on the agent creation screen, general by default", () => {
    expect(tourFor("ai-agent", new URLSearchParams("create=true&tab=speech"))).toMatchObject({ id: "ai-agent-speech", tab: "speech" });
    expect(tourFor("ai-agent", new URLSearchParams("create=true"))).toMatchObject({ id: "ai-agent-general", tab: "general" });
    expect(tourFor("ai-agent", new URLSearchParams("create=true&tab=nonsense"))).toMatchObject({ id: "ai-agent-general", tab: "general" });
    // Without create=true it is the page's own tour, tab or not.
    expect(tourFor("ai-agent", new URLSearchParams("tab=speech"))).toMatchObject({ id: "ai-agent", tab: null });
    expect(tourFor("campaigns", new URLSearchParams("create=true&tab=speech"))).toMatchObject({ id: "campaigns", tab: null });
  });

  it("tours the sidebar's groups in the sidebar's order, all but the super admin's", () => {
    expect(NAV_TOUR.map((step) => step.selector)).toEqual(
      NAV_GROUPS.filter((group) => group.id !== "super-admin").map((group) => `[data-tour="nav-${group.id}"]`),
    );
    expect(NAV_TOUR).toHaveLength(10);
  });
});
