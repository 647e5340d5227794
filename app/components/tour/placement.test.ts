import { describe, expect, it } from "vitest";
import { placeTourCard, TOUR_CARD, type Box, type CardPosition } from "./placement";

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

function inside(position: CardPosition, viewport: { width: number; height: number }, height: number = TOUR_CARD.height) {
  expect(position.left).toBeGreaterThanOrEqual(TOUR_CARD.margin);
  expect(position.top).toBeGreaterThanOrEqual(TOUR_CARD.margin);
  expect(position.left + position.width).toBeLessThanOrEqual(viewport.width - TOUR_CARD.margin);
  expect(position.top + height).toBeLessThanOrEqual(viewport.height - TOUR_CARD.margin);
}

const box = (left: number, top: number, width: number, height: number): Box => ({ left, top, width, height });

describe("placeTourCard (docs/product/constants.md#tour-and-layout)", () => {
  it("puts the card below the element by default, centred on it, 20 px away, 340 × 180", () => {
    const position = placeTourCard({ target: box(500, 100, 200, 40), viewport: DESKTOP });
    expect(position).toEqual({ top: 160, left: 430, width: 340, placement: "bottom" });
  });

  it("takes the side it is asked for when it has room", () => {
    const target = box(600, 400, 100, 40);
    expect(placeTourCard({ target, viewport: DESKTOP, placement: "top" })).toMatchObject({ top: 400 - 20 - 180, placement: "top" });
    expect(placeTourCard({ target, viewport: DESKTOP, placement: "right" })).toMatchObject({ left: 720, placement: "right" });
    expect(placeTourCard({ target, viewport: DESKTOP, placement: "left" })).toMatchObject({ left: 600 - 20 - 340, placement: "left" });
  });

  it("flips to above an element at the bottom edge", () => {
    const target = box(500, 720, 200, 40);
    const position = placeTourCard({ target, viewport: DESKTOP });
    expect(position.placement).toBe("top");
    expect(position.top).toBe(720 - 20 - 180);
    inside(position, DESKTOP);
  });

  it("flips to below an element at the top edge that asked for above", () => {
    const position = placeTourCard({ target: box(500, 10, 200, 40), viewport: DESKTOP, placement: "top" });
    expect(position.placement).toBe("bottom");
    inside(position, DESKTOP);
  });

  it("flips left and right at the side edges", () => {
    expect(placeTourCard({ target: box(1200, 300, 100, 40), viewport: DESKTOP, placement: "right" }).placement).toBe("left");
    expect(placeTourCard({ target: box(10, 300, 100, 40), viewport: DESKTOP, placement: "left" }).placement).toBe("right");
  });

  it("keeps 20 px from the side edges for an element in a corner", () => {
    for (const target of [box(0, 0, 30, 30), box(1336, 0, 30, 30), box(0, 770, 30, 30), box(1336, 770, 30, 30)])
      inside(placeTourCard({ target, viewport: DESKTOP }), DESKTOP);
  });

  it("pushes the card inside at 390 px: an element at the right edge gets a card 20 px from it", () => {
    const position = placeTourCard({ target: box(300, 10, 80, 40), viewport: PHONE });
    expect(position).toEqual({ top: 70, left: 390 - 20 - 340, width: 340, placement: "bottom" });
    inside(position, PHONE);
  });

  it("narrows the card on a window narrower than 340 px and its margins", () => {
    const viewport = { width: 320, height: 640 };
    const position = placeTourCard({ target: box(10, 10, 80, 40), viewport });
    expect(position.width).toBe(280);
    expect(position.left).toBe(20);
    inside(position, viewport);
  });

  it("goes below or above on a phone when the element asked for a side it cannot have", () => {
    const position = placeTourCard({ target: box(0, 300, 64, 40), viewport: PHONE, placement: "right" });
    expect(["bottom", "top"]).toContain(position.placement);
    inside(position, PHONE);
  });

  it("stays inside the window over an element taller than it (a sidebar) with no side free", () => {
    const position = placeTourCard({ target: box(0, 0, 390, 844), viewport: PHONE });
    inside(position, PHONE);
  });

  it("stays inside for an element scrolled partly out of the window", () => {
    inside(placeTourCard({ target: box(400, -300, 300, 200), viewport: DESKTOP }), DESKTOP);
    inside(placeTourCard({ target: box(400, 900, 300, 200), viewport: DESKTOP }), DESKTOP);
  });

  it("centres the card when the element is missing", () => {
    expect(placeTourCard({ target: null, viewport: DESKTOP })).toEqual({ top: 310, left: 513, width: 340, placement: "center" });
    inside(placeTourCard({ target: null, viewport: PHONE }), PHONE);
  });

  it("uses the card's measured height", () => {
    const position = placeTourCard({ target: box(500, 500, 200, 40), viewport: DESKTOP, card: { width: 340, height: 260 } });
    expect(position.placement).toBe("top");
    inside(position, DESKTOP, 260);
  });
});
