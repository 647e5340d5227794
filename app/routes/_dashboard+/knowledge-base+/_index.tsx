import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { setDefaultKnowledgeBase } from "~/features/knowledge/default.server";
import { findKnowledgeBase, listKnowledgeBases, listTenantNumbers } from "~/features/knowledge/knowledge.server";
import { KnowledgeListView } from "~/features/knowledge/knowledge-list";
import { knowledgeListHref, newKnowledgeBaseHref, parseKnowledgeListParams } from "~/features/knowledge/list-params";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { readFormData } from "~/lib/http/form-body.server";
import { badRequest, notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["knowledge"] };

/** /knowledge-base: the tenant's knowledge bases by phone number; ?number=<id> shows one number. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "knowledge-base");
  const t = await getTranslator(request, "knowledge");
  const numbers = await listTenantNumbers(tenant.id);
  const params = parseKnowledgeListParams(
    new URL(request.url).searchParams,
    numbers.map((number) => number.id),
  );
  return {
    title: t("title"),
    list: {
      params,
      numbers: numbers.map(({ id, display, label }) => ({ id, display, label })),
      items: await listKnowledgeBases(tenant.id, params.number),
      timeZone: tenant.timeZone,
      canCreate: can(user.permissions, "knowledge-base", "create"),
      canUpdate: can(user.permissions, "knowledge-base", "update"),
      canDelete: can(user.permissions, "knowledge-base", "delete"),
    },
  };
}

export const meta = titleFromLoader;

/** "Make default" of a row: one default per number, switched in one transaction; back to the same filtered view. */
export async function action({ request }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "update", "knowledge-base");
  const formData = await readFormData(request);
  if (formData.get("intent") !== "make-default") badRequest();
  const id = String(formData.get("id") ?? "");
  const kb = await findKnowledgeBase(tenant.id, id);
  if (!kb || !(await setDefaultKnowledgeBase(tenant.id, kb.id))) notFound();
  return redirectWithToast(knowledgeListHref({ number: new URL(request.url).searchParams.get("number") }), {
    type: "success",
    key: "knowledge:toast.madeDefault",
    values: { name: kb.name },
  });
}

export default function KnowledgeBasePage() {
  const { t } = useTranslation("knowledge");
  const { list } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("title")}
        description={t("intro")}
        actions={
          list.canCreate && list.numbers.length > 0 ? (
            <Link to={newKnowledgeBaseHref(list.params.number)} className={buttonClass("primary")}>
              {t("list.create")}
            </Link>
          ) : null
        }
      />
      <KnowledgeListView data={list} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
