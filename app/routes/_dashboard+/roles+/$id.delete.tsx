import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ConfirmForm } from "~/components/ui/confirm-action";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { deleteCustomRole, getTenantRole } from "~/features/roles/custom-roles.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["roles"] };

/**
 * Deleting a custom role: GET asks, POST deletes. Refused while anyone holds
 * it (they would be left without a role): the page says how many, and the
 * members tab is where they get another.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireActionAccess(request, "delete", "roles");
  const role = await getTenantRole(gate.tenant.id, params.id ?? "");
  if (!role || role.builtIn) notFound();
  const t = await getTranslator(request, "roles");
  return { title: t("delete.title"), role: { id: role.id, name: role.name, memberCount: role.memberCount } };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "delete", "roles");
  const outcome = await deleteCustomRole(gate.tenant.id, params.id ?? "", gate.user.id);
  if (!outcome.ok) {
    if (outcome.refusal === "not-found") notFound();
    return data({ refusal: "in-use" as const, members: outcome.members }, { status: 409 });
  }
  return redirectWithToast("/roles", { type: "success", key: "roles:toast.deleted", values: { name: outcome.name } });
}

export default function DeleteRolePage() {
  const { t } = useTranslation("roles");
  const { role } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("delete.title")}
        back={
          <Link to={`/roles/${role.id}`} className="underline">
            {t("delete.back")}
          </Link>
        }
      />
      <Panel>
        <ConfirmForm confirmLabel={t("delete.submit")} cancelHref={`/roles/${role.id}`} submitting={submitting}>
          {refused ? (
            <div role="alert">
              <Notice tone="warning">
                {t("delete.inUse", { count: refused.members })}{" "}
                <Link to="/roles?tab=members" className="underline">
                  {t("delete.reassign")}
                </Link>
              </Notice>
            </div>
          ) : null}
          <p>{t("delete.question", { name: role.name })}</p>
        </ConfirmForm>
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
