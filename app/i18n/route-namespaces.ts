import { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from "./config";

/**
 * A route names the translation namespaces its screen uses; a page ships only
 * those of its matched routes (plus the default one the shell uses), not all of
 * them. tools/route-namespaces.test.ts checks every route declares what it uses.
 */
export interface I18nHandle {
  i18n: readonly Namespace[];
}

const KNOWN = new Set<string>(NAMESPACES);

/** The namespaces a page needs: the default one plus every matched route's `handle.i18n`, in a stable order. */
export function namespacesForMatches(handles: ReadonlyArray<unknown>): Namespace[] {
  const wanted = new Set<string>([DEFAULT_NAMESPACE]);
  for (const handle of handles) {
    const declared = (handle as Partial<I18nHandle> | undefined)?.i18n;
    if (Array.isArray(declared)) for (const name of declared) if (KNOWN.has(name)) wanted.add(name);
  }
  return NAMESPACES.filter((name) => wanted.has(name));
}
