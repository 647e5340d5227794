/** Where the organization screens live. */
export const organizationPaths = {
  list: "/organizations",
  create: "/organizations/new",
  /** The organization's own page: its members or its teams. */
  page: (id: string, tab: "members" | "teams" = "members", extra: Record<string, string> = {}) => {
    const search = new URLSearchParams({ ...(tab === "members" ? {} : { tab }), ...extra }).toString();
    return `/organizations/${encodeURIComponent(id)}${search ? `?${search}` : ""}`;
  },
  team: (id: string, teamId: string, extra: Record<string, string> = {}) => {
    const search = new URLSearchParams(extra).toString();
    return `/organizations/${encodeURIComponent(id)}/teams/${encodeURIComponent(teamId)}${search ? `?${search}` : ""}`;
  },
  newEventType: (id: string, teamId: string) => `/organizations/${encodeURIComponent(id)}/teams/${encodeURIComponent(teamId)}/event-types/new`,
  eventType: (id: string, teamId: string, eventTypeId: string, extra: Record<string, string> = {}) => {
    const search = new URLSearchParams(extra).toString();
    return `/organizations/${encodeURIComponent(id)}/teams/${encodeURIComponent(teamId)}/event-types/${encodeURIComponent(eventTypeId)}${search ? `?${search}` : ""}`;
  },
  edit: (id: string) => `/organizations/${encodeURIComponent(id)}/edit`,
  remove: (id: string) => `/organizations/${encodeURIComponent(id)}/delete`,
  /** Logos are cached for good: every upload has a new file name, carried in ?v=. */
  logo: (id: string, file: string | null) => (file ? `/resources/organization-logo/${encodeURIComponent(id)}?v=${encodeURIComponent(file)}` : null),
};
