import type { TourPlacement } from "~/components/tour/placement";
import type { WizardType } from "./wizard-type";

/**
 * The page tours the top bar's help button starts (docs/product/behaviour.md#page-tours), and the
 * onboarding wizard's nav tour. A step names the element it highlights by a
 * CSS selector and its text by a key of the onboarding namespace
 * (`tours.<tour>.<step>.title` and `.body`). A selector that matches nothing
 * shows the step's card in the middle of the window: a tour never stops on a
 * screen that changed. tests/e2e/onboarding.spec.ts walks every tour on its
 * page and fails on a selector that is missing.
 */
export interface TourStepDefinition {
  key: string;
  selector: string;
  placement?: TourPlacement;
}

/** The screens' own parts every dashboard page has: the main heading, the sidebar, the top bar. */
const SHELL_STEPS: TourStepDefinition[] = [
  { key: "sidebar", selector: '[data-tour="sidebar"]', placement: "right" },
  { key: "organization", selector: '[data-tour="organization-switcher"]' },
  { key: "help", selector: '[data-tour="help"]' },
  { key: "profile", selector: '[data-tour="profile-menu"]', placement: "left" },
];

/** The tabs of the agent creation screen (/ai-agent?create=true&tab=…), general first. */
export const AGENT_TABS = ["general", "context", "appearance", "personality", "speech", "privacy"] as const;
export type AgentTab = (typeof AGENT_TABS)[number];
export const isAgentTab = (value: unknown): value is AgentTab => typeof value === "string" && (AGENT_TABS as readonly string[]).includes(value);

/** A tab's tour: the tab list, the tab's form and the save button, each named by the id the agent screens give them. */
function agentTabTour(tab: AgentTab): TourStepDefinition[] {
  return [
    { key: "tabs", selector: "#agent-tabs" },
    { key: tab, selector: `#agent-form-${tab}`, placement: "top" },
    { key: "save", selector: "#agent-save", placement: "top" },
  ];
}

export const AGENT_TAB_TOURS: Record<AgentTab, TourStepDefinition[]> = Object.fromEntries(AGENT_TABS.map((tab) => [tab, agentTabTour(tab)])) as Record<
  AgentTab,
  TourStepDefinition[]
>;

export const PAGE_TOURS: Record<WizardType, TourStepDefinition[]> = {
  main: [{ key: "page", selector: "main h1" }, ...SHELL_STEPS],
  overview: [
    { key: "greeting", selector: "main h1" },
    { key: "ranges", selector: '[data-tour="overview-ranges"]' },
    { key: "figures", selector: '[data-tour="overview-figures"]', placement: "top" },
    { key: "account", selector: '[data-tour="overview-account"]', placement: "top" },
    { key: "help", selector: '[data-tour="help"]' },
  ],
  "numbers-management": [
    { key: "page", selector: "main h1" },
    { key: "add", selector: '[data-tour="numbers-add"]' },
    { key: "bulk", selector: '[data-tour="numbers-bulk"]' },
    { key: "list", selector: '[data-tour="numbers-list"]', placement: "top" },
  ],
  organizations: [
    { key: "page", selector: "main h1" },
    { key: "create", selector: '[data-tour="organizations-new"]', placement: "left" },
    { key: "list", selector: '[data-tour="organizations-list"]', placement: "top" },
    { key: "switcher", selector: '[data-tour="organization-switcher"]' },
  ],
  "ai-agent-manager": [
    { key: "list", selector: "#agent-list" },
    { key: "create", selector: "#agent-create", placement: "left" },
  ],
  // Never chosen by path (see wizard-type.ts); it shows the manager's tour should it ever be asked for by name.
  "ai-agent-manager-complete": [
    { key: "list", selector: "#agent-list" },
    { key: "create", selector: "#agent-create", placement: "left" },
  ],
  // The editor of one agent (/ai-agent?id=…): its tabs, the open tab's save button and publishing.
  "ai-agent": [
    { key: "tabs", selector: "#agent-tabs" },
    { key: "save", selector: "#agent-save", placement: "top" },
    { key: "publish", selector: "#agent-publish" },
  ],
  campaigns: [
    { key: "page", selector: "main h1" },
    { key: "create", selector: '[data-tour="campaigns-new"]', placement: "left" },
    { key: "list", selector: '[data-tour="campaigns-list"]', placement: "top" },
  ],
  contacts: [
    { key: "page", selector: "main h1" },
    { key: "add", selector: '[data-tour="contacts-add"]', placement: "left" },
    { key: "import", selector: '[data-tour="contacts-import"]', placement: "left" },
    { key: "lists", selector: '[data-tour="contacts-lists"]' },
    { key: "list", selector: '[data-tour="contacts-list"]', placement: "top" },
  ],
};

/** The wizard's nav tour: the sidebar's groups, in the sidebar's order (app/lib/navigation/routes.ts NAV_GROUPS, ten steps; the super admin's group is not toured). */
export const NAV_TOUR_AREAS = [
  { key: "dashboard", group: "dashboard", href: "/overview" },
  { key: "callManagement", group: "call-management", href: "/call-management" },
  { key: "create", group: "create", href: "/campaigns" },
  { key: "crm", group: "crm", href: "/contacts" },
  { key: "serviceDesk", group: "service-desk", href: "/service-desk" },
  { key: "appointments", group: "appointment", href: "/appointments" },
  { key: "integrations", group: "integrations", href: "/integrations-hub" },
  { key: "templates", group: "templates", href: "/templates" },
  { key: "organizations", group: "organizations", href: "/organizations" },
  { key: "settings", group: "settings", href: "/settings" },
] as const;

export const NAV_TOUR: TourStepDefinition[] = NAV_TOUR_AREAS.map((area) => ({
  key: area.key,
  selector: `[data-tour="nav-${area.group}"]`,
  placement: "right",
}));

/** A tour the help button starts: its steps, and the key of its texts in the onboarding namespace (`tours.<textKey>.<step>`). */
export interface PageTour {
  /** Its id in the page's URL and tests: the wizard type, or ai-agent-<tab>. */
  id: string;
  textKey: string;
  steps: TourStepDefinition[];
  tab: AgentTab | null;
}

/**
 * The tour the help button starts: the page's, except on the agent creation
 * screen, where it is the current tab's (general unless the URL names another).
 */
export function tourFor(type: WizardType, search: URLSearchParams): PageTour {
  if (type === "ai-agent" && search.get("create") === "true") {
    const requested = search.get("tab");
    const tab = isAgentTab(requested) ? requested : "general";
    return { id: `ai-agent-${tab}`, textKey: "ai-agent-tabs", steps: AGENT_TAB_TOURS[tab], tab };
  }
  return { id: type, textKey: type === "ai-agent-manager-complete" ? "ai-agent-manager" : type, steps: PAGE_TOURS[type], tab: null };
}

/** The wizard's nav tour as a tour of its own. */
export const NAV_PAGE_TOUR: PageTour = { id: "nav", textKey: "nav", steps: NAV_TOUR, tab: null };
