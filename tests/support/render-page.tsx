import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import type { Language } from "~/i18n/config";
import { resources } from "~/i18n/resources.server";
import { BASE_URL } from "./app";

/**
 * Server-renders a route's component with the data its loader returned, the
 * way the page would arrive without JavaScript: real translations, a router
 * for links and useLoaderData. Only that route, without the dashboard layout.
 */
export async function renderPage(Component: ComponentType, loaderData: unknown, path: string, language: Language = "en") {
  const url = new URL(path, BASE_URL);
  const handler = createStaticHandler([{ id: "page", path: url.pathname, loader: () => loaderData as object, Component }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const translator = new Translator(language, resources[language]);
  return renderToStaticMarkup(
    <TranslationProvider translator={translator}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </TranslationProvider>,
  );
}
