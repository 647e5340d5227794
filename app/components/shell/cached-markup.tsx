import { createContext, useContext, type ReactElement } from "react";
import { TranslationProvider, useTranslator } from "~/i18n/react";

/**
 * react-dom/server's renderToStaticMarkup, handed down by entry.server. In the
 * browser there is none, so the server renderer never ships to it.
 */
export const StaticMarkupContext = createContext<((element: ReactElement) => string) | null>(null);

const CACHE_ENTRIES = 1_000;
const cache = new Map<string, string>();

/** For tests: how many pieces of markup the server keeps. */
export const cachedMarkupCount = () => cache.size;

const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escapeForHtml = (value: string) => value.replace(/[&<>"']/g, (character) => ATTRIBUTE_ESCAPES[character]!);

/**
 * Shell markup that is the same on many pages, rendered once per `cacheKey`
 * and then served as a string: React does not walk its elements again
 * (docs/decisions/0067-cached-shell-markup.md). Only for markup without
 * scripts of its own: the browser keeps the server's HTML while it hydrates
 * (React leaves a dangerouslySetInnerHTML element's content alone), and the
 * component that renders this must swap in its live version once hydrated
 * (useHydrated). `fill` puts per-page values into slots of the cached
 * markup: each slot word is replaced by its value, escaped for HTML.
 */
export function CachedMarkup({ cacheKey, render, fill = {} }: { cacheKey: string; render: () => ReactElement; fill?: Record<string, string> }) {
  const renderStatic = useContext(StaticMarkupContext);
  const translator = useTranslator();
  if (!renderStatic) return <div className="contents" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  let html = cache.get(cacheKey);
  if (html === undefined) {
    html = renderStatic(<TranslationProvider translator={translator}>{render()}</TranslationProvider>);
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(cacheKey, html);
  }
  for (const [slot, value] of Object.entries(fill)) html = html.replaceAll(slot, escapeForHtml(value));
  return <div className="contents" dangerouslySetInnerHTML={{ __html: html }} />;
}
