import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { deskPaths, SERVICE_DESK_PATH } from "~/features/service-desk/list-params";
import { createTicketAction, newTicketPage } from "~/features/service-desk/new-ticket.server";
import { newTicketSchema } from "~/features/service-desk/schemas";
import { NewTicketForm } from "~/features/service-desk/ticket-form";
import { ticketLabel } from "~/features/service-desk/ticket-rules";
import { formatDateTime } from "~/i18n/format";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["service-desk"] };

/** /service-desk/new[?call=<recording id>]: a ticket by hand, or from a recording ("Create ticket" on its page). */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "service-desk");
  const t = await getTranslator(request, "service-desk");
  const page = await newTicketPage(request, gate);
  return { title: t("new.title"), timeZone: gate.tenant.timeZone, page, constraint: getZodConstraint(newTicketSchema) };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "service-desk");
  return createTicketAction(request, gate);
}

export default function NewTicketPage() {
  const { t, i18n } = useTranslation("service-desk");
  const { page, constraint, timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  const back = (
    <Link to={page.kind === "form" ? page.returnTo : SERVICE_DESK_PATH} className="underline">
      {t("back")}
    </Link>
  );
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader title={t("new.title")} back={back} />
      {page.kind === "call-has-ticket" ? (
        <Panel>
          <div className="space-y-3" data-testid="call-has-ticket">
            <p>{t("new.callHasTicket", { ticket: ticketLabel(page.ticket.number) })}</p>
            <Link to={deskPaths.ticket(page.ticket.id)} className={buttonClass("primary")}>
              {t("new.openExisting", { ticket: ticketLabel(page.ticket.number) })}
            </Link>
          </div>
        </Panel>
      ) : (
        <>
          {page.fromCall ? (
            <Notice>
              {t("new.fromCall", {
                who: page.fromCall.party || t("calls.unknownParty"),
                date: formatDateTime(page.fromCall.createdAt, i18n.language, timeZone),
              })}{" "}
              <Link to={`/recordings/${encodeURIComponent(page.fromCall.id)}`} className="underline">
                {t("new.openRecording")}
              </Link>
            </Notice>
          ) : null}
          <Panel>
            <NewTicketForm
              lastResult={actionData?.result}
              defaultValue={page.defaults}
              constraint={constraint}
              contacts={page.contacts}
              members={page.members}
              existing={actionData?.existing ?? null}
              returnTo={page.returnTo}
              submitting={submitting}
            />
          </Panel>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
