import { type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Sidebar } from "~/components/shell/sidebar";
import { Topbar } from "~/components/shell/topbar";
import { GraceBanner } from "~/components/shell/grace-banner";
import { HelpButton } from "~/features/onboarding/help-button";
import { requireScreenAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { PROFILE_MENU, visibleNavGroups } from "~/lib/navigation/routes";
import { readSidebar } from "~/lib/preferences/preferences.server";
import { avatarUrl } from "~/features/profile/avatar";
import type { loader as rootLoader } from "~/root";

export async function loader({ request }: LoaderFunctionArgs) {
  // Unknown paths are a 404, not a bounce to the overview.
  const gate = await requireScreenAccess(request);
  const sidebar = await readSidebar(request);
  const readable = (s: string) => can(gate.user.permissions, s, "read");
  return {
    user: { id: gate.user.id, name: gate.user.name, avatarUrl: avatarUrl(gate.user) },
    navGroups: visibleNavGroups(readable),
    profileLinks: PROFILE_MENU.filter((entry) => readable(entry.segment)).map(({ segment, labelKey }) => ({ segment, labelKey })),
    sidebar,
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
  const { user, navGroups, profileLinks, sidebar, grace, selection } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("actions.skipToContent")}
      </a>
      <Sidebar groups={navGroups} openGroups={sidebar.openGroups} collapsed={sidebar.collapsed} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Topbar
          theme={root?.theme ?? "light"}
          userName={user.name}
          avatarUrl={user.avatarUrl}
          profileLinks={profileLinks}
          selection={selection}
          help={<HelpButton />}
        />
        <GraceBanner notice={grace} />
        <main id="main" className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
