import { getZodConstraint } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { getEnv } from "~/config/env.server";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { handleCalcomAction } from "~/features/calcom/calcom-actions.server";
import { ConnectionPanel, ConnectPanel, DisconnectForm, WebhookPanel } from "~/features/calcom/calcom-page";
import { getConnection, importedEventTypes, webhookSecretOf } from "~/features/calcom/connections.server";
import { ConnectCalcomSchema } from "~/features/calcom/schemas";
import { organizationPaths } from "~/features/organizations/paths";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { lastFour, UnreadableSecret } from "~/lib/security/secrets.server";
import { badRequest } from "~/lib/http/errors.server";

export const handle: I18nHandle = { i18n: ["calcom"] };

/** /calcom: the selected organization's Cal.com account: connect, import event types, sync bookings, the webhook to set up in Cal.com. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "calcom");
  const t = await getTranslator(request, "calcom");
  const organization = gate.selection.organization;
  const teams = organization ? (gate.selection.organizations.find((candidate) => candidate.id === organization.id)?.teams ?? []) : [];
  const connection = organization ? await getConnection(gate.tenant.id, organization.id) : undefined;
  const canUpdate = can(gate.user.permissions, "calcom", "update");
  // The secret itself was shown once, when it was made; the page names its last four characters so it can be recognized.
  let webhookSecretLast4: string | null = null;
  if (connection && canUpdate) {
    try {
      webhookSecretLast4 = lastFour(webhookSecretOf(connection));
    } catch (error) {
      if (!(error instanceof UnreadableSecret)) throw error;
    }
  }
  const imported = connection
    ? await importedEventTypes(
        gate.tenant.id,
        teams.map((team) => team.id),
      )
    : [];
  return {
    title: t("title"),
    organization,
    teams,
    connection: connection
      ? {
          accountEmail: connection.account_email,
          keyLast4: connection.api_key_last4,
          baseUrl: connection.base_url,
          teamName: teams.find((team) => team.id === connection.team_id)?.name ?? null,
          lastSyncAt: connection.last_sync_at,
          lastSyncError: connection.last_sync_error,
          webhookUrl: new URL(`/webhooks/calcom/${connection.id}`, getEnv().appUrl).toString(),
          webhookSecretLast4,
        }
      : null,
    imported: imported.map((type) => ({
      id: type.id,
      name: type.name,
      minutes: type.duration_minutes,
      href: organization ? organizationPaths.eventType(organization.id, type.team_id, type.id) : "#",
    })),
    teamsHref: organization ? organizationPaths.page(organization.id, "teams") : organizationPaths.list,
    timeZone: gate.tenant.timeZone,
    canCreate: can(gate.user.permissions, "calcom", "create"),
    canUpdate,
    canDelete: can(gate.user.permissions, "calcom", "delete"),
    confirmingDisconnect:
      Boolean(connection) && can(gate.user.permissions, "calcom", "delete") && new URL(request.url).searchParams.get("confirm") === "disconnect",
    constraint: getZodConstraint(ConnectCalcomSchema),
  };
}

export const meta = titleFromLoader;

// A new webhook secret travels in an action's answer: no browser or proxy may keep the page (as /api-access).
export const headers: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "no-store");
  return headers;
};

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireReadAccess(request, "calcom");
  const organization = gate.selection.organization;
  if (!organization) badRequest("No organization selected");
  return handleCalcomAction(request, gate, organization.id);
}

export default function CalcomPage() {
  const { t } = useTranslation("calcom");
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <PageHeader title={data.title} description={data.organization ? t("intro", { organization: data.organization.name }) : t("introNoOrganization")} />
      {!data.organization ? (
        <EmptyState
          title={t("noOrganization")}
          action={
            <Link to={organizationPaths.create} className={buttonClass("primary", undefined, "sm")}>
              {t("createOrganization")}
            </Link>
          }
        />
      ) : !data.connection ? (
        <ConnectPanel teams={data.teams} reply={reply} constraint={data.constraint} canCreate={data.canCreate} teamsHref={data.teamsHref} />
      ) : (
        <>
          {data.confirmingDisconnect ? (
            <Panel title={t("disconnect.title")}>
              <DisconnectForm />
            </Panel>
          ) : null}
          <ConnectionPanel connection={data.connection} timeZone={data.timeZone} reply={reply} canUpdate={data.canUpdate} canDelete={data.canDelete} />
          <Panel title={t("imported.title")}>
            {data.imported.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">{t("imported.none")}</p>
            ) : (
              <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800" data-testid="calcom-event-types">
                {data.imported.map((type) => (
                  <li key={type.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <Link to={type.href} className="font-medium text-primary-dark underline dark:text-primary">
                      {type.name}
                    </Link>
                    <span className="text-slate-500 dark:text-slate-400">{t("imported.minutes", { count: type.minutes })}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <WebhookPanel
            connection={data.connection}
            canUpdate={data.canUpdate}
            newSecret={reply && "webhookSecret" in reply ? { secret: reply.webhookSecret, intent: reply.intent } : null}
          />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
