import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { DEALS_PATH } from "./list-params";

/** Where the deal and pipeline pages live; each is a page of its own, so every change works without JavaScript. */
const segment = (id: string) => encodeURIComponent(id);

export const dealPaths = {
  /** `from`: what the new deal starts from (a pipeline, a recording, a contact). */
  create: (from: { pipeline?: string | null; call?: string; contact?: string } = {}) => {
    const query = new URLSearchParams();
    if (from.pipeline) query.set("pipeline", from.pipeline);
    if (from.call) query.set("call", from.call);
    if (from.contact) query.set("contact", from.contact);
    const text = query.toString();
    return `${DEALS_PATH}/new${text ? `?${text}` : ""}`;
  },
  edit: (dealId: string) => `${DEALS_PATH}/${segment(dealId)}/edit`,
  remove: (dealId: string) => `${DEALS_PATH}/${segment(dealId)}/delete`,
  createPipeline: `${DEALS_PATH}/pipelines/new`,
  pipeline: (pipelineId: string) => `${DEALS_PATH}/pipelines/${segment(pipelineId)}`,
  removePipeline: (pipelineId: string) => `${DEALS_PATH}/pipelines/${segment(pipelineId)}/delete`,
  removeStage: (pipelineId: string, stageId: string) => `${DEALS_PATH}/pipelines/${segment(pipelineId)}/stages/${segment(stageId)}/delete`,
};

/** A link that keeps the view to come back to. */
export function withReturnTo(path: string, returnTo: string | null | undefined) {
  if (!returnTo || returnTo === DEALS_PATH) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}${new URLSearchParams({ returnTo })}`;
}

/** A `returnTo` form or query value as a same-site path, else the board. */
export function returnPath(value: FormDataEntryValue | string | null | undefined, fallback: string = DEALS_PATH) {
  return safeRedirectPath(value, fallback);
}
