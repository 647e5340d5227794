/**
 * Work a request starts but its answer must not wait for: the answer would
 * otherwise take longer exactly when there is something to do (a reset link
 * for an address that has an account), which tells the asker more than the
 * page does. The work starts on a later turn of the event loop; a failure is
 * logged, since nobody is left to show it to.
 */
const pending = new Set<Promise<void>>();

export function runAfterResponse(label: string, work: () => Promise<unknown>) {
  const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => console.error(`${label} failed:`, error),
    )
    .finally(() => pending.delete(task));
  pending.add(task);
}

/** Resolves once every queued piece of work has finished, including work queued meanwhile (tests, shutdown). */
export async function settleAfterResponseWork() {
  while (pending.size > 0) await Promise.all([...pending]);
}
