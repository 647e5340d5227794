import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireReadAccess } from "~/features/access/gate.server";
import { RecordingsListErrorBoundary } from "~/features/recordings/list-error-boundary";
import { loadRecordingsList } from "~/features/recordings/list-query.server";
import { RecordingsListView } from "~/features/recordings/recordings-list";
import { getTranslator } from "~/i18n/i18next.server";

/** /recordings: the list of finished calls; its URL contract is in list-params.ts and the README. */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request);
  const t = await getTranslator(request, "recordings");
  return { title: t("title"), list: await loadRecordingsList(request, gate, { basePath: "/recordings" }) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

export default function RecordingsPage() {
  const { t } = useTranslation("recordings");
  const { list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("intro")}</p>
      </div>
      <RecordingsListView data={list} basePath="/recordings" />
    </div>
  );
}

export const ErrorBoundary = RecordingsListErrorBoundary;
