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

/** What a page needs to load its translations as files: the namespaces its first render used, and the language's release (namespace-files.server.ts). */
export interface TranslationBootstrap {
  namespaces: string[];
  release: string;
}

interface TranslationContextValue {
  translator: Translator;
  loader: NamespaceLoader | null;
  bootstrap: TranslationBootstrap;
}

const TranslationContext = createContext<TranslationContextValue | null>(null);

export function TranslationProvider({
  translator,
  loader = null,
  bootstrap,
  children,
}: {
  translator: Translator;
  loader?: NamespaceLoader | null;
  /** The entries give it; a component rendered on its own (unit tests) goes without. */
  bootstrap?: TranslationBootstrap;
  children?: ReactNode;
}) {
  const value = { translator, loader, bootstrap: bootstrap ?? { namespaces: Object.keys(translator.resources), release: "" } };
  return <TranslationContext.Provider value={value}>{children}</TranslationContext.Provider>;
}

export function useTranslationBootstrap(): TranslationBootstrap {
  const context = useContext(TranslationContext);
  if (!context) throw new Error("useTranslationBootstrap needs a TranslationProvider above it");
  return context.bootstrap;
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
