import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { getTranslator } from "~/i18n/i18next.server";
import type { I18nHandle } from "~/i18n/route-namespaces";
import { titleFromLoader } from "~/lib/http/page-title";
import { openApiDocument } from "~/features/api-docs/openapi.server";
import { referenceView, type ReferenceView } from "~/features/api-docs/reference-model";
import { ApiReference } from "~/features/api-docs/api-reference";

/**
 * /api-docs: the API reference, public (no sign-in, docs/product/navigation.md#public-pages),
 * rendered on the server from the OpenAPI document at /api-docs/openapi.json (docs/product/api-docs.md).
 * No gate: it shows no tenant data.
 */
export const handle: I18nHandle = { i18n: ["api-docs"] };

export const meta = titleFromLoader;

let cachedView: ReferenceView | undefined;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getTranslator(request, "api-docs");
  // The document is made once per process, and so is its view.
  cachedView ??= referenceView(openApiDocument().document);
  return { title: t("title"), reference: cachedView };
}

export default function ApiDocsPage() {
  const { reference } = useLoaderData<typeof loader>();
  const { t } = useTranslation("api-docs");
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-6 sm:p-8">
      <Link to="/" className="text-sm underline">
        {t("home")}
      </Link>
      <h1 className="my-4 text-2xl font-semibold">{t("title")}</h1>
      <p className="mb-6 text-slate-700 dark:text-slate-300">{t("lead")}</p>
      <ApiReference reference={reference} documentHref="/api-docs/openapi.json" />
    </main>
  );
}
