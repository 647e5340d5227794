import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { LanguageSwitch, ThemeToggle } from "~/components/preference-forms";
import { DropdownMenu, type DropdownEntry } from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { ListLink } from "~/components/ui/list-link";
import { OrganizationSwitcher, type SwitcherOrganization } from "./organization-switcher";

interface TopbarProps {
  theme: "light" | "dark";
  userName: string;
  avatarUrl: string;
  profileLinks: Array<{ segment: string; labelKey: string }>;
  selection: { organizations: SwitcherOrganization[]; organizationId: string | null; teamId: string | null; allTeams: boolean };
  /** The help button, given by the layout (it belongs to the onboarding feature, which the shell cannot import). */
  help?: ReactNode;
  /** The phone's menu control (menu-button.tsx), first in the bar; the layout owns the drawer's state. */
  menu?: ReactNode;
  /** The notification bell (app/features/notifications/notification-bell.tsx), given by the layout with its unread count. */
  bell?: ReactNode;
}

export function Topbar({ theme, userName, avatarUrl, profileLinks, selection, help, menu, bell }: TopbarProps) {
  const { t } = useTranslation();
  const profileEntries: DropdownEntry[] = [
    ...profileLinks.map((link): DropdownEntry => ({ kind: "link", to: `/${link.segment}`, label: t(link.labelKey) })),
    { kind: "post", action: "/logout", label: t("topbar.logout") },
  ];
  return (
    // One row from 640 px; below, the selector takes a row of its own under the controls, so it keeps its width at 390 px.
    <header className="sticky top-0 z-30 flex min-h-16 flex-wrap items-center justify-end gap-x-1 border-b border-slate-200 bg-white px-2 dark:border-slate-800 dark:bg-slate-900 sm:gap-x-2 sm:px-4">
      {menu ? <div className="mr-auto flex items-center sm:mr-0 wide:hidden">{menu}</div> : null}
      <OrganizationSwitcher
        className="order-last mb-2 w-full sm:order-none sm:mb-0 sm:mr-auto sm:w-auto"
        organizations={selection.organizations}
        organizationId={selection.organizationId}
        teamId={selection.teamId}
        allTeams={selection.allTeams}
      />
      {/* Search everywhere (/search): an icon on a phone, where the bar has room for little more; its name stays the link's accessible name. */}
      <ListLink
        to="/search"
        className="inline-flex shrink-0 items-center gap-2 rounded-md p-2 text-sm font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        data-testid="search-link"
        data-search-palette=""
      >
        <Icon name="search" />
        <span className="max-md:sr-only">{t("topbar.search")}</span>
        {/* The command palette's shortcut (features/search/palette), one element drawn by CSS once the palette's script has said which (<html data-search-shortcut>). */}
        <kbd
          aria-hidden="true"
          data-ctrl={t("topbar.searchShortcut")}
          className="hidden rounded border border-slate-300 px-1 text-xs font-normal text-slate-500 dark:border-slate-600 dark:text-slate-400 md:[[data-search-shortcut]_&]:inline [[data-search-shortcut=ctrl]_&]:after:content-[attr(data-ctrl)] [[data-search-shortcut=mac]_&]:after:content-['⌘K']"
        />
      </ListLink>
      {help}
      <LanguageSwitch />
      <ThemeToggle theme={theme} />
      {bell}
      <DropdownMenu
        className="shrink-0"
        data-tour="profile-menu"
        // The name shown on the button starts its accessible name (WCAG 2.5.3 label in name).
        label={t("topbar.profileMenu", { name: userName })}
        entries={profileEntries}
        trigger={
          <span className="flex items-center gap-2">
            <img src={avatarUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0 rounded-full object-cover" />
            <span className="hidden text-sm font-medium sm:inline">{userName}</span>
          </span>
        }
      />
    </header>
  );
}
