import { Link, useLocation } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { tourFor } from "./tours";
import { wizardTypeForPath } from "./wizard-type";

// The overlay and the tours' texts arrive when someone asks for help, not with every page.
const PageTour = lazy(() => import("./tour-runner").then((module) => ({ default: module.PageTourRunner })));

const triggerClass =
  "flex rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary";

/** The help page that lists a tour's steps: the help button's target without JavaScript. */
export function helpPageHref(type: string, tab: string | null, from: string) {
  const params = new URLSearchParams({ type });
  if (tab) params.set("tab", tab);
  // The page the help was asked on, for the way back.
  params.set("from", from);
  return `/help?${params.toString()}`;
}

/**
 * The top bar's help button (docs/product/behaviour.md#page-tours): starts the tour of the page
 * it is on, chosen by the page's path (on the agent creation screen, the
 * current tab's tour). Without JavaScript it is a link to the help page that
 * lists the same steps.
 */
export function HelpButton() {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const [running, setRunning] = useState(false);
  const tour = tourFor(wizardTypeForPath(location.pathname), new URLSearchParams(location.search));
  const label = t("topbar.helpLabel");
  if (!hydrated) {
    return (
      <Link
        to={helpPageHref(tour.tab ? "ai-agent" : tour.id, tour.tab, location.pathname + location.search)}
        className={triggerClass}
        aria-label={label}
        title={label}
        data-tour="help"
      >
        <Icon name="help" />
      </Link>
    );
  }
  return (
    <>
      <button type="button" className={triggerClass} aria-label={label} title={label} aria-haspopup="dialog" data-tour="help" onClick={() => setRunning(true)}>
        <Icon name="help" />
      </button>
      {running ? (
        <Suspense fallback={null}>
          {/* Keyed by the tour, so another page's tour starts at its first step. */}
          <PageTour key={tour.id} tour={tour} onClose={() => setRunning(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
