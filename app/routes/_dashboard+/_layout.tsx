import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { MenuButton } from "~/components/shell/menu-button";
import { Sidebar } from "~/components/shell/sidebar";
import { Topbar } from "~/components/shell/topbar";
import { GraceBanner } from "~/components/shell/grace-banner";
import { HelpButton } from "~/features/onboarding/help-button";
import { NotificationBell } from "~/features/notifications/notification-bell";
import { SearchPaletteLauncher } from "~/features/search/palette/search-palette-launcher";
import { countUnread } from "~/features/notifications/notifications.server";
import { requireScreenAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { PROFILE_MENU, readableNavSegments, visibleNavGroups } from "~/lib/navigation/routes";
import { readSidebar } from "~/lib/preferences/preferences.server";
import { avatarUrl } from "~/features/profile/avatar";
import type { loader as rootLoader } from "~/root";

export async function loader({ request }: LoaderFunctionArgs) {
  // Unknown paths are a 404, not a bounce to the overview.
  const gate = await requireScreenAccess(request);
  const [sidebar, unreadNotifications] = await Promise.all([readSidebar(request), countUnread(gate.tenant.id, gate.user.id)]);
  const readable = (s: string) => can(gate.user.permissions, s, "read");
  return {
    user: { id: gate.user.id, name: gate.user.name, avatarUrl: avatarUrl(gate.user) },
    readableSegments: readableNavSegments(readable),
    sidebar,
    unreadNotifications,
    selection: {
      organizations: gate.selection.organizations,
      organizationId: gate.selection.organization?.id ?? null,
      teamId: gate.selection.team?.id ?? null,
      allTeams: gate.selection.allTeams,
    },
    grace:
      gate.subscription?.status === "grace" && gate.subscription.ends_at
        ? {
            plan: gate.subscription.plan_name,
            endsAt: gate.subscription.ends_at,
            timeZone: gate.tenant.timeZone,
            canPay: can(gate.user.permissions, "choose-plan", "create"),
          }
        : null,
  };
}

export default function DashboardLayout() {
  const { t } = useTranslation();
  const { user, readableSegments, sidebar, grace, selection, unreadNotifications } = useLoaderData<typeof loader>();
  const { navGroups, profileLinks } = useMemo(() => {
    const readable = new Set(readableSegments);
    return { navGroups: visibleNavGroups((segment) => readable.has(segment)), profileLinks: PROFILE_MENU.filter((entry) => readable.has(entry.segment)) };
  }, [readableSegments]);
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Closed by the user (Escape, close, backdrop): focus goes back to Menu, once the drawer's effect has let the page out of `inert`.
  const focusMenuOnClose = useRef(false);
  const closeMenu = useCallback(() => {
    focusMenuOnClose.current = true;
    setMenuOpen(false);
  }, []);
  useEffect(() => {
    if (menuOpen || !focusMenuOnClose.current) return;
    focusMenuOnClose.current = false;
    menuButton.current?.focus();
  }, [menuOpen]);
  // A link followed from the drawer is the way out of it; the new page keeps its own focus.
  const { key: locationKey } = useLocation();
  useEffect(() => setMenuOpen(false), [locationKey]);
  return (
    <div className="flex min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("actions.skipToContent")}
      </a>
      <Sidebar groups={navGroups} openGroups={sidebar.openGroups} collapsed={sidebar.collapsed} drawerOpen={menuOpen} onCloseDrawer={closeMenu} />
      {/* Behind the phone's open drawer: a tap closes it (a link to #main without JavaScript). Never focused, never read. */}
      <a
        href="#main"
        className="nav-backdrop"
        aria-hidden="true"
        tabIndex={-1}
        onClick={(event) => {
          event.preventDefault();
          closeMenu();
        }}
      />
      <div id="shell-content" className="flex min-w-0 flex-1 flex-col">
        <Topbar
          menu={<MenuButton ref={menuButton} open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} />}
          theme={root?.theme ?? "light"}
          userName={user.name}
          avatarUrl={user.avatarUrl}
          profileLinks={profileLinks}
          selection={selection}
          help={<HelpButton />}
          bell={<NotificationBell unread={unreadNotifications} />}
        />
        <SearchPaletteLauncher />
        <GraceBanner notice={grace} />
        <main id="main" className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
