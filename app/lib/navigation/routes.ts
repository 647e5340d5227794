/**
 * Every dashboard screen, and the groups of the sidebar (docs/product/navigation.md).
 * Paths keep their historic spelling (numbers-managment, usersManagement) because
 * users have them bookmarked.
 */
export const DASHBOARD_SEGMENTS = [
  "overview",
  "overview-new",
  "campaigns",
  "contacts",
  "calendar",
  "knowledge-base",
  "profile",
  "recordings",
  "appointments",
  "appointment-insights",
  "organizations",
  "add-topup-balance",
  "subscriptions-history",
  "invoices",
  "call-management",
  "calcom",
  "roles",
  "staff",
  "usersManagement",
  "numbers-managment",
  "billing",
  "crm",
  "crm-logs",
  "templates",
  "products",
  "analytics",
  "response",
  "ai-agent",
  "feedback",
  "affiliate-management",
  "affiliates",
  "create-from-blank",
  "create-agent",
  "ai-agent-templates",
  "ai-agent-manager",
  "main-contact-center",
  "ai-agent-management",
  "crm-deals",
  "api-access",
  "api-access-admin",
  "service-desk",
  "integrations-hub",
  "settings",
  "help",
  // The bell's page (issue 27): every user's own notifications.
  "notifications",
] as const;

export type DashboardSegment = (typeof DASHBOARD_SEGMENTS)[number];

/**
 * The platform's administration. /roles is not among them: a tenant's owner
 * keeps the tenant's own roles there (docs/decisions/0040-custom-roles.md).
 */
export const SUPER_ADMIN_SEGMENTS = [
  "usersManagement",
  "products",
  "analytics",
  "affiliate-management",
  "ai-agent-templates",
  "ai-agent-management",
  "api-access-admin",
] as const satisfies readonly DashboardSegment[];

/** Tenant screens: everything but the platform administration. choose-plan is gated too (see the gate). */
export const TENANT_SEGMENTS = [...DASHBOARD_SEGMENTS.filter((s) => !(SUPER_ADMIN_SEGMENTS as readonly string[]).includes(s)), "choose-plan"];

export function isDashboardSegment(segment: string): segment is DashboardSegment {
  return (DASHBOARD_SEGMENTS as readonly string[]).includes(segment);
}

export interface NavTab {
  value: string;
  labelKey: string;
  /** Where the tab lives when it is a screen of its own rather than `?tab=` of its item (the recordings list). */
  href?: string;
}

/**
 * Screens that are built. Every other entry opens the "not available yet"
 * panel, so the sidebar marks it "soon" instead of promising it.
 */
export const BUILT_SEGMENTS: ReadonlySet<DashboardSegment> = new Set<DashboardSegment>([
  "overview",
  "campaigns",
  "contacts",
  "knowledge-base",
  "numbers-managment",
  "recordings",
  "call-management",
  "profile",
  "api-access",
  "settings",
  "billing",
  "add-topup-balance",
  "subscriptions-history",
  "invoices",
  "organizations",
  "staff",
  "appointments",
  "calendar",
  "appointment-insights",
  "calcom",
  "integrations-hub",
  "crm-logs",
  "crm",
  "ai-agent-manager",
  "ai-agent",
  "create-agent",
  "create-from-blank",
  "ai-agent-templates",
  "ai-agent-management",
  "help",
  "crm-deals",
  "feedback",
  "templates",
  "response",
  "service-desk",
  "main-contact-center",
  "roles",
  "usersManagement",
  "affiliates",
  "affiliate-management",
  "products",
  "analytics",
  "api-access-admin",
  "notifications",
]);

export const isBuiltSegment = (segment: string) => BUILT_SEGMENTS.has(segment as DashboardSegment);

export interface NavItem {
  segment: DashboardSegment;
  labelKey: string;
  icon: IconName;
  badgeKey?: string;
  tabs?: NavTab[];
  /** Screens reached from this entry that highlight it (Settings for API access). */
  alsoActiveOn?: DashboardSegment[];
}

export interface NavGroup {
  id: string;
  labelKey: string;
  icon: IconName;
  items: NavItem[];
}

export type IconName = "dashboard" | "create" | "template" | "phone" | "ticket" | "crm" | "plug" | "calendar" | "building" | "card" | "settings" | "shield";

export const CALL_MANAGEMENT_TABS: NavTab[] = [
  { value: "live-calls", labelKey: "nav.tabs.liveCalls" },
  { value: "callqueue", labelKey: "nav.tabs.callQueue" },
  // One canonical screen for the list: /recordings (the old ?tab=recordings URL redirects there).
  { value: "recordings", labelKey: "nav.tabs.recordings", href: "/recordings" },
  { value: "missedcalls", labelKey: "nav.tabs.missedCalls" },
];

export const SERVICE_DESK_TABS: NavTab[] = [
  { value: "my-tickets", labelKey: "nav.tabs.myTickets" },
  { value: "unassigned-tickets", labelKey: "nav.tabs.unassignedTickets" },
];

/**
 * The sidebar (docs/product/navigation.md#sidebar), group by group: what is
 * used most leads (the overview, the calls, the agents and campaigns, the
 * CRM), so that at 1366 × 800 with the default open groups everything above
 * the fold is a built screen; the account's own settings and the platform's
 * administration close the list. A one-item group without a title renders as a plain link.
 */
export const NAV_GROUPS: NavGroup[] = [
  { id: "dashboard", labelKey: "nav.groups.dashboard", icon: "dashboard", items: [{ segment: "overview", labelKey: "nav.items.overview", icon: "dashboard" }] },
  {
    id: "call-management",
    labelKey: "nav.groups.callManagement",
    icon: "phone",
    items: [{ segment: "call-management", labelKey: "nav.items.callManagement", icon: "phone", tabs: CALL_MANAGEMENT_TABS }],
  },
  {
    id: "create",
    labelKey: "nav.groups.create",
    icon: "create",
    items: [
      {
        segment: "ai-agent-manager",
        labelKey: "nav.items.aiAgentManager",
        icon: "create",
        badgeKey: "nav.badges.new",
        alsoActiveOn: ["ai-agent", "create-agent", "create-from-blank"],
      },
      { segment: "campaigns", labelKey: "nav.items.campaigns", icon: "create" },
      { segment: "knowledge-base", labelKey: "nav.items.knowledgeBase", icon: "create" },
      { segment: "numbers-managment", labelKey: "nav.items.numbersManagement", icon: "create" },
    ],
  },
  {
    id: "crm",
    labelKey: "nav.groups.crm",
    icon: "crm",
    items: [
      { segment: "contacts", labelKey: "nav.items.contacts", icon: "crm" },
      { segment: "crm-deals", labelKey: "nav.items.crmDeals", icon: "crm" },
      { segment: "main-contact-center", labelKey: "nav.items.mainContactCenter", icon: "crm" },
      { segment: "feedback", labelKey: "nav.items.feedback", icon: "crm" },
      { segment: "response", labelKey: "nav.items.response", icon: "crm" },
    ],
  },
  {
    id: "service-desk",
    labelKey: "nav.groups.serviceDesk",
    icon: "ticket",
    items: [{ segment: "service-desk", labelKey: "nav.items.serviceDesk", icon: "ticket", tabs: SERVICE_DESK_TABS }],
  },
  {
    id: "appointment",
    labelKey: "nav.groups.appointment",
    icon: "calendar",
    items: [
      { segment: "appointments", labelKey: "nav.items.appointments", icon: "calendar" },
      { segment: "calendar", labelKey: "nav.items.calendar", icon: "calendar" },
      { segment: "appointment-insights", labelKey: "nav.items.appointmentInsights", icon: "calendar" },
      { segment: "staff", labelKey: "nav.items.staff", icon: "calendar" },
      { segment: "calcom", labelKey: "nav.items.calcom", icon: "calendar" },
    ],
  },
  {
    // The CRM group's integration screens, a group of their own so that the CRM group stays the work of the day.
    id: "integrations",
    labelKey: "nav.groups.integrations",
    icon: "plug",
    items: [
      { segment: "integrations-hub", labelKey: "nav.items.integrationsHub", icon: "plug" },
      { segment: "crm", labelKey: "nav.items.crm", icon: "plug" },
      { segment: "crm-logs", labelKey: "nav.items.crmLogs", icon: "plug" },
    ],
  },
  { id: "templates", labelKey: "nav.groups.templates", icon: "template", items: [{ segment: "templates", labelKey: "nav.items.templates", icon: "template" }] },
  {
    id: "organizations",
    labelKey: "nav.groups.organizations",
    icon: "building",
    items: [{ segment: "organizations", labelKey: "nav.items.organizations", icon: "building" }],
  },
  {
    // The account's own settings: API access, billing and the profile have entries of their own (issue 27), beside the tenant's roles.
    id: "settings",
    labelKey: "nav.groups.settings",
    icon: "settings",
    items: [
      { segment: "settings", labelKey: "nav.items.settings", icon: "settings" },
      { segment: "api-access", labelKey: "nav.items.apiAccess", icon: "settings" },
      { segment: "billing", labelKey: "nav.items.billing", icon: "card", alsoActiveOn: ["add-topup-balance", "invoices", "subscriptions-history"] },
      { segment: "profile", labelKey: "nav.items.profile", icon: "settings" },
      // The tenant's roles, the owner's (issue 26): beside the settings, not in the platform's super-admin group.
      { segment: "roles", labelKey: "nav.items.roles", icon: "settings" },
    ],
  },
  {
    id: "super-admin",
    labelKey: "nav.groups.superAdmin",
    icon: "shield",
    items: [
      { segment: "usersManagement", labelKey: "nav.items.usersManagement", icon: "shield" },
      { segment: "products", labelKey: "nav.items.products", icon: "shield" },
      { segment: "analytics", labelKey: "nav.items.analytics", icon: "shield" },
      { segment: "affiliate-management", labelKey: "nav.items.affiliateManagement", icon: "shield" },
      { segment: "ai-agent-templates", labelKey: "nav.items.aiAgentTemplates", icon: "shield" },
      { segment: "ai-agent-management", labelKey: "nav.items.aiAgentManagement", icon: "shield" },
      { segment: "api-access-admin", labelKey: "nav.items.apiAccessAdmin", icon: "shield" },
    ],
  },
];

export interface VisibleNavGroup extends NavGroup {
  /** A group of one screen without tabs renders as a plain link; judged on the whole group, not on what one user may read. */
  standalone: boolean;
}

/** Groups and items the user may read; a group shows when any child is readable. */
export function visibleNavGroups(canRead: (segment: string) => boolean): VisibleNavGroup[] {
  return NAV_GROUPS.map((group) => ({
    ...group,
    standalone: group.items.length === 1 && !group.items[0]!.tabs,
    items: group.items.filter((item) => canRead(item.segment)),
  })).filter((group) => group.items.length > 0);
}

/**
 * The sidebar's and the profile menu's segments a user may read, in their order: what the dashboard layout sends
 * the browser instead of the groups themselves, which both sides build from it (visibleNavGroups); a page's data
 * then carries a few words for the navigation, not its whole structure.
 */
export function readableNavSegments(canRead: (segment: string) => boolean): string[] {
  const segments = new Set<string>();
  for (const group of NAV_GROUPS) for (const item of group.items) segments.add(item.segment);
  for (const entry of PROFILE_MENU) segments.add(entry.segment);
  return [...segments].filter(canRead);
}

/** Screens reached from the top bar rather than the sidebar. */
export const PROFILE_MENU = [
  { segment: "profile", labelKey: "topbar.myProfile" },
  { segment: "billing", labelKey: "topbar.billing" },
  { segment: "affiliates", labelKey: "topbar.affiliate" },
] as const;
