import { Link } from "@remix-run/react";
import { Panel } from "~/components/ui/panel";
import { formatNumber } from "~/i18n/format";
import { useTranslation } from "~/i18n/react";
import { apiAccessTabHref } from "./links";
import { scopeLabel } from "./scope-label";
import { API_SCOPES } from "./scopes";

/**
 * The documentation tab of /api-access: the few facts needed for a first
 * request (base URL, the key's header, scopes, the rate limit and its 429),
 * then into the full reference, /api-docs, and its OpenAPI document.
 */
export interface ApiDocumentationView {
  /** APP_URL + /api/v1, so the example is the address this installation answers on. */
  baseUrl: string;
  rateLimitPerMinute: number;
}

export const API_DOCS_PATH = "/api-docs";
export const OPENAPI_PATH = "/api-docs/openapi.json";

const codeBlock = "whitespace-pre-wrap break-all rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-950 dark:text-slate-100";

export function DocumentationTab({ view }: { view: ApiDocumentationView }) {
  const { t, i18n } = useTranslation("api");
  const curl = [`curl ${view.baseUrl}/calls/CALL_ID \\`, `  -H "Authorization: Bearer $VOXBOARD_API_KEY"`].join("\n");
  return (
    <div className="space-y-6" data-testid="api-documentation">
      <Panel title={t("documentation.title")}>
        <div className="space-y-5 text-sm">
          <p>{t("documentation.intro")}</p>
          <section className="space-y-2">
            <h3 className="font-semibold">{t("documentation.baseUrl")}</h3>
            <p className="min-w-0">
              <code className="break-all font-mono text-xs" data-testid="api-base-url">
                {view.baseUrl}
              </code>
            </p>
          </section>
          <section className="space-y-2">
            <h3 className="font-semibold">{t("documentation.auth")}</h3>
            <p>{t("documentation.authText")}</p>
            <pre className={codeBlock}>Authorization: Bearer vbk_…</pre>
            <p>
              <Link to={apiAccessTabHref("keys")} className="underline">
                {t("documentation.createKey")}
              </Link>
            </p>
          </section>
          <section className="space-y-2">
            <h3 className="font-semibold">{t("documentation.scopes")}</h3>
            <p>{t("documentation.scopesText")}</p>
            <ul className="list-disc space-y-1 pl-5">
              {API_SCOPES.map((scope) => (
                <li key={scope}>
                  <code className="font-mono text-xs">{scope}</code>: {scopeLabel(t, scope)}
                </li>
              ))}
            </ul>
          </section>
          <section className="space-y-2">
            <h3 className="font-semibold">{t("documentation.rateLimit")}</h3>
            <p>
              {t("documentation.rateLimitText", {
                count: view.rateLimitPerMinute,
                formatted: formatNumber(view.rateLimitPerMinute, i18n.language),
              })}
            </p>
          </section>
          <section className="space-y-2">
            <h3 className="font-semibold">{t("documentation.example")}</h3>
            <pre className={codeBlock} data-testid="api-curl-example">
              {curl}
            </pre>
          </section>
        </div>
      </Panel>
      <Panel title={t("documentation.reference")}>
        <ul className="list-disc space-y-2 pl-5 text-sm">
          <li>
            <Link to={API_DOCS_PATH} className="underline">
              {t("documentation.referenceLink")}
            </Link>
          </li>
          <li>
            {/* A JSON file: a plain link, so the browser opens or saves it instead of the router fetching it. */}
            <a href={OPENAPI_PATH} className="underline">
              {t("documentation.openapiLink")}
            </a>
          </li>
        </ul>
      </Panel>
    </div>
  );
}
