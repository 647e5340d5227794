import { useCallback, useRef, useState, type DragEvent } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * Drag and drop on the board, a progressive enhancement of each card's stage
 * form (docs/product/deals.md#moving-a-deal): native HTML drag events only,
 * switched on once React has hydrated. Dropping a card on a column hands the
 * column's stage to the card's own form (registered with `register`), which
 * submits it as if the stage had been chosen in its select, or, for a lost
 * stage, opens its reason field first. Without scripts, or with a keyboard,
 * the select and its Move button do the same.
 */
const DEAL_TYPE = "application/x-voxboard-deal";

export type MoveTo = (stageId: string) => void;

export function useDragMove() {
  const hydrated = useHydrated();
  const movers = useRef(new Map<string, MoveTo>());
  const [dragging, setDragging] = useState<{ dealId: string; fromStageId: string } | null>(null);
  const [overStage, setOverStage] = useState<string | null>(null);

  /** A card's form says how to move it; the returned function forgets it again. */
  const register = useCallback((dealId: string, moveTo: MoveTo) => {
    movers.current.set(dealId, moveTo);
    return () => {
      if (movers.current.get(dealId) === moveTo) movers.current.delete(dealId);
    };
  }, []);

  function cardProps(dealId: string, stageId: string, enabled: boolean) {
    if (!hydrated || !enabled) return {};
    return {
      draggable: true,
      "data-draggable": "true",
      onDragStart(event: DragEvent<HTMLElement>) {
        event.dataTransfer.setData(DEAL_TYPE, dealId);
        event.dataTransfer.setData("text/plain", dealId);
        event.dataTransfer.effectAllowed = "move";
        setDragging({ dealId, fromStageId: stageId });
      },
      onDragEnd() {
        setDragging(null);
        setOverStage(null);
      },
    };
  }

  function columnProps(stageId: string) {
    if (!hydrated) return {};
    return {
      onDragOver(event: DragEvent<HTMLElement>) {
        if (!dragging) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        if (overStage !== stageId) setOverStage(stageId);
      },
      onDragLeave(event: DragEvent<HTMLElement>) {
        // Leaving for one of the column's own cards is not leaving the column.
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        if (overStage === stageId) setOverStage(null);
      },
      onDrop(event: DragEvent<HTMLElement>) {
        event.preventDefault();
        const dealId = event.dataTransfer.getData(DEAL_TYPE) || dragging?.dealId;
        const from = dragging?.fromStageId;
        setDragging(null);
        setOverStage(null);
        if (!dealId || from === stageId) return;
        movers.current.get(dealId)?.(stageId);
      },
    };
  }

  return { register, cardProps, columnProps, draggingId: dragging?.dealId ?? null, overStage };
}
