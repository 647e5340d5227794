import { useFetcher, useLocation } from "@remix-run/react";
import { ListLink } from "~/components/ui/list-link";
import { createContext, useContext, useEffect, useRef, useState, type RefObject } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { CachedMarkup } from "./cached-markup";
import { Icon } from "~/components/ui/icon";
import { Logo } from "~/components/logo";
import { isBuiltSegment, type NavGroup, type NavItem, type VisibleNavGroup } from "~/lib/navigation/routes";

/** The sidebar's id: the phone's menu control points at it (aria-controls, and #navigation without JavaScript). */
export const NAVIGATION_ID = "navigation";

interface SidebarProps {
  groups: VisibleNavGroup[];
  openGroups: string[];
  collapsed: boolean;
  /** On a phone the sidebar is a drawer: open, and how it closes (Escape, its close button, the backdrop). */
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}

/**
 * Where the sidebar is shown: the page's first path segment and tab (its active entry) and the path its
 * no-JavaScript forms return to. A context, so the same markup renders live or once into the cache.
 */
interface SidebarPlace {
  segment: string | undefined;
  tab: string | null;
  returnPath: string;
}
const SidebarPlaceContext = createContext<SidebarPlace>({ segment: undefined, tab: null, returnPath: "/" });

interface NavLinkEntry {
  key: string;
  to: string;
  label: string;
  badge?: string;
  /** The screen is not built yet: a quiet marker instead of a promise. */
  soon: boolean;
  active: boolean;
}

function useNavLinks(item: NavItem): NavLinkEntry[] {
  const { t } = useTranslation();
  const { segment, tab } = useContext(SidebarPlaceContext);
  if (item.tabs) {
    const activeTab = tab ?? item.tabs[0]?.value;
    return item.tabs.map((entry) => {
      const ownScreen = entry.href?.split("/")[1];
      return {
        key: `${item.segment}-${entry.value}`,
        to: entry.href ?? `/${item.segment}?tab=${entry.value}`,
        label: t(entry.labelKey),
        soon: !isBuiltSegment(item.segment),
        active: ownScreen ? segment === ownScreen : segment === item.segment && activeTab === entry.value,
      };
    });
  }
  return [
    {
      key: item.segment,
      to: `/${item.segment}`,
      label: t(item.labelKey),
      badge: item.badgeKey ? t(item.badgeKey) : undefined,
      soon: !isBuiltSegment(item.segment),
      active: isActiveItem(item, segment),
    },
  ];
}

const isActiveItem = (item: NavItem, segment: string | undefined) =>
  segment === item.segment || (segment !== undefined && (item.alsoActiveOn as string[] | undefined)?.includes(segment) === true);

function SoonMarker() {
  const { t } = useTranslation();
  return <span className="shrink-0 text-[0.6875rem] font-normal text-slate-600 dark:text-slate-400">{t("nav.soon")}</span>;
}

function LinkList({ id, items, className }: { id?: string; items: NavItem[]; className?: string }) {
  return (
    <ul id={id} className={className}>
      {items.map((item) => (
        <LinkEntries key={item.segment} item={item} />
      ))}
    </ul>
  );
}

function LinkEntries({ item }: { item: NavItem }) {
  const links = useNavLinks(item);
  return (
    <>
      {links.map((link) => (
        <li key={link.key}>
          <ListLink
            to={link.to}
            aria-current={link.active ? "page" : undefined}
            className={link.active ? "nav-item nav-active" : link.soon ? "nav-item nav-item-soon" : "nav-item nav-item-idle"}
          >
            <span className="min-w-0 truncate">{link.label}</span>
            {link.soon ? (
              <SoonMarker />
            ) : link.badge ? (
              <span className="rounded-full bg-primary-button px-2 py-0.5 text-xs font-semibold text-primary-button-text">{link.badge}</span>
            ) : null}
          </ListLink>
        </li>
      ))}
    </>
  );
}

function SingleLinkGroup({ group }: { group: NavGroup }) {
  const { t } = useTranslation();
  const { segment } = useContext(SidebarPlaceContext);
  const item = group.items[0]!;
  const active = isActiveItem(item, segment);
  const soon = !isBuiltSegment(item.segment);
  return (
    <li className="nav-group relative" data-tour={`nav-${group.id}`}>
      <ListLink
        to={`/${item.segment}`}
        title={t(group.labelKey)}
        aria-current={active ? "page" : undefined}
        className={active ? "nav-link nav-group-link nav-active" : "nav-link nav-group-link nav-group-idle"}
      >
        <Icon name={group.icon} className="shrink-0" />
        <span className="nav-label min-w-0 flex-1 truncate">{t(group.labelKey)}</span>
        {soon ? (
          <span className="nav-label">
            <SoonMarker />
          </span>
        ) : null}
      </ListLink>
    </li>
  );
}

function CollapsibleGroup({
  group,
  open,
  collapsed,
  onToggle,
}: {
  group: NavGroup;
  open: boolean;
  /** Only a collapsed sidebar shows the icon and its flyout; an expanded one leaves them out of the page altogether. */
  collapsed: boolean;
  /** Scripts running: the toggle happens in place. Absent in the cached markup, whose form posts. */
  onToggle?: (groupId: string) => void;
}) {
  const { t } = useTranslation();
  const { returnPath } = useContext(SidebarPlaceContext);
  const label = t(group.labelKey);
  const listId = `nav-group-${group.id}`;
  return (
    <li className="nav-group relative" data-tour={`nav-${group.id}`}>
      <form
        method="post"
        action="/resources/sidebar"
        className="nav-expanded-only"
        onSubmit={
          onToggle &&
          ((event) => {
            event.preventDefault();
            onToggle(group.id);
          })
        }
      >
        <input type="hidden" name="group" value={group.id} />
        {/* Back to the open drawer on a phone without JavaScript (#navigation); the desktop sidebar has no use for the fragment. */}
        <input type="hidden" name="redirectTo" value={`${returnPath}#${NAVIGATION_ID}`} />
        <button
          type="submit"
          aria-expanded={open}
          // A closed group renders no list, and aria-controls must name an element that exists.
          aria-controls={open ? listId : undefined}
          className="nav-group-link nav-group-idle w-full text-left"
        >
          <Icon name={group.icon} className="shrink-0" />
          <span className="flex-1">{label}</span>
          <Icon name="chevron" className={open ? "h-4 w-4 transition-transform rotate-180" : "h-4 w-4 transition-transform"} />
        </button>
      </form>
      {open ? <LinkList id={listId} items={group.items} className="nav-expanded-only ml-8 mt-1 space-y-0.5" /> : null}
      {collapsed ? (
        <>
          <details className="nav-collapsed-only">
            <summary
              className="nav-group-idle flex cursor-pointer list-none items-center justify-center rounded-md px-3 py-2 [&::-webkit-details-marker]:hidden"
              aria-label={label}
              title={label}
            >
              <Icon name={group.icon} />
            </summary>
          </details>
          <div className="nav-flyout absolute left-full top-0 z-30 w-60 pl-2">
            <div className="rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
              <LinkList items={group.items} className="space-y-0.5" />
            </div>
          </div>
        </>
      ) : null}
    </li>
  );
}

/** What the sidebar's markup depends on besides the page's place: the same values give the same HTML. */
interface SidebarViewProps {
  groups: VisibleNavGroup[];
  openGroups: string[];
  collapsed: boolean;
  drawerOpen: boolean;
  /** Scripts running: the controls act in place. Absent in the cached markup, whose forms post and whose close control is a link. */
  live?: {
    onToggleGroup: (groupId: string) => void;
    onToggleCollapsed: () => void;
    onCloseDrawer: () => void;
    closeButton: RefObject<HTMLButtonElement>;
  };
}

function SidebarView({ groups, openGroups, collapsed, drawerOpen, live }: SidebarViewProps) {
  const { t } = useTranslation();
  const { returnPath } = useContext(SidebarPlaceContext);
  return (
    // z-20: sticky makes the sidebar a stacking context, so its flyouts rise above the page's own positioned parts (tab bars, tables) only if the sidebar does.
    <aside
      id={NAVIGATION_ID}
      className="sidebar z-20 shrink-0 flex-col border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      data-collapsed={collapsed ? "true" : "false"}
      data-open={drawerOpen ? "true" : "false"}
      data-testid="sidebar"
      data-tour="sidebar"
    >
      <div className="flex h-16 items-center justify-between px-4">
        <ListLink to="/overview" className="nav-expanded-only">
          <Logo />
        </ListLink>
        <ListLink to="/overview" className="nav-collapsed-only mx-auto">
          <Logo compact />
        </ListLink>
        <CloseDrawer live={live} />
      </div>
      <nav aria-label={t("nav.label")} className="nav-scroll min-h-0 flex-1 px-2 pb-6">
        <ul className="space-y-1">
          {groups.map((group) =>
            group.standalone ? (
              <SingleLinkGroup key={group.id} group={group} />
            ) : (
              <CollapsibleGroup key={group.id} group={group} open={openGroups.includes(group.id)} collapsed={collapsed} onToggle={live?.onToggleGroup} />
            ),
          )}
        </ul>
      </nav>
      <form
        method="post"
        action="/resources/sidebar"
        className="hidden border-t border-slate-200 px-2 py-2 dark:border-slate-800 wide:block"
        onSubmit={
          live &&
          ((event) => {
            event.preventDefault();
            live.onToggleCollapsed();
          })
        }
      >
        <input type="hidden" name="collapsed" value={String(!collapsed)} />
        <input type="hidden" name="redirectTo" value={returnPath} />
        <button
          type="submit"
          className="nav-link flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          title={collapsed ? t("nav.expand") : t("nav.collapse")}
        >
          <Icon name={collapsed ? "expand" : "collapse"} />
          <span className={collapsed ? "sr-only" : "nav-label"}>{collapsed ? t("nav.expand") : t("nav.collapse")}</span>
        </button>
      </form>
    </aside>
  );
}

/** Stands for the page's path in the cached markup; each page's own goes in on the way out (CachedMarkup's fill). */
const RETURN_PATH_SLOT = "__sidebar_return_path__";
const CACHE_KEY_SEPARATOR = "\u0000";

/**
 * The sidebar (docs/product/navigation.md#sidebar). Group state is a cookie written by
 * /resources/sidebar: a plain form post without JavaScript, a background
 * fetcher with optimistic state when scripts run. Its forms are plain <form>s:
 * their submit handlers always take over once scripts run, so Remix's <Form>
 * would only add its per-instance cost to every page's render.
 *
 * The server renders it once per language, set of screens, open groups,
 * collapsed state and active entry, and serves that HTML to every page alike
 * (issue 27: the shell was a third of a list page's render). The browser
 * keeps that HTML while it hydrates, then swaps in the live sidebar.
 */
export function Sidebar(props: SidebarProps) {
  const hydrated = useHydrated();
  const translation = useTranslation();
  const location = useLocation();
  const segment = location.pathname.split("/").filter(Boolean)[0];
  const tab = new URLSearchParams(location.search).get("tab");
  const returnPath = location.pathname + location.search;
  if (hydrated) {
    return (
      <SidebarPlaceContext.Provider value={{ segment, tab, returnPath }}>
        <LiveSidebar {...props} />
      </SidebarPlaceContext.Provider>
    );
  }
  // Only a tab the active entry has changes the markup; any other value is one key, so the cache stays bounded.
  const tabItem = props.groups.flatMap((group) => group.items).find((item) => item.segment === segment && item.tabs);
  const activeTab = tab === null || !tabItem ? null : tabItem.tabs!.some((entry) => entry.value === tab) ? tab : "";
  const cacheKey = [
    "sidebar",
    translation.i18n.language,
    props.groups.map((group) => `${group.id}:${group.items.map((item) => item.segment).join(",")}`).join(";"),
    props.openGroups.join(","),
    props.collapsed,
    segment ?? "",
    activeTab ?? "",
  ].join(CACHE_KEY_SEPARATOR);
  return (
    <CachedMarkup
      cacheKey={cacheKey}
      fill={{ [RETURN_PATH_SLOT]: returnPath }}
      render={() => (
        <SidebarPlaceContext.Provider value={{ segment, tab: activeTab, returnPath: RETURN_PATH_SLOT }}>
          <SidebarView groups={props.groups} openGroups={props.openGroups} collapsed={props.collapsed} drawerOpen={false} />
        </SidebarPlaceContext.Provider>
      )}
    />
  );
}

function LiveSidebar({ groups, openGroups: initialOpen, collapsed: initialCollapsed, drawerOpen, onCloseDrawer }: SidebarProps) {
  const fetcher = useFetcher();
  const [openGroups, setOpenGroups] = useState(initialOpen);
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const closeButton = useRef<HTMLButtonElement>(null);
  useDrawerFocus(drawerOpen, onCloseDrawer, closeButton);

  const persist = (fields: Record<string, string>) => fetcher.submit({ ...fields, _fetcher: "1" }, { method: "post", action: "/resources/sidebar" });
  const live = {
    onToggleGroup: (groupId: string) => {
      setOpenGroups((current) => (current.includes(groupId) ? current.filter((id) => id !== groupId) : [...current, groupId]));
      persist({ group: groupId });
    },
    onToggleCollapsed: () => {
      setCollapsed(!collapsed);
      persist({ collapsed: String(!collapsed) });
    },
    onCloseDrawer,
    closeButton,
  };
  return <SidebarView groups={groups} openGroups={openGroups} collapsed={collapsed} drawerOpen={drawerOpen} live={live} />;
}

const CLOSE_CLASS =
  "inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800 wide:hidden";

/** The drawer's close control on a phone: a link that drops #navigation without JavaScript, a button once hydrated. */
function CloseDrawer({ live }: { live: SidebarViewProps["live"] }) {
  const { t } = useTranslation();
  const icon = <Icon name="close" />;
  return live ? (
    <button
      ref={live.closeButton}
      type="button"
      className={CLOSE_CLASS}
      aria-label={t("nav.closeMenu")}
      title={t("nav.closeMenu")}
      onClick={live.onCloseDrawer}
    >
      {icon}
    </button>
  ) : (
    <a href="#main" className={CLOSE_CLASS} aria-label={t("nav.closeMenu")} title={t("nav.closeMenu")}>
      {icon}
    </a>
  );
}

const PHONE = "(max-width: 768px)";

/**
 * The open drawer behaves as a modal on a phone: focus moves into it, the
 * page behind it is inert (not focusable, not read), and Escape closes it.
 */
function useDrawerFocus(open: boolean, onClose: () => void, closeButton: RefObject<HTMLButtonElement>) {
  useEffect(() => {
    if (!open || !window.matchMedia(PHONE).matches) return;
    const page = document.getElementById("shell-content");
    page?.setAttribute("inert", "");
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      page?.removeAttribute("inert");
      document.removeEventListener("keydown", onKey);
    };
  }, [open, onClose, closeButton]);
}
