import { useTranslation } from "~/i18n/react";
import { TourOverlay, type TourStep } from "~/components/tour/tour-overlay";
import { NAV_PAGE_TOUR, type PageTour } from "./tours";

/*
 * Loaded on demand (a dynamic import from the help button and the wizard's
 * tour step): the overlay and the tours' texts, which come with the
 * onboarding namespace, are not part of any page's first scripts.
 * @i18n-on-demand: rendered only in the browser once a tour is asked for; its
 * onboarding namespace is fetched then (useTranslation suspends meanwhile).
 */

function useTourSteps(tour: PageTour): TourStep[] {
  const { t } = useTranslation("onboarding");
  return tour.steps.map((step) => ({
    selector: step.selector,
    placement: step.placement,
    title: t(`tours.${tour.textKey}.${step.key}.title`),
    body: t(`tours.${tour.textKey}.${step.key}.body`),
  }));
}

export function PageTourRunner({ tour, onClose }: { tour: PageTour; onClose: () => void }) {
  const steps = useTourSteps(tour);
  return <TourOverlay steps={steps} onClose={onClose} />;
}

export function NavTourRunner({ onClose, onFinish }: { onClose: () => void; onFinish: () => void }) {
  const steps = useTourSteps(NAV_PAGE_TOUR);
  return <TourOverlay steps={steps} onClose={onClose} onFinish={onFinish} />;
}
