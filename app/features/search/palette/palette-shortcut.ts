// The launcher's own helpers, apart from palette-options.ts: what the launcher imports ships with every dashboard page,
// and a module shared with the palette would become a chunk of its own that every page preloads.

/** Whether a key press is the palette's shortcut: Ctrl+K, or ⌘K on a Mac, without Alt or Shift. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";
}

/** Apple keyboards say ⌘ where others say Ctrl. */
export const isApplePlatform = (platform: string) => /mac|iphone|ipad|ipod/i.test(platform);
