import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { forbidden, requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/access/permissions";
import { knowledgeBaseNotFound } from "~/features/knowledge/form-action.server";
import { findSuccessorDefault } from "~/features/knowledge/default.server";
import { deleteKnowledgeBase, findKnowledgeBase, listTenantNumbers } from "~/features/knowledge/knowledge.server";
import { numberOptionLabel } from "~/features/knowledge/number-option";
import { knowledgeListHref } from "~/features/knowledge/list-params";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";

/**
 * Deleting a knowledge base: GET is the confirmation page (a plain link gets
 * there, so it works without JavaScript), POST deletes. When it was its
 * number's default, the page says which one takes over.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request);
  if (!can(user.permissions, "knowledge-base", "delete")) throw await forbidden(request);
  const kb = await findKnowledgeBase(tenant.id, params.id ?? "");
  if (!kb) throw knowledgeBaseNotFound();
  const t = await getTranslator(request, "knowledge");
  const number = (await listTenantNumbers(tenant.id)).find((candidate) => candidate.id === kb.phone_number_id);
  return {
    title: t("delete.title"),
    kb: { id: kb.id, name: kb.name, isDefault: kb.is_default === 1 },
    number: number ? numberOptionLabel(number) : "",
    successor: kb.is_default === 1 ? ((await findSuccessorDefault(tenant.id, kb.phone_number_id, kb.id))?.name ?? null) : null,
    returnTo: knowledgeListHref({ number: kb.phone_number_id }),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Voxboard · ${data.title}` : "Voxboard" }];

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete");
  const kb = await findKnowledgeBase(tenant.id, params.id ?? "");
  if (!kb || !(await deleteKnowledgeBase(tenant.id, kb.id))) throw knowledgeBaseNotFound();
  return redirectWithToast(knowledgeListHref({ number: kb.phone_number_id }), {
    type: "success",
    key: "knowledge:toast.deleted",
    values: { name: kb.name },
  });
}

export default function DeleteKnowledgeBasePage() {
  const { t } = useTranslation("knowledge");
  const { kb, number, successor, returnTo } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("delete.title")}</h1>
      <Panel>
        <Form method="post" className="space-y-4">
          <p>{t("delete.question", { name: kb.name })}</p>
          <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-200" data-testid="delete-summary">
            <span className="block font-medium">{kb.name}</span>
            <span className="block">{number}</span>
          </p>
          {kb.isDefault ? (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {successor ? t("delete.successor", { name: successor }) : t("delete.lastOne")}
            </p>
          ) : null}
          <p className="text-sm text-slate-600 dark:text-slate-300">{t("delete.warning")}</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={deleting}>
              {deleting ? t("delete.submitting") : t("delete.submit")}
            </Button>
            <Link to={returnTo} className={buttonClass("secondary")}>
              {t("form.cancel")}
            </Link>
          </div>
        </Form>
      </Panel>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";
