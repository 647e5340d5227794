import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess, requireReadAccess } from "~/features/access/gate.server";
import { safeRedirectPath } from "~/lib/http/safe-redirect";
import { can } from "~/features/roles/permissions";
import { knowledgeFormConstraint, submitKnowledgeBaseForm } from "~/features/knowledge/form-action.server";
import { KnowledgeBaseForm, type KnowledgeFormDefaults } from "~/features/knowledge/knowledge-form";
import { listTenantNumbers } from "~/features/knowledge/knowledge.server";
import { NoNumbersPanel } from "~/features/knowledge/no-numbers-panel";
import { knowledgeListHref } from "~/features/knowledge/list-params";
import { loadTemplateTexts } from "~/features/knowledge/template-texts.server";
import { getTranslator } from "~/i18n/i18next.server";
import { titleFromLoader } from "~/lib/http/page-title";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { forbidden } from "~/lib/http/errors.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

export const handle: I18nHandle = { i18n: ["knowledge", "phone"] };

/** A same-site path to go back to once the knowledge base is saved (the campaign form that needed it), else null. */
function returnToOf(search: URLSearchParams) {
  return safeRedirectPath(search.get("returnTo"), "") || null;
}

/**
 * /knowledge-base/new[?number=<id>][&type=inbound|outbound][&returnTo=<path>]:
 * a new knowledge base, for the given number and type when there are ones.
 * With returnTo, saving (and Cancel) lead back there instead of to the
 * list; the form posts to this URL, so the action finds returnTo in it too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "knowledge-base");
  if (!can(user.permissions, "knowledge-base", "create")) throw await forbidden(request);
  const t = await getTranslator(request, "knowledge");
  const numbers = await listTenantNumbers(tenant.id);
  const search = new URL(request.url).searchParams;
  const requested = search.get("number");
  const requestedType = search.get("type");
  const returnTo = returnToOf(search);
  const preselected = numbers.find((number) => number.id === requested) ?? (numbers.length === 1 ? numbers[0] : undefined);
  const defaultValue: KnowledgeFormDefaults = {
    phoneNumberId: preselected?.id,
    type: requestedType === "outbound" || requestedType === "inbound" ? requestedType : "inbound",
    template: "blank",
    transferMode: "none",
    transferNumbers: [""],
  };
  return {
    title: t("new.title"),
    numbers: numbers.map(({ id, display, label }) => ({ id, display, label })),
    templateTexts: await loadTemplateTexts(),
    defaultValue,
    phoneCountry: tenant.country,
    constraint: knowledgeFormConstraint(tenant.country),
    backHref: knowledgeListHref({ number: preselected?.id ?? null }),
    cancelHref: returnTo ?? knowledgeListHref({ number: preselected?.id ?? null }),
  };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "knowledge-base");
  return submitKnowledgeBaseForm(request, gate, null, { returnTo: returnToOf(new URL(request.url).searchParams) });
}

export default function NewKnowledgeBasePage() {
  const { t } = useTranslation("knowledge");
  const { numbers, templateTexts, defaultValue, phoneCountry, constraint, backHref, cancelHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("new.title")}
        description={t("new.intro")}
        back={
          <Link to={backHref} className="underline">
            {t("backToList")}
          </Link>
        }
      />
      {numbers.length === 0 ? (
        <NoNumbersPanel />
      ) : (
        <KnowledgeBaseForm
          numbers={numbers}
          templateTexts={templateTexts}
          defaultValue={defaultValue}
          phoneCountry={phoneCountry}
          constraint={constraint}
          lastResult={actionData?.result}
          submitLabel={t("new.submit")}
          cancelHref={cancelHref}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
