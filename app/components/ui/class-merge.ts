/**
 * What cn() needs of tailwind-merge, in a fraction of its size (it cost every
 * page about 7 KiB gzip): a later Tailwind class replaces an earlier one of
 * the same kind under the same variants ("px-4 … px-2" keeps px-2, "p-0"
 * also drops an earlier "px-4"). The kinds ("groups") and which groups
 * override which are tailwind-merge's (v2), for the utilities this app uses
 * (and a few relatives); a class of no known group is always kept.
 * class-merge.test.ts compares the result with tailwind-merge for every pair
 * of classes written anywhere in app/, so a class that this does not know
 * the kind of fails there rather than on a page.
 */

type Group = string | undefined;

const keywordGroups: Record<string, string> = {};
const addKeywords = (group: string, words: string) => words.split(" ").forEach((word) => (keywordGroups[word] = group));
addKeywords(
  "display",
  "block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden",
);
addKeywords("position", "static fixed absolute relative sticky");
addKeywords("visibility", "visible invisible collapse");
addKeywords("float", "float-right float-left float-none float-start float-end");
addKeywords("clear", "clear-left clear-right clear-both clear-none clear-start clear-end");
addKeywords("sr", "sr-only not-sr-only");
addKeywords("text-transform", "uppercase lowercase capitalize normal-case");
addKeywords("font-style", "italic not-italic");
addKeywords("text-decoration", "underline overline line-through no-underline");
addKeywords("text-overflow", "truncate text-ellipsis text-clip");
addKeywords("fvn-normal", "normal-nums");
addKeywords("fvn-spacing", "proportional-nums tabular-nums");
addKeywords("filter", "filter filter-none");
addKeywords("resize", "resize");
addKeywords("transition", "transition");
addKeywords("transform", "transform");
addKeywords("grow", "grow");
addKeywords("shrink", "shrink");
addKeywords("shadow", "shadow");
addKeywords("rounded", "rounded");
addKeywords("outline-style", "outline");
addKeywords("border-w", "border");
addKeywords("ring-w", "ring");
addKeywords("divide-x", "divide-x");
addKeywords("divide-y", "divide-y");
addKeywords("backdrop-blur", "backdrop-blur");
addKeywords("blur", "blur");
addKeywords("grayscale", "grayscale");
addKeywords("invert", "invert");
addKeywords("sepia", "sepia");

const isNumber = (value: string) => value !== "" && !Number.isNaN(Number(value));
const isLength = (value: string) => isNumber(value) || value === "px" || value === "full" || value === "screen" || /^\d+\/\d+$/.test(value);
const isTshirtSize = (value: string) => /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/.test(value);
const arbitrary = (value: string) => /^\[(?:([a-z-]+):)?(.+)\]$/i.exec(value);
/** An arbitrary value that is a length: [11px], [calc(…)], or labelled [length:…]. */
function isArbitraryLength(value: string) {
  const match = arbitrary(value);
  if (!match) return false;
  if (match[1]) return match[1] === "length";
  const inner = match[2]!;
  return (
    /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/.test(inner) &&
    !/^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix)\(.+\)$/.test(inner)
  );
}
const isArbitraryNumber = (value: string) => {
  const match = arbitrary(value);
  return !!match && (match[1] ? match[1] === "number" : isNumber(match[2]!));
};
const isArbitraryShadow = (value: string) => {
  const match = arbitrary(value);
  return !!match && !match[1] && /^(inset_)?-?((\d+)?\.?(\d+)[a-z]+|0)_-?((\d+)?\.?(\d+)[a-z]+|0)/.test(match[2]!);
};
const oneOf = (words: string) => {
  const set = new Set(words.split(" "));
  return (value: string) => set.has(value);
};
const LINE_STYLES = oneOf("solid dashed dotted double none");
const SIDES = ["x", "y", "s", "e", "t", "r", "b", "l"];

const isArbitraryValue = (value: string) => arbitrary(value) !== null;
const isInteger = (value: string) => value !== "" && Number.isInteger(Number(value));
const any = (value: string) => value !== "";
const spacing = (value: string) => isLength(value) || isArbitraryValue(value);
const spacingOr = (words: string) => {
  const word = oneOf(words);
  return (value: string) => spacing(value) || word(value);
};
const numberLike = (value: string) => isNumber(value) || isArbitraryValue(value);
const integerOr = (words: string) => {
  const word = oneOf(words);
  return (value: string) => isInteger(value) || isArbitraryValue(value) || word(value);
};
const wordsOr = (words: string, also: (value: string) => boolean = isArbitraryValue) => {
  const word = oneOf(words);
  return (value: string) => word(value) || also(value);
};

/** Groups named after their prefix, with the values tailwind-merge accepts for each (approximately: Tailwind makes no CSS of the rest). */
const prefixGroups: Record<string, (value: string) => boolean> = {
  "space-x": spacing,
  "space-y": spacing,
  gap: spacing,
  "gap-x": spacing,
  "gap-y": spacing,
  w: spacingOr("auto min max fit svw lvw dvw screen"),
  h: spacingOr("auto min max fit svh lvh dvh screen"),
  size: spacingOr("auto min max fit"),
  "min-w": spacingOr("min max fit"),
  "min-h": spacingOr("min max fit svh lvh dvh screen"),
  "max-w": (value) => spacingOr("none full min max fit prose")(value) || isTshirtSize(value) || value.startsWith("screen-"),
  "max-h": spacingOr("min max fit svh lvh dvh screen"),
  basis: spacingOr("auto"),
  order: integerOr("first last none"),
  "col-span": integerOr("full"),
  "col-start": integerOr("auto"),
  "col-end": integerOr("auto"),
  "grid-cols": any,
  items: oneOf("start end center baseline stretch"),
  self: oneOf("auto start end center stretch baseline"),
  "justify-items": oneOf("start end center stretch"),
  "justify-self": oneOf("auto start end center stretch"),
  z: integerOr("auto"),
  opacity: numberLike,
  leading: (value) => oneOf("none tight snug normal relaxed loose")(value) || spacing(value),
  tracking: wordsOr("tighter tight normal wide wider widest"),
  whitespace: oneOf("normal nowrap pre pre-line pre-wrap break-spaces"),
  break: oneOf("normal words all keep"),
  hyphens: oneOf("none manual auto"),
  cursor: any,
  select: oneOf("none text all auto"),
  "pointer-events": oneOf("none auto"),
  animate: wordsOr("none spin ping pulse bounce"),
  rotate: integerOr(""),
  scale: numberLike,
  blur: (value) => value === "none" || isTshirtSize(value) || isArbitraryValue(value),
  "backdrop-blur": (value) => value === "none" || isTshirtSize(value) || isArbitraryValue(value),
  brightness: numberLike,
  grayscale: wordsOr("0"),
  invert: wordsOr("0"),
  sepia: wordsOr("0"),
  "underline-offset": (value) => value === "auto" || spacing(value),
  "outline-offset": spacing,
  accent: any,
  transition: wordsOr("none all colors opacity shadow transform"),
  duration: numberLike,
  resize: oneOf("none y x"),
  overflow: oneOf("auto hidden clip visible scroll"),
  "overflow-x": oneOf("auto hidden clip visible scroll"),
  "overflow-y": oneOf("auto hidden clip visible scroll"),
  grow: wordsOr("0"),
  shrink: wordsOr("0"),
  fill: any,
};
for (const side of ["", "x", "y", "s", "e", "t", "r", "b", "l"]) {
  prefixGroups[`p${side}`] = spacing;
  prefixGroups[`m${side}`] = spacingOr("auto");
}
for (const side of ["inset", "inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"]) prefixGroups[side] = spacingOr("auto");

/** bg-[…]: by its label ([image:…], [size:…], [position:…]) or an image function; otherwise a colour. */
function bgOfArbitrary(value: string): Group {
  const match = arbitrary(value);
  if (!match) return undefined;
  const [, label, inner] = match;
  if (label === "position") return "bg-position";
  if (label === "size" || label === "length" || label === "percentage") return "bg-size";
  if (label === "image" || label === "url") return "bg-image";
  if (!label && /^(url|image|image-set|cross-fade|element|(repeating-)?(linear|radial|conic)-gradient)\(.+\)$/.test(inner!)) return "bg-image";
  return undefined;
}

/** The group of a utility without variants, important mark or minus sign (see tailwind-merge's class map). */
function groupOf(utility: string): Group {
  const keyword = keywordGroups[utility];
  if (keyword) return keyword;
  const property = /^\[([^\]:]+):.+\]$/.exec(utility);
  if (property) return `arbitrary..${property[1]}`;
  const bare = groupOfBare(utility);
  if (bare) return bare;
  // The longest known prefix wins: justify-self-start is justify-self, not justify.
  for (let end = utility.lastIndexOf("-"); end > 0; end = utility.lastIndexOf("-", end - 1)) {
    const prefix = utility.slice(0, end);
    const value = utility.slice(end + 1);
    const group = groupOfPrefixed(prefix, value);
    if (group) return group;
  }
  return undefined;
}

function groupOfPrefixed(prefix: string, value: string): Group {
  if (value === "") return undefined;
  const accepts = prefixGroups[prefix];
  if (accepts) return accepts(value) ? (prefix === "col-span" ? "col-start-end" : prefix) : undefined;
  switch (prefix) {
    case "text":
      if (value === "base" || isTshirtSize(value) || isArbitraryLength(value)) return "font-size";
      if (oneOf("left center right justify start end")(value)) return "text-alignment";
      if (oneOf("wrap nowrap balance pretty")(value)) return "text-wrap";
      return "text-color";
    case "font":
      return oneOf("thin extralight light normal medium semibold bold extrabold black")(value) || isArbitraryNumber(value) ? "font-weight" : "font-family";
    case "bg":
      return bgOfArbitrary(value) ?? "bg-color";
    case "border":
      if (LINE_STYLES(value) || value === "hidden") return "border-style";
      if (value === "collapse" || value === "separate") return "border-collapse";
      return isNumber(value) || isArbitraryLength(value) ? "border-w" : "border-color";
    case "divide-x":
    case "divide-y":
      return value === "reverse" ? `${prefix}-reverse` : prefix;
    case "divide":
      return LINE_STYLES(value) ? "divide-style" : "divide-color";
    case "ring":
      if (value === "inset") return "ring-w-inset";
      return isLength(value) || isArbitraryLength(value) ? "ring-w" : "ring-color";
    case "ring-offset":
      return isLength(value) || isArbitraryLength(value) ? "ring-offset-w" : "ring-offset-color";
    case "shadow":
      return oneOf("inner none")(value) || isTshirtSize(value) || isArbitraryShadow(value) ? "shadow" : "shadow-color";
    case "outline":
      if (LINE_STYLES(value)) return "outline-style";
      return isLength(value) || isArbitraryLength(value) ? "outline-w" : "outline-color";
    case "decoration":
      if (LINE_STYLES(value) || value === "wavy") return "text-decoration-style";
      return oneOf("auto from-font")(value) || isLength(value) || isArbitraryLength(value) ? "text-decoration-thickness" : "text-decoration-color";
    case "rounded":
      return "rounded";
    case "flex":
      if (oneOf("row row-reverse col col-reverse")(value)) return "flex-direction";
      if (oneOf("wrap wrap-reverse nowrap")(value)) return "flex-wrap";
      return oneOf("1 auto initial none")(value) || isArbitraryValue(value) ? "flex" : undefined;
    case "justify":
      return oneOf("normal start end center between around evenly stretch")(value) ? "justify-content" : undefined;
    case "content":
      if (oneOf("normal center start end between around evenly stretch baseline")(value)) return "align-content";
      return value === "none" || isArbitraryValue(value) ? "content" : undefined;
    case "list":
      if (value === "inside" || value === "outside") return "list-style-position";
      return oneOf("none disc decimal")(value) || isArbitraryValue(value) ? "list-style-type" : undefined;
    case "object":
      if (oneOf("contain cover fill none scale-down")(value)) return "object-fit";
      return oneOf("bottom center left left-bottom left-top right right-bottom right-top top")(value) || isArbitraryValue(value)
        ? "object-position"
        : undefined;
    case "from":
    case "via":
    case "to":
      return /^\d+%$/.test(value) || isArbitraryLength(value) ? `gradient-${prefix}-pos` : `gradient-${prefix}`;
    case "stroke":
      return isLength(value) || isArbitraryLength(value) || isArbitraryNumber(value) ? "stroke-w" : "stroke";
  }
  const side = /^(border|rounded)-([a-z]{1,2})$/.exec(prefix);
  if (side) {
    const [, kind, where] = side;
    if (kind === "rounded")
      return ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"].includes(where!) ? `rounded-${where}` : undefined;
    if (!SIDES.includes(where!)) return undefined;
    return isNumber(value) || isArbitraryLength(value) ? `border-w-${where}` : `border-color-${where}`;
  }
  return undefined;
}

/** The side forms of "border" and "rounded" alone: border-t is a width, rounded-b a radius. */
function groupOfBare(utility: string): Group {
  const side = /^(border|rounded)-([a-z]{1,2})$/.exec(utility);
  if (!side) return undefined;
  const [, kind, where] = side;
  if (kind === "border") return SIDES.includes(where!) ? `border-w-${where}` : undefined;
  return ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"].includes(where!) ? `rounded-${where}` : undefined;
}

const sides = (group: string, list: string) => list.split(" ").map((side) => `${group}-${side}`);
/** A group that also replaces these earlier ones (tailwind-merge's conflictingClassGroups). */
const OVERRIDES: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "fvn-normal": ["fvn-spacing"],
  "fvn-spacing": ["fvn-normal"],
  rounded: sides("rounded", "s e t r b l ss se ee es tl tr br bl"),
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "border-w": sides("border-w", "s e t r b l"),
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": sides("border-color", "s e t r b l"),
  "border-color-x": ["border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
};

/** Splits "dark:hover:bg-x" into its variants and the utility; a colon inside [brackets] belongs to them. */
function parse(token: string) {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const char = token[i];
    if (char === "[") depth++;
    else if (char === "]") depth--;
    else if (char === ":" && depth === 0) {
      variants.push(token.slice(start, i));
      start = i + 1;
    }
  }
  let utility = token.slice(start);
  const important = utility.startsWith("!");
  if (important) utility = utility.slice(1);
  return { variants, important, utility };
}

/** Variants in a fixed order, except that an arbitrary variant ([&>li]) keeps its place among them. */
function variantKey(variants: string[]) {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[")) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  sorted.push(...run.sort());
  return sorted.join(":");
}

/** The group of a utility, its minus sign (a negative margin) and an opacity or line-height postfix aside. */
function classify(utility: string): Group {
  const positive = utility.startsWith("-") && utility.length > 1 ? utility.slice(1) : utility;
  return groupOf(positive) ?? (positive.includes("/") ? groupOf(positive.slice(0, positive.lastIndexOf("/"))) : undefined);
}

const cache = new Map<string, string>();

/** Drops each class that a later class of the same group (or one that overrides its group) replaces; keeps the order. */
export function mergeClasses(classList: string): string {
  const cached = cache.get(classList);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  const tokens = classList.trim().split(/\s+/);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (!token) continue;
    const { variants, important, utility } = parse(token);
    const group = classify(utility);
    if (!group) {
      kept.push(token);
      continue;
    }
    const scope = variantKey(variants) + (important ? "!" : "");
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const overridden of OVERRIDES[group] ?? []) taken.add(scope + overridden);
    kept.push(token);
  }
  const merged = kept.reverse().join(" ");
  if (cache.size > 500) cache.clear();
  cache.set(classList, merged);
  return merged;
}
