import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, inputClass } from "~/components/ui/field";
import { LOST_REASON_MAX_LENGTH } from "./deal-rules";
import type { DealCard, MoveReply, StageSummary } from "./list-params";
import type { MoveTo } from "./use-drag-move";

/**
 * One card's move: a stage select and a Move button, a plain form that
 * posts to the board's action and works without JavaScript. Choosing a lost
 * stage asks why at the reason field: with scripts the field opens as soon
 * as the stage is chosen; without, the refused post brings the page back with
 * the field and its message. With scripts the form posts through a fetcher,
 * and a card dropped on a column (use-drag-move.ts) submits it the same way.
 */
export function MoveForm({
  card,
  stages,
  returnTo,
  pageReply,
  register,
}: {
  card: DealCard;
  stages: StageSummary[];
  returnTo: string;
  /** The board action's refusal after a post without scripts, when it is this card's. */
  pageReply: MoveReply | null;
  register: (dealId: string, moveTo: MoveTo) => () => void;
}) {
  const { t } = useTranslation("deals");
  const fetcher = useFetcher<MoveReply>();
  const reply = (fetcher.state === "idle" ? fetcher.data : undefined) ?? pageReply;
  const [stageId, setStageId] = useState(reply?.stageId ?? card.stageId);
  const form = useRef<HTMLFormElement>(null);
  const reason = useRef<HTMLInputElement>(null);
  const chosen = stages.find((stage) => stage.id === stageId);
  const asksWhy = (chosen?.kind === "lost" && stageId !== card.stageId) || Boolean(reply?.errors.lostReason);
  const formId = `move-${card.id}`;
  const busy = fetcher.state !== "idle";

  // A refusal from the server chose the stage it refused; the select shows it again.
  useEffect(() => {
    if (reply) setStageId(reply.stageId);
  }, [reply]);

  useEffect(
    () =>
      register(card.id, (target) => {
        setStageId(target);
        const stage = stages.find((each) => each.id === target);
        if (stage?.kind === "lost") {
          // The reason first: the field opens and takes the focus; Move sends it.
          requestAnimationFrame(() => reason.current?.focus());
          return;
        }
        const data = new FormData(form.current ?? undefined);
        data.set("stageId", target);
        data.delete("lostReason");
        fetcher.submit(data, { method: "post" });
      }),
    // fetcher.submit is stable for the fetcher's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [card.id, register, stages],
  );

  return (
    <fetcher.Form ref={form} method="post" id={formId} noValidate className="mt-3 space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <FormErrors errors={reply?.errors[""] ?? undefined} namespace="deals" />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="dealId" value={card.id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${formId}-stage`} className="sr-only">
            {t("card.stageOf", { title: card.title })}
          </label>
          <select
            id={`${formId}-stage`}
            name="stageId"
            value={stageId}
            onChange={(event) => setStageId(event.target.value)}
            aria-invalid={reply?.errors.stageId ? true : undefined}
            aria-describedby={reply?.errors.stageId ? `${formId}-stage-error` : undefined}
            className={`${inputClass} py-1.5`}
          >
            {stages.map((stage) => (
              <option key={stage.id} value={stage.id}>
                {stage.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" size="sm" loading={busy} aria-label={t("card.moveDeal", { title: card.title })}>
          {t("card.move")}
        </Button>
      </div>
      <FieldErrors id={`${formId}-stage-error`} errors={reply?.errors.stageId} t={t} />
      {asksWhy ? (
        <div className="space-y-1">
          <label htmlFor={`${formId}-reason`} className="block text-xs font-medium">
            {t("card.reason")}
          </label>
          <input
            ref={reason}
            id={`${formId}-reason`}
            name="lostReason"
            type="text"
            maxLength={LOST_REASON_MAX_LENGTH}
            defaultValue={reply?.lostReason ?? ""}
            aria-invalid={reply?.errors.lostReason ? true : undefined}
            aria-describedby={reply?.errors.lostReason ? `${formId}-reason-error` : undefined}
            className={`${inputClass} py-1.5`}
          />
          <FieldErrors id={`${formId}-reason-error`} errors={reply?.errors.lostReason} t={t} />
        </div>
      ) : null}
    </fetcher.Form>
  );
}
