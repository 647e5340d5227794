import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { parseCondition, parseResponsesParams, responsesHref, responsesSearch } from "~/features/post-call/response-params";
import { aggregateResponses, applicableConditions, listResponses } from "~/features/post-call/responses.server";
import { ResponsesView } from "~/features/post-call/responses-view";
import { callFilterChoices, findTemplate, listTemplates } from "~/features/post-call/templates.server";
import { can } from "~/features/roles/permissions";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["post-call"] };

/**
 * /response?template=…&where=…: the answers a post-call template collected,
 * a row per call and a column per field (docs/product/post-call.md#responses).
 * The "add condition" form sends its three inputs (cf, co, cv) by GET; the
 * loader folds them into one `where` and redirects to that canonical URL, so
 * every view stays one bookmarkable address without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, tenant } = await requireReadAccess(request, "response");
  const url = new URL(request.url);
  if (url.searchParams.has("cf")) {
    const search = new URLSearchParams(url.searchParams);
    const condition = parseCondition(`${search.get("cf") ?? ""}:${search.get("co") ?? ""}:${search.get("cv") ?? ""}`);
    for (const name of ["cf", "co", "cv", "page"]) search.delete(name);
    const params = parseResponsesParams(search);
    throw redirect(responsesHref({ ...params, where: condition ? [...params.where, condition] : params.where, page: 1 }));
  }
  const t = await getTranslator(request, "post-call");
  const params = parseResponsesParams(url.searchParams);
  const templates = await listTemplates(tenant.id);
  const base = { title: t("responses.title"), canCreateTemplate: can(user.permissions, "templates", "create") };
  const chosen = templates.find((template) => template.id === params.template) ?? templates.find((template) => template.isDefault) ?? templates[0];
  if (!chosen) return { ...base, view: null };
  const template = (await findTemplate(tenant.id, chosen.id))!;
  const scope = { tenantId: tenant.id, timeZone: tenant.timeZone, templateId: template.id, definition: template.definition };
  const applied = { ...params, template: template.id, where: applicableConditions(template.definition, params.where) };
  const [list, aggregates, choices] = await Promise.all([listResponses(scope, applied), aggregateResponses(scope, applied), callFilterChoices(tenant.id)]);
  return {
    ...base,
    view: {
      params: applied,
      templates: templates.map(({ id, name }) => ({ id, name })),
      template: { id: template.id, name: template.name, version: template.version, definition: template.definition },
      conditions: applied.where,
      campaigns: choices.campaigns,
      agents: choices.agents,
      ...list,
      aggregates,
      timeZone: tenant.timeZone,
      exportHref: `/response/export.csv?${responsesSearch({ ...applied, page: 1 }).toString()}`,
    },
  };
}

export const meta = titleFromLoader;

export default function ResponsesPage() {
  const { t } = useTranslation("post-call");
  const { view, canCreateTemplate } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t("responses.title")} description={t("responses.intro")} />
      {view ? (
        <ResponsesView data={view} />
      ) : (
        <EmptyState
          heading={2}
          title={t("responses.noTemplatesTitle")}
          action={
            canCreateTemplate ? (
              <Link to="/templates/new" className={buttonClass("primary")}>
                {t("list.new")}
              </Link>
            ) : null
          }
        >
          <p className="text-sm">{t("responses.noTemplatesBody")}</p>
        </EmptyState>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
