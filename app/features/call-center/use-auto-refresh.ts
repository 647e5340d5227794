import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Re-runs the page's loaders every `intervalMs` while `enabled` and the
 * browser tab is visible, and once at once when it becomes visible again.
 * A revalidation, not a reload: no flash, focus and scroll stay where they are.
 * A hidden tab makes no requests (and so does not keep a session alive).
 */
export function useAutoRefresh(enabled: boolean, intervalMs: number) {
  const revalidator = useRevalidator();
  // The revalidator object changes on every render; the timer must not restart with it.
  const latest = useRef(revalidator);
  latest.current = revalidator;

  useEffect(() => {
    if (!enabled) return;
    const refresh = () => {
      if (document.visibilityState === "visible" && latest.current.state === "idle") latest.current.revalidate();
    };
    const timer = window.setInterval(refresh, intervalMs);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [enabled, intervalMs]);
}
