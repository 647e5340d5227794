// The import layers of app/ (docs/decisions/0029-code-layout.md), checked by ESLint as `voxboard/layers`.
//
// routes → features → lib, components, db, i18n, config; a feature imports only
// the features declared below it in FEATURE_ORDER; nothing but a route module
// (or the app's entry files) imports a route. Type-only imports may point at a
// feature further up (a shape is not a call); they still may not reach a route.
import path from "node:path";

/**
 * The features from the bottom up. A feature may import (at run time) only
 * the ones listed before it. A new feature is placed above everything it
 * uses; a lower feature that must react to a higher one's change subscribes
 * to a domain event (app/lib/events) instead of being called.
 */
export const FEATURE_ORDER = [
  // The audit log imports no feature: every feature records into it, the voice platform's key replacement included (issue 26).
  "audit",
  "phone",
  "voice-platform",
  "tenants",
  "roles",
  "api-keys",
  "onboarding",
  "auth",
  "security",
  // Single sign-on (issue 26): links provider accounts to users and records it (audit); the route ends it in security's completeSignIn.
  "sso",
  "organizations",
  "access",
  // The super admin's users (issue 26): disables sessions (auth), changes roles (roles), records (audit).
  "users-admin",
  "calls",
  "analysis",
  "recordings",
  "knowledge",
  "agents",
  "numbers",
  "contacts",
  "campaigns",
  "contact-import",
  "call-center",
  "post-call",
  "feedback",
  "service-desk",
  "deals",
  "profile",
  "integrations",
  "billing",
  "scheduling",
  "calcom",
  "contact-center",
  // The notification bell (issue 27): hears the lower features' events; reads roles (who is told) and tenants (the digest's language); the job runner sends its digest.
  "notifications",
  "jobs",
  // The OpenAPI document (issue 26): reads the API schemas of api-keys, calls, scheduling and integrations.
  "api-docs",
  // The affiliate programme (issue 26): reads invoices and credits the ledger (billing), records (audit); hears invoice.paid/refunded as events.
  "affiliates",
  // The plan catalogue on /products (issue 26): writes plans (billing's), records (audit).
  "products",
  // /analytics (issue 26): reads every tenant's calls, subscriptions and top-ups; draws on the overview's chart frame (call-center).
  "platform-analytics",
  // Search everywhere (issue 27): reads contacts, deals and campaigns, checking read per area (roles).
  "search",
];

/** What each base layer may import besides itself. */
const BASE_LAYERS = {
  config: [],
  i18n: ["config"],
  lib: ["config", "i18n"],
  db: ["config", "i18n", "lib"],
  components: ["config", "i18n", "lib"],
};
/** A base layer may name these in type-only imports (a transaction's type in lib/events, say). */
const BASE_TYPE_LAYERS = { lib: ["db"] };

const APP_ENTRIES = new Set(["root.tsx", "entry.server.tsx", "entry.client.tsx", "server.ts"]);

/** The layer of a path inside app/: "routes", "lib", "features/calls", "entry", or null outside app/. */
export function layerOf(appRelative) {
  const [first, second] = appRelative.split("/");
  if (first === undefined || first.startsWith("..")) return null;
  if (APP_ENTRIES.has(first) || first === "seed" || first === "types.d.ts" || first === "remix.env.d.ts") return "entry";
  if (first === "features") return second ? `features/${second}` : null;
  return first;
}

/** Why `from` may not import `to` (runtime or type-only), or null when it may. */
export function layerViolation(from, to, typeOnly) {
  if (from === null || to === null || from === to) return null;
  if (to === "routes") return from === "routes" || from === "entry" ? null : "nothing but a route module imports a route";
  if (to === "entry") return from === "entry" ? null : "the app's entry files are imported by nobody";
  if (from === "routes" || from === "entry") return null;
  if (from in BASE_LAYERS) {
    if (BASE_LAYERS[from].includes(to)) return null;
    if (typeOnly && (BASE_TYPE_LAYERS[from] ?? []).includes(to)) return null;
    return `${from} imports only ${BASE_LAYERS[from].join(", ") || "itself"}`;
  }
  if (from.startsWith("features/")) {
    if (to in BASE_LAYERS) return null;
    if (!to.startsWith("features/")) return null;
    const fromRank = FEATURE_ORDER.indexOf(from.slice("features/".length));
    const toRank = FEATURE_ORDER.indexOf(to.slice("features/".length));
    if (fromRank === -1) return `${from} is not placed in FEATURE_ORDER (tools/eslint/layers.js)`;
    if (toRank === -1) return `${to} is not placed in FEATURE_ORDER (tools/eslint/layers.js)`;
    if (toRank < fromRank || typeOnly) return null;
    return `${to} is declared above ${from}: a feature imports only the features below it (announce a change with a domain event from app/lib/events)`;
  }
  return null;
}

function isTypeOnly(node) {
  if (node.importKind === "type" || node.exportKind === "type") return true;
  return node.type === "ImportDeclaration" && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === "type");
}

const rule = {
  meta: {
    type: "problem",
    docs: { description: "Imports follow the layers of app/ (docs/decisions/0029-code-layout.md)." },
    schema: [],
    messages: { layer: "{{from}} may not import {{to}}: {{why}} (docs/decisions/0029-code-layout.md)." },
  },
  create(context) {
    const filename = context.filename;
    const appDir = path.join(context.cwd, "app");
    const relative = path.relative(appDir, filename);
    if (relative.startsWith("..") || /\.test\.tsx?$/.test(filename)) return {};
    const from = layerOf(relative.split(path.sep).join("/"));
    function check(node, source) {
      if (!source || typeof source.value !== "string") return;
      const specifier = source.value;
      let target;
      if (specifier.startsWith("~/")) target = specifier.slice(2);
      else if (specifier.startsWith("."))
        target = path
          .relative(appDir, path.resolve(path.dirname(filename), specifier))
          .split(path.sep)
          .join("/");
      else return;
      const to = layerOf(target);
      const why = layerViolation(from, to, isTypeOnly(node));
      if (why) context.report({ node: source, messageId: "layer", data: { from, to, why } });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { rules: { layers: rule } };
