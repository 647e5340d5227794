import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { NotAvailablePanel } from "~/components/not-available-panel";

/** Public (no sign-in, docs/product/navigation.md#public-pages); the OpenAPI document arrives with a later release. */
export default function ApiDocsPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto max-w-3xl p-8">
      <Link to="/" className="text-sm underline">
        Voxboard
      </Link>
      <h1 className="my-4 text-2xl font-semibold">{t("screens.api-docs")}</h1>
      <NotAvailablePanel />
    </main>
  );
}
