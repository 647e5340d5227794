import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import type { Language } from "~/i18n/config";
import { TranslationProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import { Translator } from "~/i18n/translator";

export interface StaticPageRoute {
  path: string;
  loader?: () => object | null;
  action?: () => object | null;
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
}

/** The HTML one page renders for a request, as the server would send it without scripts, with the real translations of a language. */
export async function renderStaticPage(route: StaticPageRoute, request: Request, language: Language) {
  const handler = createStaticHandler([{ id: "page", ...route }]);
  const context = await handler.query(request);
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { translator: new Translator(language, resources[language]) },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}

/** The HTML a route's error boundary renders, in a language, when the loader of the page at `url` throws `error`. */
export function renderErrorBoundary(Boundary: ComponentType, error: unknown, { url, language }: { url: string; language: Language }) {
  const route: StaticPageRoute = {
    path: new URL(url).pathname,
    loader: () => {
      throw error;
    },
    Component: () => null,
    ErrorBoundary: Boundary,
  };
  return renderStaticPage(route, new Request(url), language);
}
