/** The integration hub's URLs, built in one place. */
export const INTEGRATION_TABS = ["overview", "mappings", "endpoints", "webhooks"] as const;
export type IntegrationTab = (typeof INTEGRATION_TABS)[number];

export const integrationPaths = {
  hub: "/integrations-hub",
  active: "/integrations-hub?tab=active",
  connect: (templateId: string) => `/integrations-hub/connect/${encodeURIComponent(templateId)}`,
  importPage: "/integrations-hub/import",
  page: (id: string, tab: IntegrationTab = "overview", extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({ ...(tab === "overview" ? {} : { tab }), ...extra });
    const query = params.toString();
    return `/integrations-hub/${encodeURIComponent(id)}${query ? `?${query}` : ""}`;
  },
  exportFile: (id: string) => `/integrations-hub/${encodeURIComponent(id)}/export`,
  logs: (filters: Record<string, string> = {}) => {
    const query = new URLSearchParams(filters).toString();
    return query ? `/crm-logs?${query}` : "/crm-logs";
  },
  log: (id: string) => `/crm-logs/${encodeURIComponent(id)}`,
};
