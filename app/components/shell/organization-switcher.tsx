import { Form, useLocation } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/components/ui/cn";
import { useTranslation } from "~/i18n/react";

export interface SwitcherOrganization {
  id: string;
  name: string;
  teams: Array<{ id: string; name: string }>;
}

const itemClass = "flex w-full items-center justify-between gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800";

/**
 * The top bar's organization and team choice: a disclosure of plain forms,
 * one button per organization and per team of the selected one, so it works
 * without JavaScript and the server renders the choice from its cookie.
 */
export function OrganizationSwitcher({
  organizations,
  organizationId,
  teamId,
  allTeams,
  className,
}: {
  organizations: SwitcherOrganization[];
  organizationId: string | null;
  teamId: string | null;
  allTeams: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const organization = organizations.find((candidate) => candidate.id === organizationId);
  if (!organization) return null;
  const team = organization.teams.find((candidate) => candidate.id === teamId);
  return (
    <details className={cn("relative min-w-0", className)} data-testid="organization-switcher" data-tour="organization-switcher">
      <summary
        className="flex min-w-0 cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
        aria-label={t("switcher.label", { organization: organization.name, team: team?.name ?? (allTeams ? t("switcher.allTeams") : t("switcher.noTeam")) })}
      >
        <Icon name="building" className="h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" />
        <span className="min-w-0 truncate font-medium sm:max-w-[16rem]">{organization.name}</span>{" "}
        {/* On a phone the selector has a row of its own with room for the team; between 640 and 768 px only the organization fits. */}
        {team || allTeams ? (
          <span className="min-w-0 max-w-[10rem] shrink-0 truncate text-slate-500 sm:hidden md:inline dark:text-slate-400">
            · {team?.name ?? t("switcher.allTeams")}
          </span>
        ) : null}
        <Icon name="chevron" className="h-4 w-4 shrink-0 text-slate-500" />
      </summary>
      <div className="absolute left-0 z-40 mt-2 max-h-[70vh] w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {/* With scripts the page stays and so would the open disclosure: a choice closes it. */}
        <Form method="post" action="/resources/selection" onSubmit={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}>
          <input type="hidden" name="redirectTo" value={pathname} />
          <p className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{t("switcher.organizations")}</p>
          <ul>
            {organizations.map((candidate) => (
              <li key={candidate.id}>
                <button
                  type="submit"
                  name="organizationId"
                  value={candidate.id}
                  className={cn(itemClass, candidate.id === organization.id && "font-semibold")}
                  aria-current={candidate.id === organization.id ? "true" : undefined}
                >
                  <span className="min-w-0 truncate">{candidate.name}</span>
                  {candidate.id === organization.id ? <span className="text-xs text-slate-500">{t("switcher.current")}</span> : null}
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-2 border-t border-slate-200 px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-700 dark:text-slate-400">
            {t("switcher.teams", { organization: organization.name })}
          </p>
          {organization.teams.length === 0 ? (
            <p className="px-2 py-1 text-sm text-slate-600 dark:text-slate-300">{t("switcher.noTeams")}</p>
          ) : (
            <ul>
              <li>
                <button
                  type="submit"
                  name="teamId"
                  value="all"
                  className={cn(itemClass, allTeams && "font-semibold")}
                  aria-current={allTeams ? "true" : undefined}
                >
                  <span className="min-w-0 truncate">{t("switcher.allTeams")}</span>
                  {allTeams ? <span className="text-xs text-slate-500">{t("switcher.current")}</span> : null}
                </button>
              </li>
              {organization.teams.map((candidate) => (
                <li key={candidate.id}>
                  <button
                    type="submit"
                    name="teamId"
                    value={candidate.id}
                    className={cn(itemClass, candidate.id === team?.id && "font-semibold")}
                    aria-current={candidate.id === team?.id ? "true" : undefined}
                  >
                    <span className="min-w-0 truncate">{candidate.name}</span>
                    {candidate.id === team?.id ? <span className="text-xs text-slate-500">{t("switcher.current")}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Form>
      </div>
    </details>
  );
}
