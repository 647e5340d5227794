import { createCookie } from "@remix-run/node";
import { getDb, type DB } from "~/db/db.server";
import { ALL_TEAMS, resolveSelection, type Selection } from "./selection";

/**
 * The organization and team the dashboard shows, kept in a cookie so the
 * server renders the right one on the first byte (decision 0005: browser
 * state lives in cookies). The cookie is only a wish: every read resolves
 * it against the tenant's own organizations, so a stale or forged id falls
 * back to the first one and never reaches another tenant's rows.
 */
export const selectionCookie = createCookie("selection", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

export interface SelectorOrganization {
  id: string;
  name: string;
  teams: Array<{ id: string; name: string }>;
}

export interface ResolvedSelection {
  organizations: SelectorOrganization[];
  organization: { id: string; name: string } | null;
  /** Null for an organization without teams, or when "all teams" is chosen. */
  team: { id: string; name: string } | null;
  allTeams: boolean;
}

export async function readStoredSelection(request: Request): Promise<Partial<Selection>> {
  const value: unknown = await selectionCookie.parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return {};
  const raw = value as Record<string, unknown>;
  return {
    organizationId: typeof raw.organizationId === "string" ? raw.organizationId : null,
    teamId: typeof raw.teamId === "string" ? raw.teamId : null,
  };
}

export function storeSelection(selection: Selection) {
  return selectionCookie.serialize(selection);
}

/** The tenant's organizations in the selector's order (by name), each with its teams by name. */
export async function selectableOrganizations(tenantId: string, db: DB = getDb()): Promise<SelectorOrganization[]> {
  const [organizations, teams] = await Promise.all([
    db.selectFrom("organizations").select(["id", "name"]).where("tenant_id", "=", tenantId).orderBy("sort_name").orderBy("id").execute(),
    db.selectFrom("teams").select(["id", "name", "organization_id"]).where("tenant_id", "=", tenantId).orderBy("name").orderBy("id").execute(),
  ]);
  return organizations.map((organization) => ({
    ...organization,
    teams: teams.filter((team) => team.organization_id === organization.id).map(({ id, name }) => ({ id, name })),
  }));
}

export async function resolveRequestSelection(request: Request, tenantId: string, db: DB = getDb()): Promise<ResolvedSelection> {
  const organizations = await selectableOrganizations(tenantId, db);
  const chosen = resolveSelection(organizations, await readStoredSelection(request));
  const organization = organizations.find((candidate) => candidate.id === chosen.organizationId) ?? null;
  const team = organization?.teams.find((candidate) => candidate.id === chosen.teamId) ?? null;
  return { organizations, organization: organization && { id: organization.id, name: organization.name }, team, allTeams: chosen.teamId === ALL_TEAMS };
}
