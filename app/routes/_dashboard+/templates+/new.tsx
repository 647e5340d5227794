import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/ui/page-header";
import { requireActionAccess } from "~/features/access/gate.server";
import { submitTemplateForm, templateFormConstraint } from "~/features/post-call/template-action.server";
import { TemplateForm } from "~/features/post-call/template-form";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["post-call"] };

/** /templates/new: a template starts with one empty text field and no criteria. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireActionAccess(request, "create", "templates");
  const t = await getTranslator(request, "post-call");
  return { title: t("new.title"), constraint: templateFormConstraint() };
}

export const meta = titleFromLoader;

export async function action({ request }: ActionFunctionArgs) {
  const gate = await requireActionAccess(request, "create", "templates");
  return submitTemplateForm(request, gate, null);
}

export default function NewTemplatePage() {
  const { t } = useTranslation("post-call");
  const { constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-4">
      <PageHeader
        title={t("new.title")}
        description={t("new.intro")}
        back={
          <Link to="/templates" className="underline">
            {t("backToList")}
          </Link>
        }
      />
      <TemplateForm
        lastResult={actionData?.result}
        defaultValue={{ name: "", summaryInstruction: "", fields: [{ type: "text" }], criteria: [] }}
        constraint={constraint}
        savedFields={[]}
        submitLabel={t("new.submit")}
        cancelHref="/templates"
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
