import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess, type GateContext } from "~/features/access/gate.server";
import { hasLiveFeed } from "~/features/scheduling/calendar/calendar-feeds.server";
import { canEditSchedule, handleStaffAction } from "~/features/scheduling/staff/staff-actions.server";
import { CalendarFeedPanel, OverridesPanel } from "~/features/scheduling/staff/staff-page";
import { WorkingHoursForm } from "~/features/scheduling/staff/working-hours-form";
import { OverrideSchema, WorkingHoursSchema } from "~/features/scheduling/staff/staff-schemas";
import { weeklyHoursFormValues } from "~/features/scheduling/staff/working-hours-fields";
import { findStaffMember, getSchedule, listOverrides } from "~/features/scheduling/staff/staff.server";
import { timeZoneChoices } from "~/features/scheduling/availability/time-zones.server";
import { formatHoursText, readWindows } from "~/features/scheduling/availability/working-hours";
import { localPartsAt } from "~/lib/dates/zoned-time";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { notFound } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["scheduling"] };

async function requireMember(gate: GateContext, userId: string | undefined) {
  const organization = gate.selection.organization;
  const member = organization ? await findStaffMember(gate.tenant.id, organization.id, userId ?? "") : undefined;
  if (!member) notFound();
  return member;
}

function todayIn(timeZone: string) {
  const parts = localPartsAt(Date.now(), timeZone);
  return `${parts.year}-${String(parts.month).padStart(2, "0")}-${String(parts.day).padStart(2, "0")}`;
}

/** /staff/<userId>: one host's time zone, weekly hours, date overrides and calendar feed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "staff");
  const member = await requireMember(gate, params.userId);
  const schedule = await getSchedule(gate.tenant.id, member.id, gate.tenant.timeZone);
  const today = todayIn(schedule.timeZone);
  const [overrides, feed] = await Promise.all([listOverrides(gate.tenant.id, member.id, today), hasLiveFeed(gate.tenant.id, member.id)]);
  return {
    title: member.name,
    member,
    saved: schedule.saved,
    defaults: { timeZone: schedule.timeZone, ...weeklyHoursFormValues(schedule.weeklyHours) },
    overrides: overrides.map((row) => ({ id: row.id, date: row.date, hours: formatHoursText(readWindows(row.hours)) })),
    feed: { live: Boolean(feed), createdAt: feed?.created_at ?? null },
    today,
    timeZones: timeZoneChoices(),
    viewerTimeZone: gate.tenant.timeZone,
    canEdit: canEditSchedule(gate, member.id),
    constraints: { hours: getZodConstraint(WorkingHoursSchema), override: getZodConstraint(OverrideSchema) },
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "staff");
  const member = await requireMember(gate, params.userId);
  return handleStaffAction(request, gate, member, `/staff/${encodeURIComponent(member.id)}`);
}

export default function StaffMemberPage() {
  const { t } = useTranslation("scheduling");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={data.member.name}
        description={data.saved ? data.member.email : t("staff.defaultsInUse")}
        back={
          <Link to="/staff" className="text-primary-dark underline dark:text-primary">
            {t("staff.back")}
          </Link>
        }
      />
      <WorkingHoursForm defaults={data.defaults} timeZones={data.timeZones} reply={reply} constraint={data.constraints.hours} canEdit={data.canEdit} />
      <OverridesPanel overrides={data.overrides} reply={reply} constraint={data.constraints.override} canEdit={data.canEdit} today={data.today} />
      <CalendarFeedPanel live={data.feed.live} createdAt={data.feed.createdAt} newUrl={reply?.feedUrl} canEdit={data.canEdit} timeZone={data.viewerTimeZone} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
