import { useEffect, useRef } from "react";
import { ListLink } from "./list-link";
import { cn } from "./cn";

export interface TabLink {
  /** The value of the tab in the URL. */
  value: string;
  label: string;
  to: string;
  /** A count or marker after the label. */
  badge?: string;
}

/**
 * Tabs that are links: each tab is a URL of its own (usually ?tab=…), so
 * they work without JavaScript, can be bookmarked, and Back returns to the
 * previous tab. On a narrow screen the row scrolls on its own instead of the
 * page, with a shadow at the edge that has more tabs behind it (.scroll-hint).
 */
export function Tabs({ label, tabs, active, className }: { label: string; tabs: TabLink[]; active: string; className?: string }) {
  const row = useRef<HTMLElement>(null);
  // On a phone the current tab may sit past the row's right edge; bring it into view without moving the page.
  useEffect(() => {
    const nav = row.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current && (current.offsetLeft + current.offsetWidth > nav.scrollLeft + nav.clientWidth || current.offsetLeft < nav.scrollLeft)) {
      nav.scrollLeft = current.offsetLeft - 8;
    }
  }, [active]);
  return (
    <nav ref={row} aria-label={label} className={cn("scroll-hint relative -mx-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800", className)}>
      <ul className="flex min-w-max gap-1 px-1">
        {tabs.map((tab) => {
          const current = tab.value === active;
          return (
            <li key={tab.value}>
              <ListLink
                to={tab.to}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors",
                  current
                    ? "border-primary-button text-slate-900 dark:text-white"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-300 dark:hover:border-slate-600 dark:hover:text-white",
                )}
              >
                {tab.label}
                {tab.badge ? (
                  <span className="rounded-full bg-slate-100 px-1.5 text-xs tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {tab.badge}
                  </span>
                ) : null}
              </ListLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
