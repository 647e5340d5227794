import { getDb } from "~/db/db.server";
import type { GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { phoneDisplays } from "~/features/phone/display.server";
import { readRecordingColumns } from "./columns.server";
import { listHref, parseListParams, toSearchParams, type ListBasePath, type RecordingsListViewData } from "./list-params";
import { agentOptions, campaignOptions, directionOptions, queryRecordingsPage, type ListScope } from "./list-query.server";

/** The data of the recordings screen: the page of calls the URL asks for, the filter options, and what the user may do. */
export async function loadRecordingsList(request: Request, gate: GateContext, { basePath }: { basePath: ListBasePath }): Promise<RecordingsListViewData> {
  const db = getDb();
  const scope: ListScope = { tenantId: gate.tenant.id, timeZone: gate.tenant.timeZone };
  const parsed = parseListParams(new URL(request.url).searchParams);
  const agents = await agentOptions(db, scope.tenantId);
  // A version of another agent (the agent was changed, the version left) would show nothing: all of the agent's versions instead.
  const requested =
    parsed.version && !agents.find((agent) => agent.id === parsed.agent)?.versions.includes(parsed.version) ? { ...parsed, version: null } : parsed;
  // Side by side: on PostgreSQL each is a round trip on a connection of its own; SQLite runs them one after another anyway.
  const [page, campaigns, directions] = await Promise.all([
    queryRecordingsPage(db, scope, requested),
    campaignOptions(db, scope.tenantId),
    directionOptions(db, scope.tenantId),
  ]);
  const exportQuery = toSearchParams({ ...page.params, page: 1 }).toString();
  return {
    basePath,
    params: page.params,
    rows: page.rows,
    total: page.total,
    totalIsCapped: page.totalIsCapped,
    pageCount: page.pageCount,
    hasNextPage: page.hasNextPage,
    campaigns,
    directions,
    agents,
    timeZone: scope.timeZone,
    returnTo: listHref(basePath, page.params),
    exportHref: `/recordings/export.csv${exportQuery ? `?${exportQuery}` : ""}`,
    // Row actions are routes under /recordings, whichever page shows the list.
    canUpdate: can(gate.user.permissions, "recordings", "update"),
    canDelete: can(gate.user.permissions, "recordings", "delete"),
    columns: await readRecordingColumns(request),
    phones: phoneDisplays(page.rows.flatMap((row) => [row.from, row.to])),
  };
}
