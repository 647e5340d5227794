/**
 * Where a guided tour's card goes (docs/product/constants.md#tour-and-layout): beside the element
 * it explains, on the preferred side (below by default) at a fixed offset,
 * inside the window with a margin all round. A side without room gives way
 * to the opposite one, then to the other two; when no side has room (a
 * narrow phone, an element as tall as the window) the card takes the side
 * with the most room and is pushed inside the window, over the element if
 * it must. Pure, so the edges are tested without a browser.
 */

export type TourPlacement = "top" | "bottom" | "left" | "right";

export const TOUR_CARD = { width: 340, height: 180, offset: 20, margin: 20, remeasureMs: 500 } as const;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface CardPosition {
  top: number;
  left: number;
  /** The card's width: 340 px, less on a window narrower than that and its margins. */
  width: number;
  /** The side it ended up on; "center" when there was no element to point at. */
  placement: TourPlacement | "center";
}

const OPPOSITE: Record<TourPlacement, TourPlacement> = { top: "bottom", bottom: "top", left: "right", right: "left" };

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

export function placeTourCard({
  target,
  viewport,
  card = { width: TOUR_CARD.width, height: TOUR_CARD.height },
  placement = "bottom",
  offset = TOUR_CARD.offset,
  margin = TOUR_CARD.margin,
}: {
  /** The highlighted element's box in the window's coordinates, or null when it is not on the page. */
  target: Box | null;
  viewport: { width: number; height: number };
  card?: { width: number; height: number };
  placement?: TourPlacement;
  offset?: number;
  margin?: number;
}): CardPosition {
  const width = Math.max(0, Math.min(card.width, viewport.width - 2 * margin));
  const height = card.height;
  const maxLeft = viewport.width - margin - width;
  const maxTop = viewport.height - margin - height;
  if (!target) {
    return {
      top: clamp((viewport.height - height) / 2, margin, maxTop),
      left: clamp((viewport.width - width) / 2, margin, maxLeft),
      width,
      placement: "center",
    };
  }

  // The room each side leaves for the card, offset and margin taken off.
  const room: Record<TourPlacement, number> = {
    bottom: viewport.height - margin - (target.top + target.height + offset) - height,
    top: target.top - offset - margin - height,
    right: viewport.width - margin - (target.left + target.width + offset) - width,
    left: target.left - offset - margin - width,
  };
  const order: TourPlacement[] = [
    placement,
    OPPOSITE[placement],
    ...(["bottom", "top", "right", "left"] as const).filter((side) => side !== placement && side !== OPPOSITE[placement]),
  ];
  const side = order.find((candidate) => room[candidate] >= 0) ?? order.reduce((best, candidate) => (room[candidate] > room[best] ? candidate : best));

  const centredLeft = target.left + target.width / 2 - width / 2;
  const centredTop = target.top + target.height / 2 - height / 2;
  let top: number;
  let left: number;
  switch (side) {
    case "bottom":
      top = target.top + target.height + offset;
      left = centredLeft;
      break;
    case "top":
      top = target.top - offset - height;
      left = centredLeft;
      break;
    case "right":
      top = centredTop;
      left = target.left + target.width + offset;
      break;
    case "left":
      top = centredTop;
      left = target.left - offset - width;
      break;
  }
  return { top: clamp(top, margin, maxTop), left: clamp(left, margin, maxLeft), width, placement: side };
}
