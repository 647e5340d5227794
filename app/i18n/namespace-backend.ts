import type { NamespaceLoader } from "./react";
import type { TranslationTree, Translator } from "./translator";

/** The URL of a namespace's file in one release (namespace-files.server.ts serves it with a year-long cache). */
export const namespaceFileUrl = (language: string, namespace: string, release: string) =>
  `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.${release}.json`;

/**
 * Loads namespaces from their files: at start, those the server rendered the
 * page with (preloaded by the page's head), and later those a screen reached
 * by a client-side navigation needs.
 */
export function namespaceLoader(translator: Translator, release: string): NamespaceLoader {
  const pending = new Map<string, Promise<void>>();
  const failures = new Set<string>();

  function loadOne(namespace: string): Promise<void> {
    let promise = pending.get(namespace);
    if (!promise) {
      // The same request as the head's <link rel="preload" as="fetch" crossorigin>: mode cors, credentials same-origin, so the preload is used.
      promise = fetch(namespaceFileUrl(translator.language, namespace, release))
        .then((response) => {
          if (!response.ok) throw new Error(`Translations ${translator.language}/${namespace}: HTTP ${response.status}`);
          return response.json() as Promise<TranslationTree>;
        })
        .then(
          (tree) => translator.addNamespace(namespace, tree),
          (error: unknown) => {
            console.error(error);
            // Its keys show raw until the page is reloaded, rather than a navigation that never finishes.
            failures.add(namespace);
          },
        );
      pending.set(namespace, promise);
    }
    return promise;
  }

  return {
    load: (namespaces) => Promise.all(namespaces.map(loadOne)).then(() => undefined),
    failed: (namespace) => failures.has(namespace),
  };
}
