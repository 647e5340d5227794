import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { forbiddenHandler, GeneralErrorBoundary, notFoundHandler } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { CallCenterTabBar } from "~/features/call-center/tab-bar";
import { RecordingsListFailure } from "~/features/recordings/list/list-failure";
import { loadRecordingsList } from "~/features/recordings/list/list-page.server";
import { RecordingsListView } from "~/features/recordings/list/recordings-list";
import { titleFromLoader } from "~/lib/http/page-title";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";

export const handle: I18nHandle = { i18n: ["calls", "recording", "recordings"] };

/**
 * /recordings: the list of finished calls, the one screen for it (the call
 * management tab of the same name redirects here and shares its tab bar).
 * Its URL contract is in list-params.ts and the README.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "recordings");
  const t = await getTranslator(request, "recordings");
  return { title: t("title"), list: await loadRecordingsList(request, gate, { basePath: "/recordings" }) };
}

export const meta = titleFromLoader;

export default function RecordingsPage() {
  const { t } = useTranslation("recordings");
  const { list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")} description={t("intro")} />
      <CallCenterTabBar active="recordings" />
      <RecordingsListView data={list} />
    </div>
  );
}

export function ErrorBoundary() {
  // Refusals and unknown pages say what the dashboard says everywhere; any other failure offers the same view again.
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 403: forbiddenHandler, 404: notFoundHandler }}
      defaultStatusHandler={() => <RecordingsListFailure />}
      unexpectedErrorHandler={() => <RecordingsListFailure />}
    />
  );
}
