/**
 * The route pattern a request path belongs to ("/recordings/:id/audio"), the
 * label metrics count by: a path itself would make one series per recording.
 * Built once from the server build's routes; the most specific pattern wins
 * (static segments before parameters, parameters before a splat), as in
 * Remix's own matching. Paths that match no route count as "unmatched".
 */
interface RouteEntry {
  path?: string;
  parentId?: string;
  index?: boolean;
}

interface Pattern {
  pattern: string;
  regex: RegExp;
  score: number;
}

function fullPath(routes: Record<string, RouteEntry | undefined>, id: string): string {
  const route = routes[id];
  if (!route) return "";
  const parent = route.parentId ? fullPath(routes, route.parentId) : "";
  return route.path ? `${parent.replace(/\/$/, "")}/${route.path.replace(/^\//, "")}` : parent;
}

function compile(pattern: string): Pattern {
  const segments = pattern.split("/").filter(Boolean);
  let score = 0;
  const parts = segments.map((segment) => {
    if (segment === "*") {
      score -= 2;
      return "(?:/.*)?";
    }
    if (segment.startsWith(":")) return "/[^/]+";
    score += 10;
    return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  });
  score += segments.length;
  return { pattern: pattern || "/", regex: new RegExp(`^${parts.join("")}/?$`), score };
}

/** What the server answers itself, before Remix: each its own series. */
const SERVER_PATHS = ["/healthz", "/readyz", "/metrics", "/build/*", "/locales/*"];

export function routePatternMatcher(routes: Record<string, RouteEntry | undefined>) {
  const remixPatterns = Object.keys(routes).map((id) => fullPath(routes, id) || "/");
  const patterns = [...new Set([...SERVER_PATHS, ...remixPatterns])].map(compile).sort((a, b) => b.score - a.score);
  return (pathname: string) => {
    // Single-fetch data requests (/path.data) count with the page they belong to.
    const path = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
    return patterns.find((candidate) => candidate.regex.test(path))?.pattern ?? "unmatched";
  };
}
