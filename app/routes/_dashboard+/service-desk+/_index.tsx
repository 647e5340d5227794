import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { AvailabilityForm } from "~/features/service-desk/availability-form";
import { deskPaths, parseTicketListParams, returnPath, ticketListHref } from "~/features/service-desk/list-params";
import { queryTicketPage, tabCounts } from "~/features/service-desk/list-query.server";
import { listDeskMembers, setAvailability } from "~/features/service-desk/members.server";
import { availabilitySchema } from "~/features/service-desk/schemas";
import { tenantTags } from "~/features/service-desk/tickets.server";
import { DeskTabBar, TicketsListView, type TicketListData } from "~/features/service-desk/tickets-list";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["service-desk"] };

/**
 * /service-desk: the desk's tickets by tab (my tickets, unassigned, and all
 * for those who work tickets), with filters, sort and paging in the URL
 * (app/features/service-desk/list-params.ts). A member who works tickets
 * marks themselves available for the round robin here (the one form of
 * this page); everything else is a page of its own.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "service-desk");
  const permissions = gate.user.permissions;
  const allowAll = can(permissions, "service-desk", "update");
  const requested = parseTicketListParams(new URL(request.url).searchParams, { allowAll });
  const scope = { tenantId: gate.tenant.id, userId: gate.user.id };
  const [t, page, counts, members, tags] = await Promise.all([
    getTranslator(request, "service-desk"),
    queryTicketPage(scope, requested),
    tabCounts(scope),
    listDeskMembers(gate.tenant.id),
    tenantTags(gate.tenant.id),
  ]);
  const me = members.find((member) => member.id === gate.user.id);
  const list: TicketListData = {
    params: page.params,
    rows: page.rows,
    total: page.total,
    pageCount: page.pageCount,
    counts,
    allowAll,
    canCreate: can(permissions, "service-desk", "create"),
    members: members.map((member) => ({ id: member.id, name: member.name })),
    tags,
    timeZone: gate.tenant.timeZone,
    returnTo: ticketListHref(page.params),
  };
  return {
    title: t("title"),
    list,
    // Only a member who works tickets takes part in the round robin.
    availability: me && allowAll ? { available: me.available, availableCount: members.filter((member) => member.available).length } : null,
    canConfigure: can(permissions, "settings", "update"),
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "service-desk");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: availabilitySchema });
  if (formData.get("intent") !== "availability" || submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await setAvailability(gate.tenant.id, gate.user.id, submission.value.available === "1");
  return redirectWithToast(returnPath(formData.get("returnTo")), {
    type: "success",
    key: submission.value.available === "1" ? "service-desk:toast.available" : "service-desk:toast.unavailable",
  });
}

export default function ServiceDeskPage() {
  const { t } = useTranslation("service-desk");
  const { list, availability, canConfigure } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          <>
            {list.canCreate ? (
              <Link to={deskPaths.create()} className={buttonClass("primary")} data-testid="new-ticket">
                {t("actions.new")}
              </Link>
            ) : null}
            {canConfigure ? (
              <Link to={deskPaths.settings} className={buttonClass("secondary")}>
                {t("actions.settings")}
              </Link>
            ) : null}
          </>
        }
      />
      {!list.allowAll ? <Notice>{t("readOnly")}</Notice> : null}
      {availability ? <AvailabilityForm available={availability.available} availableCount={availability.availableCount} returnTo={list.returnTo} /> : null}
      <DeskTabBar data={list} />
      <TicketsListView data={list} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
