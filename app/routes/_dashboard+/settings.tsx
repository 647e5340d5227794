import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Badge } from "~/components/ui/badge";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { titleFromLoader } from "~/lib/http/page-title";
import { isBuiltSegment } from "~/lib/navigation/routes";
import { getTranslator } from "~/i18n/i18next.server";

/** The sections of /settings, each the screen that holds it; only those the user may read are listed. */
const SECTIONS: ReadonlyArray<{ key: string; segment: string; path?: string }> = [
  { key: "profile", segment: "profile" },
  { key: "apiAccess", segment: "api-access" },
  { key: "billing", segment: "billing" },
  // An area of its own (owners only), not a sidebar screen.
  { key: "auditLog", segment: "audit-log", path: "/settings/audit-log" },
];

/** /settings: where the sidebar's Settings entry leads; each section is a screen of its own. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "settings");
  const t = await getTranslator(request);
  const sections = SECTIONS.filter((section) => can(gate.user.permissions, section.segment, "read")).map((section) => ({
    key: section.key,
    path: section.path ?? `/${section.segment}`,
    available: section.path !== undefined || isBuiltSegment(section.segment),
  }));
  return { title: t("screens.settings"), sections };
}

export const meta = titleFromLoader;

export default function SettingsPage() {
  const { t } = useTranslation();
  const { sections } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title={t("screens.settings")} description={t("settings.intro")} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map((section) => (
          <li key={section.key}>
            <Link
              to={section.path}
              className="flex h-full flex-col gap-1 rounded-lg border border-slate-200 bg-white p-5 shadow-sm transition hover:border-primary focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary dark:border-slate-800 dark:bg-slate-900"
            >
              <span className="flex items-center justify-between gap-3">
                <span className="text-base font-semibold">{t(`settings.${section.key}.title`)}</span>
                {section.available ? null : <Badge>{t("settings.soon")}</Badge>}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-300">{t(`settings.${section.key}.description`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
