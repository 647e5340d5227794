import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { requireReadAccess } from "~/features/access/gate.server";
import { MAX_SEARCH_LENGTH, normalizeSearchTerm } from "~/features/search/search-query";
import { searchForUser } from "~/features/search/search.server";
import { getTranslator } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/react";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";

export const handle: I18nHandle = { i18n: ["search"] };

/**
 * /search?q=: the screens, contacts, recordings, deals, campaigns, agents and tickets matching the term,
 * grouped by area, each group only for users who may read that area. A GET
 * form, so it works without JavaScript. The overview is every dashboard
 * user's screen, so its read permission is the gate for the page itself.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const gate = await requireReadAccess(request, "overview");
  const term = normalizeSearchTerm(new URL(request.url).searchParams.get("q"));
  const [t, groups] = await Promise.all([getTranslator(request, "search"), searchForUser(request, gate, term)]);
  return { title: t("title"), term, groups };
}

export const meta = titleFromLoader;

export default function SearchPage() {
  const { t } = useTranslation("search");
  const { term, groups } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")} description={t("intro")} />
      <Form method="get" role="search" className="flex flex-wrap gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t("label")}
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={term}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={t("placeholder")}
          className="min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-600 dark:bg-gray-800"
        />
        <Button type="submit">{t("submit")}</Button>
      </Form>
      {!term ? (
        <EmptyState title={t("empty.title")}>{t("empty.text")}</EmptyState>
      ) : groups.length === 0 ? (
        <EmptyState title={t("none.title")}>{t("none.text", { term })}</EmptyState>
      ) : (
        groups.map((group) => (
          <section key={group.area} aria-labelledby={`search-${group.area}`} className="space-y-2">
            <h2 id={`search-${group.area}`} className="text-base font-semibold">
              {t(`areas.${group.area}`)}
            </h2>
            <ul className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
              {group.hits.map((hit) => (
                <li key={hit.id}>
                  <Link to={hit.href} className="block break-words px-3 py-2 text-sm hover:bg-gray-50 dark:hover:bg-gray-800">
                    {hit.label}
                  </Link>
                </li>
              ))}
            </ul>
            {group.seeAllHref ? (
              <Link to={group.seeAllHref} className="text-sm underline">
                {t("seeAll")}
              </Link>
            ) : null}
          </section>
        ))
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
