import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { DataTable } from "~/components/ui/data-table";
import { inputClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Notice, Panel } from "~/components/ui/panel";
import { Tabs } from "~/components/ui/tabs";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { assignableRoles, assignAccountRole, isProtectedRoleKey, listAccountMembers } from "~/features/roles/account-roles.server";
import { listTenantRoles } from "~/features/roles/custom-roles.server";
import { can } from "~/features/roles/permissions";
import { AssignRoleSchema } from "~/features/roles/schemas";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { readFormData } from "~/lib/http/form-body.server";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { oneOf } from "~/lib/url-params/url-params";

export const handle: I18nHandle = { i18n: ["roles"] };

const TABS = ["roles", "members"] as const;
const tabParam = oneOf(TABS, "roles");

/**
 * /roles?tab=roles|members (docs/product/roles.md): the tenant's roles (the
 * built-in ones read-only, the tenant's own with their members) and, on the
 * members tab, each user's role in the account, which the owner changes here.
 * Owners only: admins, who have every other settings action, do not shape
 * roles (whoever does could hand themselves anything).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "roles");
  const tab = tabParam.parse(new URL(request.url).searchParams.get("tab"));
  const t = await getTranslator(request, "roles");
  const roles = await listTenantRoles(gate.tenant.id);
  const members =
    tab === "members"
      ? {
          rows: (await listAccountMembers(gate.tenant.id)).map((member) => ({
            ...member,
            // Oneself, other owners and the platform's super admins are not re-roled from here.
            changeable: member.id !== gate.user.id && !isProtectedRoleKey(member.roleKey),
          })),
          choices: (await assignableRoles(gate.tenant.id)).map((role) => ({ id: role.id, key: role.key, name: role.name, builtIn: role.tenant_id === null })),
        }
      : null;
  return {
    title: t("title"),
    tab,
    roles: roles.map((role) => ({
      id: role.id,
      key: role.key,
      name: role.name,
      builtIn: role.builtIn,
      areas: Object.keys(role.permissions).length,
      memberCount: role.memberCount,
    })),
    members,
    canCreate: can(gate.user.permissions, "roles", "create"),
    canAssign: can(gate.user.permissions, "roles", "update"),
  };
}

export const meta = titleFromLoader;

const REFUSALS = { self: "members.refusedSelf", protected: "members.refusedProtected" } as const;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "roles");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: AssignRoleSchema });
  if (submission.status !== "success") return data({ refusal: "members.roleRequired" }, { status: 400 });
  const outcome = await assignAccountRole(gate.tenant.id, gate.user.id, submission.value);
  if (outcome.kind === "not-found") notFound();
  if (outcome.kind !== "done") return data({ refusal: REFUSALS[outcome.kind] }, { status: 409 });
  return redirectWithToast("/roles?tab=members", {
    type: "success",
    key: outcome.changed ? "roles:toast.roleAssigned" : "roles:toast.roleUnchanged",
    values: { name: outcome.name },
  });
}

export default function RolesPage() {
  const { t } = useTranslation("roles");
  const { tab, roles, members, canCreate, canAssign } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const roleName = (role: { key: string; name: string; builtIn: boolean }) =>
    role.builtIn ? t(`builtIn.${role.key}`, { defaultValue: role.name }) : role.name;
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          canCreate ? (
            <Link to="/roles/new" className={buttonClass("primary")}>
              {t("new")}
            </Link>
          ) : null
        }
      />
      <Tabs
        label={t("tabs.label")}
        active={tab}
        tabs={[
          { value: "roles", label: t("tabs.roles"), to: "/roles" },
          { value: "members", label: t("tabs.members"), to: "/roles?tab=members" },
        ]}
      />
      {tab === "roles" ? (
        <Panel>
          <DataTable
            caption={t("list.caption")}
            data-testid="roles-list"
            columns={[
              {
                id: "name",
                header: t("list.name"),
                rowHeader: true,
                primary: true,
                cell: (role) => (
                  <Link to={`/roles/${role.id}`} className="underline">
                    {roleName(role)}
                  </Link>
                ),
              },
              {
                id: "kind",
                header: t("list.kind"),
                cell: (role) => <Badge tone={role.builtIn ? "neutral" : "accent"}>{role.builtIn ? t("list.builtIn") : t("list.custom")}</Badge>,
              },
              { id: "areas", header: t("list.areas"), cell: (role) => t("list.areaCount", { count: role.areas }) },
              { id: "members", header: t("list.members"), cell: (role) => t("list.memberCount", { count: role.memberCount }) },
            ]}
            rows={roles}
            rowKey={(role) => role.id}
            rowData={(role) => ({ "data-role": role.name })}
          />
          {roles.every((role) => role.builtIn) ? <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("list.noCustom")}</p> : null}
        </Panel>
      ) : null}
      {tab === "members" && members ? (
        <Panel>
          {actionData?.refusal ? (
            <div role="alert" className="mb-4">
              <Notice tone="warning">{t(actionData.refusal)}</Notice>
            </div>
          ) : null}
          <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t("members.intro")}</p>
          <DataTable
            caption={t("members.caption")}
            data-testid="account-members"
            columns={[
              {
                id: "name",
                header: t("members.name"),
                rowHeader: true,
                primary: true,
                cell: (member) => (
                  <span className="block min-w-0">
                    <span className="block">{member.name}</span>
                    <span className="block break-all text-xs font-normal text-slate-600 dark:text-slate-300">{member.email}</span>
                  </span>
                ),
              },
              {
                id: "role",
                header: t("members.role"),
                cell: (member) =>
                  canAssign && member.changeable ? (
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="userId" value={member.id} />
                      <label htmlFor={`role-of-${member.id}`} className="sr-only">
                        {t("members.roleOf", { name: member.name })}
                      </label>
                      <select id={`role-of-${member.id}`} name="roleId" defaultValue={member.roleId} className={cn(inputClass, "w-auto min-w-0 max-w-[14rem]")}>
                        {members.choices.map((choice) => (
                          <option key={choice.id} value={choice.id}>
                            {roleName(choice)}
                          </option>
                        ))}
                      </select>
                      <Button type="submit" variant="secondary" size="sm" aria-label={t("members.saveFor", { name: member.name })}>
                        {t("members.save")}
                      </Button>
                    </Form>
                  ) : (
                    <span data-testid="member-role">
                      {member.customRole ? member.roleName : t(`builtIn.${member.roleKey}`, { defaultValue: member.roleName })}
                    </span>
                  ),
              },
            ]}
            rows={members.rows}
            rowKey={(member) => member.id}
            rowData={(member) => ({ "data-member": member.email })}
          />
        </Panel>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
