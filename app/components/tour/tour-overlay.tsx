import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { CloseButton } from "~/components/ui/close-button";
import { placeTourCard, TOUR_CARD, type Box, type TourPlacement } from "./placement";

export interface TourStep {
  /** The element the step explains; a selector that matches nothing shows the card in the middle of the window. */
  selector: string;
  title: string;
  body: string;
  placement?: TourPlacement;
}

/** Room between the highlighted element and the ring drawn round it. */
const HIGHLIGHT_PADDING = 6;

function firstVisible(selector: string): HTMLElement | null {
  let elements: NodeListOf<HTMLElement>;
  try {
    elements = document.querySelectorAll<HTMLElement>(selector);
  } catch {
    return null;
  }
  // The sidebar has a collapsed and an expanded copy of some entries; the one that is drawn counts.
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) return element;
  }
  return null;
}

const boxOf = (element: HTMLElement | null): Box | null => {
  if (!element) return null;
  const { top, left, width, height } = element.getBoundingClientRect();
  return { top, left, width, height };
};

const prefersReducedMotion = () => typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Makes everything but the overlay inert (no clicks, no focus, hidden from
 * assistive technology) while the tour runs, and gives it back afterwards.
 * The app's root is <body>: its other children are the page, the toasts and
 * any portal.
 */
function useInertSiblings(root: HTMLElement | null) {
  useEffect(() => {
    if (!root) return;
    const made: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === root || sibling.hasAttribute("inert") || sibling.tagName === "SCRIPT") continue;
      sibling.setAttribute("inert", "");
      made.push(sibling);
    }
    return () => {
      for (const element of made) element.removeAttribute("inert");
    };
  }, [root]);
}

/**
 * The guided tour (docs/product/behaviour.md#page-tours): one step at a time, the step's element
 * ringed and the rest of the page dimmed, a card beside it (below unless the
 * step says otherwise, 340 × 180, 20 px away and 20 px inside the window)
 * with the step's title, text, "Step X of Y", Back, Next (Done on the last
 * step) and Close. Positions are measured again every 500 ms and on scroll
 * and resize, so a page that moves under it is followed. The tour is modal:
 * the page behind is inert, Tab stays in the card, Escape closes it, and
 * focus goes back to where it was. Animations are left out for people who
 * asked for reduced motion. It is a browser-only enhancement, loaded when
 * someone asks for a tour; every tour's text is also a page of its own.
 */
export function TourOverlay({
  steps,
  onClose,
  onFinish,
}: {
  steps: readonly TourStep[];
  /** Close or Escape. */
  onClose: () => void;
  /** Done on the last step; onClose when not given. */
  onFinish?: () => void;
}) {
  const { t } = useTranslation("common");
  const [index, setIndex] = useState(0);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [target, setTarget] = useState<Box | null>(null);
  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const [cardHeight, setCardHeight] = useState<number>(TOUR_CARD.height);
  const card = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const step = steps[index]!;
  const last = index === steps.length - 1;

  useInertSiblings(root);

  // Focus returns to the opener (the help button) when the tour ends.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const measure = useCallback(() => {
    setViewport({ width: document.documentElement.clientWidth, height: window.innerHeight });
    setTarget(boxOf(firstVisible(step.selector)));
    if (card.current) setCardHeight(Math.max(card.current.offsetHeight, 1));
    // Focus that left the card (a click on the dimmed page leaves it on <body>) comes back to it: the page behind is inert.
    if (card.current && card.current.style.visibility !== "hidden" && !card.current.contains(document.activeElement)) primary.current?.focus();
  }, [step.selector]);

  // A new step: bring its element into view, then measure; measured again every 500 ms and on scroll or resize.
  useLayoutEffect(() => {
    const element = firstVisible(step.selector);
    element?.scrollIntoView({ block: "nearest", inline: "nearest", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    measure();
    const timer = window.setInterval(measure, TOUR_CARD.remeasureMs);
    window.addEventListener("resize", measure);
    window.addEventListener("scroll", measure, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("resize", measure);
      window.removeEventListener("scroll", measure, true);
    };
  }, [step.selector, measure]);

  // Focus on the step's way on, once the card is placed (a hidden card cannot take focus).
  const placed = viewport.width > 0;
  useEffect(() => {
    if (!placed) return;
    const frame = window.requestAnimationFrame(() => primary.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, [index, placed]);

  // Escape closes wherever focus is (a click on the dimmed page leaves it on <body>).
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close.current();
    };
    document.addEventListener("keydown", onEscape);
    return () => document.removeEventListener("keydown", onEscape);
  }, []);

  const finish = onFinish ?? onClose;
  const next = () => (last ? finish() : setIndex(index + 1));

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Tab" || !card.current) return;
    // Tab and Shift+Tab go round the card's own controls.
    const focusable = Array.from(card.current.querySelectorAll<HTMLElement>("button:not([disabled]), a[href]"));
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const lastControl = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      lastControl.focus();
    } else if (!event.shiftKey && document.activeElement === lastControl) {
      event.preventDefault();
      first.focus();
    } else if (!card.current.contains(document.activeElement)) {
      event.preventDefault();
      first.focus();
    }
  }

  const position = viewport.width ? placeTourCard({ target, viewport, card: { width: TOUR_CARD.width, height: cardHeight }, placement: step.placement }) : null;
  const motion = "motion-safe:transition-all motion-safe:duration-200";

  return createPortal(
    <div
      ref={setRoot}
      className="fixed inset-0 z-[60]"
      data-testid="tour-overlay"
      data-step={index + 1}
      data-target-found={target ? "true" : "false"}
      onKeyDown={onKeyDown}
    >
      {target ? (
        // The ring's shadow dims everything outside it; the element itself stays visible but cannot be clicked.
        <div
          aria-hidden="true"
          data-testid="tour-highlight"
          // Darker round a dark page, and a lighter ring, so the element stands out in both themes.
          className={`pointer-events-none fixed rounded-md shadow-[0_0_0_9999px_rgb(15_23_42/0.55)] ring-2 ring-primary dark:shadow-[0_0_0_9999px_rgb(0_0_0/0.72)] dark:ring-sky-300 ${motion}`}
          style={{
            top: target.top - HIGHLIGHT_PADDING,
            left: target.left - HIGHLIGHT_PADDING,
            width: target.width + 2 * HIGHLIGHT_PADDING,
            height: target.height + 2 * HIGHLIGHT_PADDING,
          }}
        />
      ) : (
        <div aria-hidden="true" className="fixed inset-0 bg-slate-900/55 dark:bg-black/70" />
      )}
      <div
        ref={card}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid="tour-card"
        data-placement={position?.placement}
        className={`fixed flex min-h-[180px] flex-col rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${motion}`}
        style={position ? { top: position.top, left: position.left, width: position.width } : { visibility: "hidden", width: TOUR_CARD.width }}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 break-words text-base font-semibold">
            {step.title}
          </h2>
          <CloseButton label={t("tour.close")} onClick={onClose} className="-mr-2 -mt-1" />
        </div>
        <p id={bodyId} className="mt-1 flex-1 text-sm text-slate-700 dark:text-slate-300">
          {step.body}
        </p>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="tour-progress">
            {t("tour.progress", { current: index + 1, total: steps.length })}
          </p>
          <div className="flex gap-2">
            {index > 0 ? (
              <button type="button" className={buttonClass("secondary", undefined, "sm")} onClick={() => setIndex(index - 1)}>
                {t("tour.back")}
              </button>
            ) : null}
            <button ref={primary} type="button" className={buttonClass("primary", undefined, "sm")} onClick={next}>
              {last ? t("tour.done") : t("tour.next")}
            </button>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
