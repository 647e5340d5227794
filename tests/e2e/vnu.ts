import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

/*
 * The Nu HTML Checker (npm `vnu-jar`, the checker behind validator.w3.org/nu)
 * run once over many files: the JVM takes seconds to start, checking a page
 * takes milliseconds. It needs Java 17 or later (`java` on PATH or in
 * JAVA_HOME; .ci/run installs Debian's default-jre-headless when missing).
 */

const require = createRequire(import.meta.url);
/** The package's main export is the jar's path. */
const VNU_JAR = String(require("vnu-jar") as string);

export interface VnuMessage {
  /** `error`, `info` (warnings are `info` with subType `warning`) or `non-document-error` (the file could not be read). */
  type: string;
  subType?: string;
  /** `file:/…` of the checked file. */
  url: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

function javaCommand() {
  return process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin", "java") : "java";
}

/** Checks the files in one JVM and returns the errors, keyed by file path (files without errors are absent). */
export async function vnuErrors(files: string[]): Promise<Map<string, VnuMessage[]>> {
  const args = ["-jar", VNU_JAR, "--format", "json", "--errors-only", "--exit-zero-always", "--stdout", "--no-langdetect", ...files];
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(javaCommand(), args, { maxBuffer: 64 * 1024 * 1024 }, (error, out, err) => {
      if (error) {
        const hint = (error as NodeJS.ErrnoException).code === "ENOENT" ? " (Java 17 or later is needed: apt-get install default-jre-headless)" : "";
        reject(new Error(`vnu failed to run${hint}: ${error.message}\n${err}`));
      } else resolve(out);
    });
  });
  const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
  const byFile = new Map<string, VnuMessage[]>();
  for (const message of messages) {
    // --errors-only leaves errors and the checker's own failures (an unreadable file, say): both fail.
    if (message.type !== "error" && message.type !== "non-document-error") continue;
    const file = message.url.startsWith("file:") ? decodeURIComponent(new URL(message.url).pathname) : message.url;
    byFile.set(file, [...(byFile.get(file) ?? []), message]);
  }
  return byFile;
}
