import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_NAMESPACE } from "./config";
import type { TFunction, Translator } from "./translator";

/**
 * useTranslation for every component: `const { t, i18n } = useTranslation(namespace)`,
 * with i18n.language for formatting. The server renders with the namespaces the
 * page's routes declare; in the browser, a screen reached by a client-side
 * navigation that needs another namespace suspends until its file has loaded
 * (Remix keeps the previous screen meanwhile, navigations being transitions).
 */
export interface NamespaceLoader {
  /** Resolves once the namespaces are in the translator; the same promise for the same request. */
  load(namespaces: readonly string[]): Promise<void>;
  /** A namespace that could not be loaded: its keys show raw rather than suspending forever. */
  failed(namespace: string): boolean;
}

interface TranslationContextValue {
  translator: Translator;
  loader: NamespaceLoader | null;
}

const TranslationContext = createContext<TranslationContextValue | null>(null);

export function TranslationProvider({
  translator,
  loader = null,
  children,
}: {
  translator: Translator;
  loader?: NamespaceLoader | null;
  children?: ReactNode;
}) {
  return <TranslationContext.Provider value={{ translator, loader }}>{children}</TranslationContext.Provider>;
}

export function useTranslator(): Translator {
  const context = useContext(TranslationContext);
  if (!context) throw new Error("useTranslation needs a TranslationProvider above it");
  return context.translator;
}

export function useTranslation(namespaces: string | readonly string[] = DEFAULT_NAMESPACE): { t: TFunction; i18n: { language: string } } {
  const context = useContext(TranslationContext);
  if (!context) throw new Error("useTranslation needs a TranslationProvider above it");
  const { translator, loader } = context;
  const list = typeof namespaces === "string" ? [namespaces] : namespaces;
  if (loader) {
    const missing = list.filter((namespace) => !translator.hasNamespace(namespace) && !loader.failed(namespace));
    // Suspense: React shows this component once the promise settles.
    if (missing.length) throw loader.load(missing);
  }
  return { t: translator.fixed(list), i18n: { language: translator.language } };
}
