import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { Notice } from "~/components/ui/panel";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { can } from "~/features/roles/permissions";
import { knowledgeFormConstraint, submitKnowledgeBaseForm } from "~/features/knowledge/form-action.server";
import { KnowledgeBaseForm } from "~/features/knowledge/knowledge-form";
import { findKnowledgeBase, formDefaultsOf, listTenantNumbers } from "~/features/knowledge/knowledge.server";
import { knowledgeListHref } from "~/features/knowledge/list-params";
import { loadTemplateTexts } from "~/features/knowledge/template-texts.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { notFound } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["knowledge", "phone"] };

/** /knowledge-base/<id>: one knowledge base, editable by those who may update (read-only otherwise). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "knowledge-base");
  const kb = await findKnowledgeBase(tenant.id, params.id ?? "");
  if (!kb) notFound();
  const t = await getTranslator(request, "knowledge");
  const numbers = await listTenantNumbers(tenant.id);
  return {
    title: t("edit.title", { name: kb.name }),
    id: kb.id,
    name: kb.name,
    isDefault: kb.is_default === 1,
    // Saves bump the key, so the form starts again from what is stored.
    version: kb.updated_at,
    numbers: numbers.map(({ id, display, label }) => ({ id, display, label })),
    templateTexts: await loadTemplateTexts(),
    defaultValue: formDefaultsOf(kb),
    phoneCountry: tenant.country,
    constraint: knowledgeFormConstraint(tenant.country),
    listHref: knowledgeListHref({ number: kb.phone_number_id }),
    canUpdate: can(user.permissions, "knowledge-base", "update"),
    canDelete: can(user.permissions, "knowledge-base", "delete"),
  };
}

export const meta = titleFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "update", "knowledge-base");
  // Another tenant's id is refused before a byte of the upload is read.
  const kb = await findKnowledgeBase(gate.tenant.id, params.id ?? "");
  if (!kb) notFound();
  return submitKnowledgeBaseForm(request, gate, kb.id);
}

export default function EditKnowledgeBasePage() {
  const { t } = useTranslation("knowledge");
  const { id, name, isDefault, version, numbers, templateTexts, defaultValue, phoneCountry, constraint, listHref, canUpdate, canDelete } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("edit.title", { name })}
        back={
          <Link to={listHref} className="underline">
            {t("backToList")}
          </Link>
        }
      />
      {canUpdate ? null : <Notice>{t("edit.readOnly")}</Notice>}
      <KnowledgeBaseForm
        key={version}
        numbers={numbers}
        templateTexts={templateTexts}
        defaultValue={defaultValue}
        phoneCountry={phoneCountry}
        constraint={constraint}
        lastResult={actionData?.result}
        submitLabel={t("edit.submit")}
        cancelHref={listHref}
        readOnly={!canUpdate}
        isCurrentDefault={isDefault}
        footer={
          canDelete ? (
            <Link to={`/knowledge-base/${encodeURIComponent(id)}/delete`} className="ml-auto text-sm text-red-700 underline dark:text-red-400">
              {t("edit.delete")}
            </Link>
          ) : null
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
