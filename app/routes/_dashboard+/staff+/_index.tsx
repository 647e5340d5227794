import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { organizationPaths } from "~/features/organizations/paths";
import { StaffList } from "~/features/scheduling/staff/staff-list";
import { listStaff } from "~/features/scheduling/staff/staff.server";
import { WEEKDAYS, weeklyMinutes } from "~/features/scheduling/availability/working-hours";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["scheduling"] };

/** /staff: the hosts of the selected team (or organization), with their zone and working hours. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "staff");
  const t = await getTranslator(request, "scheduling");
  const { organization, team } = gate.selection;
  const staff = organization ? await listStaff(gate.tenant.id, { organizationId: organization.id, teamId: team?.id ?? null }) : [];
  return {
    title: t("staff.title"),
    organization,
    team,
    rows: staff.map((person) => ({
      id: person.id,
      name: person.name,
      email: person.email,
      timeZone: person.timeZone,
      workingDays: WEEKDAYS.filter((day) => (person.weeklyHours[day] ?? []).length > 0),
      weeklyHours: Math.round((weeklyMinutes(person.weeklyHours) / 60) * 10) / 10,
      upcomingOverrides: person.upcomingOverrides,
    })),
  };
}

export const meta = titleFromLoader;

export default function StaffPage() {
  const { t } = useTranslation("scheduling");
  const { title, organization, team, rows } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        description={
          organization
            ? team
              ? t("staff.scopeTeam", { team: team.name, organization: organization.name })
              : t("staff.scopeOrganization", { organization: organization.name })
            : t("staff.intro")
        }
      />
      {!organization ? (
        <EmptyState
          title={t("staff.noOrganization")}
          action={
            <Link to={organizationPaths.create} className={buttonClass("primary", undefined, "sm")}>
              {t("staff.createOrganization")}
            </Link>
          }
        />
      ) : rows.length === 0 ? (
        <EmptyState
          title={team ? t("staff.emptyTeam") : t("staff.emptyOrganization")}
          action={
            <Link
              to={team ? organizationPaths.team(organization.id, team.id) : organizationPaths.page(organization.id)}
              className={buttonClass("secondary", undefined, "sm")}
            >
              {t("staff.addPeople")}
            </Link>
          }
        />
      ) : (
        <StaffList rows={rows} />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
