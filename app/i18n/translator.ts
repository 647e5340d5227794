import { DEFAULT_NAMESPACE } from "./config";
import { localeFor, numberFormat } from "./format";

/**
 * The translation function every screen and message uses, on the server and in
 * the browser: a small implementation of the part of i18next's format our
 * locale files use (docs/decisions/0014-lean-pages.md):
 *
 * - keys as dotted paths, optionally prefixed with their namespace and a colon,
 *   or looked up in the namespaces the caller is bound to, in order;
 * - plurals with `count`: key_zero (for 0, when present), then key_<Intl.PluralRules category>, then key;
 * - {{name}} interpolation, {{name, number}} in the language's number format;
 * - $t(other.key) nesting in the same namespace;
 * - `defaultValue` when the key is missing, else the key itself.
 *
 * translator.test.ts checks it gives exactly what i18next gives for every key
 * of every namespace in both languages. It is a few hundred bytes in the
 * browser instead of i18next's 15 KiB, and a lookup is a cached map read.
 */
export type TranslationTree = Record<string, unknown>;
export type NamespaceResources = Record<string, TranslationTree>;

export interface TOptions {
  ns?: string | readonly string[];
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

const INTERPOLATION = /{{(.+?)}}/g;
const NESTING = /\$t\((.+?)\)/g;

export class Translator {
  private readonly plurals: Intl.PluralRules;
  private readonly found = new Map<string, string | null>();
  private readonly fixedByNamespaces = new Map<string, TFunction>();

  constructor(
    readonly language: string,
    readonly resources: NamespaceResources,
  ) {
    this.plurals = new Intl.PluralRules(localeFor(language));
  }

  hasNamespace(namespace: string) {
    return Object.prototype.hasOwnProperty.call(this.resources, namespace);
  }

  addNamespace(namespace: string, tree: TranslationTree) {
    this.resources[namespace] = tree;
    // A key looked up before its namespace arrived was remembered as missing.
    this.found.clear();
  }

  /** A t bound to namespaces (the first one that has a key wins), like useTranslation(["a", "b"]). */
  fixed(namespaces: string | readonly string[] = DEFAULT_NAMESPACE): TFunction {
    const list = typeof namespaces === "string" ? [namespaces] : namespaces;
    const cacheKey = list.join(",");
    let t = this.fixedByNamespaces.get(cacheKey);
    if (!t) {
      t = (key, options) => this.translate(key, options, list);
      this.fixedByNamespaces.set(cacheKey, t);
    }
    return t;
  }

  translate(key: string, options: TOptions | undefined, boundNamespaces: readonly string[]): string {
    let namespaces: readonly string[] = options?.ns === undefined ? boundNamespaces : typeof options.ns === "string" ? [options.ns] : options.ns;
    let path = key;
    const separator = key.indexOf(":");
    if (separator > 0) {
      namespaces = [key.slice(0, separator)];
      path = key
        .slice(separator + 1)
        .split(":")
        .join(".");
    }
    const raw = this.resolve(namespaces, path, options?.count);
    const text = raw ?? options?.defaultValue ?? path;
    if (text.indexOf("{{") === -1 && text.indexOf("$t(") === -1) return text;
    return this.nest(this.interpolate(text, options), namespaces);
  }

  private resolve(namespaces: readonly string[], path: string, count: number | undefined): string | null {
    const candidates = typeof count === "number" ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${this.plurals.select(count)}`, path] : [path];
    for (const namespace of namespaces) {
      for (const candidate of candidates) {
        const value = this.lookup(namespace, candidate);
        if (value !== null) return value;
      }
    }
    return null;
  }

  private lookup(namespace: string, path: string): string | null {
    const cacheKey = `${namespace}\u0000${path}`;
    const cached = this.found.get(cacheKey);
    if (cached !== undefined) return cached;
    let node: unknown = this.resources[namespace];
    for (const part of path.split(".")) {
      if (node === null || typeof node !== "object") {
        node = undefined;
        break;
      }
      node = (node as Record<string, unknown>)[part];
    }
    const value = typeof node === "string" ? node : null;
    this.found.set(cacheKey, value);
    return value;
  }

  private interpolate(text: string, options: TOptions | undefined): string {
    return text.replace(INTERPOLATION, (match, inner: string) => {
      const comma = inner.indexOf(",");
      const name = (comma === -1 ? inner : inner.slice(0, comma)).trim();
      const format = comma === -1 ? "" : inner.slice(comma + 1).trim();
      const value = options?.[name];
      // Like i18next: a variable that was not given stays visible as written.
      if (value === undefined) return match;
      if (format === "number" && typeof value === "number") return numberFormat(this.language).format(value);
      return String(value);
    });
  }

  private nest(text: string, namespaces: readonly string[]): string {
    return text.replace(NESTING, (_match, inner: string) => this.translate(inner.trim(), undefined, namespaces));
  }
}
