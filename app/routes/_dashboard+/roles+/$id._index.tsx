import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { ConfirmAction, ConfirmForm } from "~/components/ui/confirm-action";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { CUSTOM_ROLE_AREAS } from "~/features/roles/custom-role-rules";
import { getTenantRole, updateCustomRole } from "~/features/roles/custom-roles.server";
import { can } from "~/features/roles/permissions";
import { PermissionTable, RoleForm } from "~/features/roles/role-form";
import { readRoleForm, refusedSave } from "~/features/roles/role-form.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["roles"] };

/**
 * /roles/<id>: a built-in role's permission map, read-only, or one of the
 * tenant's own roles in its editor. Another tenant's role, and the
 * platform's, are not found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "roles");
  const role = await getTenantRole(gate.tenant.id, params.id ?? "");
  if (!role) notFound();
  const t = await getTranslator(request, "roles");
  const name = role.builtIn ? t(`builtIn.${role.key}`, { defaultValue: role.name }) : role.name;
  return {
    title: name,
    role: { id: role.id, key: role.key, name, builtIn: role.builtIn, permissions: role.permissions, memberCount: role.memberCount },
    // A built-in role shows every area it has; a custom one, the editor's rows.
    areas: role.builtIn ? Object.keys(role.permissions) : [...CUSTOM_ROLE_AREAS],
    canEdit: !role.builtIn && can(gate.user.permissions, "roles", "update"),
    canDelete: !role.builtIn && can(gate.user.permissions, "roles", "delete"),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "roles");
  const role = await getTenantRole(gate.tenant.id, params.id ?? "");
  // A built-in role is nobody's to edit here: to a crafted post it is as if it did not exist.
  if (!role || role.builtIn) notFound();
  const form = await readRoleForm(request);
  if (!form.ok) return data(form.reply, { status: 400 });
  const saved = await updateCustomRole(gate.tenant.id, role.id, gate.user.id, form.value);
  if (!saved.ok) {
    if (saved.refusal === "not-found") notFound();
    return data(refusedSave(saved, form.value), { status: 409 });
  }
  return redirectWithToast(`/roles/${role.id}`, { type: "success", key: "roles:toast.updated", values: { name: form.value.name } });
}

export default function RolePage() {
  const { t } = useTranslation("roles");
  const { role, areas, canEdit, canDelete } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submitting = useIsPending();
  const deleteHref = `/roles/${role.id}/delete`;
  return (
    <div className="space-y-4">
      <PageHeader
        title={role.name}
        description={role.builtIn ? t("builtInIntro") : t("customIntro")}
        back={
          <Link to="/roles" className="underline">
            {t("back")}
          </Link>
        }
        actions={
          <>
            <Badge tone={role.builtIn ? "neutral" : "accent"}>{role.builtIn ? t("list.builtIn") : t("list.custom")}</Badge>
            <span className="text-sm text-slate-600 dark:text-slate-300">{t("list.memberCount", { count: role.memberCount })}</span>
            {canDelete ? (
              <ConfirmAction
                href={deleteHref}
                title={t("delete.title")}
                className={buttonClass("danger", undefined, "sm")}
                content={({ fetcher, close }) => (
                  <ConfirmForm action={deleteHref} fetcher={fetcher} onCancel={close} confirmLabel={t("delete.submit")} cancelHref={`/roles/${role.id}`}>
                    {fetcher.data && typeof fetcher.data === "object" && "refusal" in fetcher.data ? (
                      <div role="alert">
                        <Notice tone="warning">{t("delete.inUse", { count: role.memberCount })}</Notice>
                      </div>
                    ) : null}
                    <p>{t("delete.question", { name: role.name })}</p>
                  </ConfirmForm>
                )}
              >
                {t("delete.open")}
              </ConfirmAction>
            ) : null}
          </>
        }
      />
      <Panel>
        {canEdit ? (
          <RoleForm
            values={reply?.values ?? { name: role.name, permissions: role.permissions }}
            errors={reply?.errors}
            submitLabel={t("form.save")}
            cancelHref="/roles"
            submitting={submitting}
          />
        ) : (
          <PermissionTable permissions={role.permissions} areas={areas} editable={false} />
        )}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
