/**
 * Clean-up for the bench scripts: the temporary directory and the server go whatever happens (a normal exit, a thrown
 * error, Ctrl-C). Registered steps run newest first.
 */
export const cleanups: Array<() => void> = [];

export function cleanUp() {
  while (cleanups.length) {
    try {
      cleanups.pop()!();
    } catch {
      // Clean-up is best effort; the original failure is the one worth reporting.
    }
  }
}

process.on("exit", cleanUp);
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
] as const) {
  process.on(signal, () => {
    console.error(`\n${signal} received: stopping the server and removing the temporary files.`);
    cleanUp();
    process.exit(code);
  });
}
