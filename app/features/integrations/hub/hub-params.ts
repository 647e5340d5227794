import { oneOf, readParams, searchTerm } from "~/lib/url-params/url-params";

/**
 * The integration hub's URL contract (docs/product/navigation.md#integration-hub): tab (default
 * library), view (default grid), category (default all), q.
 */
export const HUB_TABS = ["library", "active", "analytics"] as const;
export const HUB_VIEWS = ["grid", "list"] as const;
export const HUB_CATEGORIES = ["all", "crm", "fitness", "marketing", "support", "analytics", "other"] as const;
export type HubTab = (typeof HUB_TABS)[number];
export type HubView = (typeof HUB_VIEWS)[number];
export type HubCategory = (typeof HUB_CATEGORIES)[number];

export interface HubParams {
  tab: HubTab;
  view: HubView;
  category: HubCategory;
  q: string;
}

export function parseHubParams(searchParams: URLSearchParams): HubParams {
  return readParams(searchParams, {
    tab: oneOf(HUB_TABS, "library"),
    view: oneOf(HUB_VIEWS, "grid"),
    category: oneOf(HUB_CATEGORIES, "all"),
    q: searchTerm({ maxLength: 100 }),
  });
}

export function hubHref(params: HubParams, changes: Partial<HubParams> = {}) {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.tab !== "library") search.set("tab", next.tab);
  if (next.view !== "grid") search.set("view", next.view);
  if (next.category !== "all") search.set("category", next.category);
  if (next.q) search.set("q", next.q);
  const query = search.toString();
  return query ? `/integrations-hub?${query}` : "/integrations-hub";
}

export interface TemplateSummary {
  id: string;
  crm: string;
  category: string;
  description: string;
  tags: string[];
  features: string[];
}

/** Templates of a category whose name, description, tags or features contain the search, most popular first (the caller sorts). */
export function filterTemplates<Template extends TemplateSummary>(templates: readonly Template[], params: Pick<HubParams, "category" | "q">): Template[] {
  const term = params.q.trim().toLocaleLowerCase("en");
  return templates.filter(
    (template) =>
      (params.category === "all" || template.category === params.category) &&
      (!term || [template.crm, template.description, ...template.tags, ...template.features].some((text) => text.toLocaleLowerCase("en").includes(term))),
  );
}
