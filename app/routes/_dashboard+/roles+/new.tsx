import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { normalizeCustomPermissions } from "~/features/roles/custom-role-rules";
import { createCustomRole } from "~/features/roles/custom-roles.server";
import { RoleForm } from "~/features/roles/role-form";
import { readRoleForm, refusedSave } from "~/features/roles/role-form.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["roles"] };

/** /roles/new: a custom role of the tenant, named, with its permission map (the owner's). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireActionAccess(request, "create", "roles");
  const t = await getTranslator(request, "roles");
  return { title: t("newTitle") };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "roles");
  const form = await readRoleForm(request);
  if (!form.ok) return data(form.reply, { status: 400 });
  const saved = await createCustomRole(gate.tenant.id, gate.user.id, form.value);
  if (!saved.ok) return data(refusedSave(saved, form.value), { status: 409 });
  return redirectWithToast(`/roles/${saved.id}`, { type: "success", key: "roles:toast.created", values: { name: form.value.name } });
}

export default function NewRolePage() {
  const { t } = useTranslation("roles");
  const reply = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("newTitle")}
        description={t("newIntro")}
        back={
          <Link to="/roles" className="underline">
            {t("back")}
          </Link>
        }
      />
      <Panel>
        <RoleForm
          // A new role starts with what every role has: the overview, one's profile and help.
          values={reply?.values ?? { name: "", permissions: normalizeCustomPermissions({}) }}
          errors={reply?.errors}
          submitLabel={t("form.create")}
          cancelHref="/roles"
          submitting={submitting}
        />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
