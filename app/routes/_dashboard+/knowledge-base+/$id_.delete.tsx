import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/components/ui/cn";
import { formWidthClass } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { useIsPending } from "~/components/ui/use-is-pending";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { findSuccessorDefault } from "~/features/knowledge/default.server";
import { DeleteKnowledgeBaseForm, type DeleteKnowledgeBaseView } from "~/features/knowledge/delete-knowledge-base";
import { deleteKnowledgeBase, findKnowledgeBase, listTenantNumbers } from "~/features/knowledge/knowledge.server";
import { numberOptionLabel } from "~/features/knowledge/number-option";
import { knowledgeListHref } from "~/features/knowledge/list-params";
import { redirectWithToast } from "~/lib/toast/toast.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { forbidden, notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["knowledge"] };

/**
 * Deleting a knowledge base: GET is the confirmation page (a plain link gets
 * there, so it works without JavaScript), POST deletes. When it was its
 * number's default, the page says which one takes over.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "knowledge-base");
  if (!can(user.permissions, "knowledge-base", "delete")) throw await forbidden(request);
  const kb = await findKnowledgeBase(tenant.id, params.id ?? "");
  if (!kb) notFound();
  const t = await getTranslator(request, "knowledge");
  const number = (await listTenantNumbers(tenant.id)).find((candidate) => candidate.id === kb.phone_number_id);
  const view: DeleteKnowledgeBaseView = {
    kb: { id: kb.id, name: kb.name, isDefault: kb.is_default === 1 },
    number: number ? numberOptionLabel(number) : "",
    successor: kb.is_default === 1 ? ((await findSuccessorDefault(tenant.id, kb.phone_number_id, kb.id))?.name ?? null) : null,
    returnTo: knowledgeListHref({ number: kb.phone_number_id }),
  };
  return { title: t("delete.title"), ...view };
}

/**
 * The list's delete dialog loads this page's data through a fetcher. Once the
 * dialog's submission has deleted the knowledge base there is nothing left to
 * load, and reloading it would turn the list into a 404. (Only the dialog that
 * is open can submit, so a deletion is always of the one it loaded.)
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction && DELETE_ACTION.test(formAction) ? false : defaultShouldRevalidate;

const DELETE_ACTION = /^\/knowledge-base\/[^/?]+\/delete(\?|$)/;

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const { tenant } = await requireActionAccess(request, "delete", "knowledge-base");
  const kb = await findKnowledgeBase(tenant.id, params.id ?? "");
  if (!kb || !(await deleteKnowledgeBase(tenant.id, kb.id))) notFound();
  return redirectWithToast(knowledgeListHref({ number: kb.phone_number_id }), {
    type: "success",
    key: "knowledge:toast.deleted",
    values: { name: kb.name },
  });
}

export default function DeleteKnowledgeBasePage() {
  const { t } = useTranslation("knowledge");
  const view = useLoaderData<typeof loader>();
  const deleting = useIsPending();
  return (
    <div className={cn(formWidthClass, "space-y-4")}>
      <PageHeader
        title={t("delete.title")}
        back={
          <Link to={view.returnTo} className="underline">
            {t("backToList")}
          </Link>
        }
      />
      <Panel>
        <DeleteKnowledgeBaseForm view={view} submitting={deleting} />
      </Panel>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
