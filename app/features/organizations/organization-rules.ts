/** The organization form's limits, shared by its schema (server) and its fields (browser) without zod. */
export const ORGANIZATION_NAME_MAX = 100;
export const TEAM_NAME_MAX = 80;
