import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { forbidden, requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { submitKnowledgeBaseForm } from "~/features/knowledge/form-action.server";
import { KnowledgeBaseForm, type KnowledgeFormDefaults } from "~/features/knowledge/knowledge-form";
import { listTenantNumbers } from "~/features/knowledge/knowledge.server";
import { NoNumbersPanel } from "~/features/knowledge/knowledge-list";
import { knowledgeListHref } from "~/features/knowledge/list-params";
import { getTranslator } from "~/i18n/i18next.server";

/** /knowledge-base/new[?number=<id>]: a new knowledge base, for the given number when there is one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request);
  if (!can(user.permissions, "knowledge-base", "create")) throw await forbidden(request);
  const t = await getTranslator(request, "knowledge");
  const numbers = await listTenantNumbers(tenant.id);
  const requested = new URL(request.url).searchParams.get("number");
  const preselected = numbers.find((number) => number.id === requested) ?? (numbers.length === 1 ? numbers[0] : undefined);
  const defaultValue: KnowledgeFormDefaults = {
    phoneNumberId: preselected?.id,
    type: "inbound",
    template: "blank",
    transferMode: "none",
    transferNumbers: [""],
  };
  return {
    title: t("new.title"),
    numbers: numbers.map(({ id, display, label }) => ({ id, display, label })),
    defaultValue,
    cancelHref: knowledgeListHref({ number: preselected?.id ?? null }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create");
  return submitKnowledgeBaseForm(request, gate, null);
}

export default function NewKnowledgeBasePage() {
  const { t } = useTranslation("knowledge");
  const { numbers, defaultValue, cancelHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <Link to={cancelHref} className="text-sm underline">
          {t("backToList")}
        </Link>
        <h1 className="text-2xl font-semibold">{t("new.title")}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("new.intro")}</p>
      </div>
      {numbers.length === 0 ? (
        <NoNumbersPanel />
      ) : (
        <KnowledgeBaseForm
          numbers={numbers}
          defaultValue={defaultValue}
          lastResult={actionData?.result}
          submitLabel={t("new.submit")}
          cancelHref={cancelHref}
        />
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
