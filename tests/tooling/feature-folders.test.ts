import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** docs/decisions/0029-code-layout.md: a feature folder over about 25 files gets sub-folders by what they do. */
const MAX_FILES = 25;
const FEATURES = path.resolve(__dirname, "../../app/features");

function folders(dir: string): string[] {
  const subfolders = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return [dir, ...subfolders.flatMap((entry) => folders(path.join(dir, entry.name)))];
}

describe("feature folders", () => {
  it(`hold at most ${MAX_FILES} files each, directly`, () => {
    const crowded = folders(FEATURES)
      .map((dir) => ({
        dir: path.relative(FEATURES, dir) || ".",
        files: fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile()).length,
      }))
      .filter(({ files }) => files > MAX_FILES);
    expect(crowded).toEqual([]);
  });
});
