import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess } from "~/features/access/gate.server";
import { SERVICE_DESK_PATH } from "~/features/service-desk/list-params";
import { listDeskMembers } from "~/features/service-desk/members.server";
import { settingsSchema } from "~/features/service-desk/schemas";
import { getServiceDeskSettings, saveServiceDeskSettings } from "~/features/service-desk/settings.server";
import { SettingsForm } from "~/features/service-desk/settings-form";
import { targetFieldValues, targetsFromFields } from "~/features/service-desk/sla";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { FAILED, orFailed } from "~/lib/http/operation-failure";
import { titleFromLoader } from "~/lib/http/page-title";
import { redirectWithToast } from "~/lib/toast/toast.server";

export const handle: I18nHandle = { i18n: ["service-desk"] };

/**
 * /service-desk/settings: automatic tickets and the SLA targets per
 * priority. These are the tenant's settings, so they go by the settings
 * permission (owner and admin), not by the desk's: support works tickets
 * but does not change how the desk is run (docs/product/service-desk.md#settings).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "settings");
  const t = await getTranslator(request, "service-desk");
  const [settings, members] = await Promise.all([getServiceDeskSettings(gate.tenant.id), listDeskMembers(gate.tenant.id)]);
  return {
    title: t("settings.title"),
    defaults: { autoTickets: settings.autoTickets, ...targetFieldValues(settings.targets) },
    members: members.map((member) => ({ id: member.id, name: member.name, email: member.email, available: member.available })),
    constraint: getZodConstraint(settingsSchema),
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "settings");
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: settingsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const saved = await orFailed("Saving the service desk settings", () =>
    saveServiceDeskSettings(gate.tenant.id, { autoTickets: submission.value.autoTickets, targets: targetsFromFields(submission.value) }),
  );
  if (saved === FAILED) return data({ result: submission.reply({ formErrors: ["failures.saveFailed"] }) }, { status: 500 });
  return redirectWithToast("/service-desk/settings", { type: "success", key: "service-desk:toast.settingsSaved" });
}

export default function ServiceDeskSettingsPage() {
  const { t } = useTranslation("service-desk");
  const { defaults, members, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const submitting = useIsPending();
  return (
    <div className="max-w-4xl space-y-4">
      <PageHeader
        title={t("settings.title")}
        description={t("settings.intro")}
        back={
          <Link to={SERVICE_DESK_PATH} className="underline">
            {t("back")}
          </Link>
        }
      />
      <Panel>
        <SettingsForm lastResult={actionData?.result} defaultValue={defaults} constraint={constraint} submitting={submitting} />
      </Panel>
      <Panel title={t("settings.membersTitle")}>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{t("settings.membersIntro")}</p>
        {members.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t("settings.noMembers")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="desk-members">
            {members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{member.name}</span> <span className="text-slate-600 dark:text-slate-300">{member.email}</span>
                </span>
                <Badge tone={member.available ? "success" : "neutral"}>{member.available ? t("settings.available") : t("settings.unavailable")}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
