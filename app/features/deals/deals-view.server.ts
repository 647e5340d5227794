import { getDb } from "~/db/db.server";
import type { GateContext } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import type { TFunction } from "~/i18n/translator";
import { pipelineName, stageName } from "./deal-rules";
import { dealCurrency, listMembers } from "./deals.server";
import { dealsHref, parseDealsParams, type DealsViewData, type StageSummary } from "./list-params";
import { queryBoard, queryList } from "./list-query.server";
import { ensurePipelines, listPipelines, listStages } from "./pipelines.server";

/**
 * What /crm-deals shows, from its URL: the pipeline (the default one when the
 * URL names none, or one that is not the tenant's), its stages, and the board
 * or the list. A stage or owner the URL names that is not the pipeline's or
 * the tenant's is dropped, as an unknown list is on /contacts.
 */
export async function loadDealsView(request: Request, gate: GateContext, t: TFunction): Promise<DealsViewData> {
  const db = getDb();
  const tenantId = gate.tenant.id;
  await ensurePipelines(tenantId, db);
  const requested = parseDealsParams(new URL(request.url).searchParams);
  const pipelines = await listPipelines(tenantId, db);
  const pipeline = pipelines.find((each) => each.id === requested.pipeline) ?? pipelines[0]!;
  const stages: StageSummary[] = (await listStages(tenantId, pipeline.id, db)).map((stage) => ({ id: stage.id, name: stageName(stage, t), kind: stage.kind }));
  const members = await listMembers(tenantId, db);
  const params = {
    ...requested,
    pipeline: pipeline.is_default === 1 ? null : pipeline.id,
    stage: stages.some((stage) => stage.id === requested.stage) ? requested.stage : null,
    owner: members.some((member) => member.id === requested.owner) ? requested.owner : null,
  };
  const scope = { tenantId, pipelineId: pipeline.id };
  const list = params.view === "list" ? await queryList(scope, params, db) : null;
  if (list) params.page = list.page;
  const permissions = gate.user.permissions;
  return {
    params,
    pipelines: pipelines.map((each) => ({ id: each.id, name: pipelineName(each, t) })),
    pipelineId: pipeline.id,
    stages,
    members: members.map((member) => ({ id: member.id, name: member.name || member.email })),
    currency: await dealCurrency(tenantId, db),
    board: params.view === "board" ? await queryBoard(scope, stages, params, db) : null,
    list: list ? { rows: list.rows, total: list.total, pageCount: list.pageCount, totals: list.totals } : null,
    returnTo: dealsHref(params),
    canCreate: can(permissions, "crm-deals", "create"),
    canUpdate: can(permissions, "crm-deals", "update"),
    canDelete: can(permissions, "crm-deals", "delete"),
  };
}
