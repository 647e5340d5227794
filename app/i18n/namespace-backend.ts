import type { NamespaceLoader } from "./react";
import type { TranslationTree, Translator } from "./translator";

/**
 * Loads namespaces the first page did not ship from their content-hashed files
 * (served with a year-long cache; see namespace-files.server.ts).
 */
export function namespaceLoader(translator: Translator, versions: Record<string, string>): NamespaceLoader {
  const pending = new Map<string, Promise<void>>();
  const failures = new Set<string>();

  function loadOne(namespace: string): Promise<void> {
    let promise = pending.get(namespace);
    if (!promise) {
      const version = versions[namespace];
      promise = (
        version
          ? fetch(`/locales/${encodeURIComponent(translator.language)}/${encodeURIComponent(namespace)}.${version}.json`, { credentials: "same-origin" }).then(
              (response) => {
                if (!response.ok) throw new Error(`Translations ${translator.language}/${namespace}: HTTP ${response.status}`);
                return response.json() as Promise<TranslationTree>;
              },
            )
          : Promise.reject(new Error(`Unknown translation namespace ${namespace}`))
      ).then(
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
