import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { stageName } from "~/features/deals/deal-rules";
import { getDeal, moveRefusalMessage } from "~/features/deals/deals.server";
import { DealsScreen } from "~/features/deals/deals-screen";
import { loadDealsView } from "~/features/deals/deals-view.server";
import type { MoveReply } from "~/features/deals/list-params";
import { returnPath } from "~/features/deals/paths";
import { moveSchema } from "~/features/deals/schemas";
import { moveDeal } from "~/features/deals/stage-moves.server";
import { getStage } from "~/features/deals/pipelines.server";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { badRequest } from "~/lib/http/errors.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["deals"] };

/**
 * /crm-deals: a pipeline's deals as a board (a column per stage with its
 * count and total) or a list, with the pipeline, filters, sort and page in
 * the URL (app/features/deals/list-params.ts). The tenant's default pipeline
 * is made on the first visit. The one change made here is moving a deal: each
 * card's stage form posts to this page's action (drag and drop submits the
 * same form); everything else is a page of its own under /crm-deals/….
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "crm-deals");
  const t = await getTranslator(request, "deals");
  return { title: t("title"), view: await loadDealsView(request, gate, t) };
}

export const meta = titleFromLoader;

/** A refused move comes back to its card: the stage chosen, the reason typed, the message at its field. */
function refusedMove(fields: { dealId: string; stageId: string; lostReason: string }, errors: Record<string, string[]>, status: number) {
  const reply: MoveReply = { intent: "move", ...fields, errors };
  return data(reply, { status });
}

export async function action({ request }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "crm-deals");
  const formData = await readFormData(request);
  if (formData.get("intent") !== "move") badRequest();
  const typed = {
    dealId: String(formData.get("dealId") ?? ""),
    stageId: String(formData.get("stageId") ?? ""),
    lostReason: String(formData.get("lostReason") ?? ""),
  };
  const submission = parseWithZod(formData, { schema: moveSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
    return refusedMove(typed, errors, 400);
  }
  const { dealId, stageId, lostReason } = submission.value;
  const moved = await orFailed("Moving a deal", () => moveDeal(tenant.id, dealId, { stageId, lostReason }));
  // The database failed (docs/product/errors.md#operation-failures): the card says so, nothing moved.
  if (moved === FAILED) return refusedMove(typed, { "": ["failures.moveFailed"] }, 500);
  if (!moved.ok) {
    const { field, message } = moveRefusalMessage(moved.refusal);
    return refusedMove(typed, { [field]: [message] }, moved.refusal === "deal-not-found" ? 404 : moved.refusal === "changed-meanwhile" ? 409 : 400);
  }
  const back = returnPath(formData.get("returnTo"));
  const [t, deal, stage] = await Promise.all([getTranslator(request, "deals"), getDeal(tenant.id, dealId), getStage(tenant.id, stageId)]);
  const title = deal?.title ?? "";
  if (!moved.moved || !stage) return redirectWithToast(back, { type: "success", key: "deals:toast.saved", values: { title } });
  return redirectWithToast(back, { type: "success", key: "deals:toast.moved", values: { title, stage: stageName(stage, t) } });
}

export default function DealsPage() {
  const { view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <DealsScreen data={view} pageReply={actionData ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
