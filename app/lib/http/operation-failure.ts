/**
 * Failures the user can do nothing about but try again (the database is
 * unreachable, a disk is full): our error catalogue (docs/product/errors.md#operation-failures) names each by
 * what failed ("Failed to update phone number", "Failed to fetch the balance"). An action shows
 * that message beside its form, keeping what was typed; a loader calls
 * `loadFailed` (errors.server.ts), and the route's error boundary shows its message.
 * Shared by the server and the error boundaries, so it holds no server code.
 */

/** Marks a failed operation: `orFailed` answers it instead of throwing. */
export const FAILED = Symbol("operation failed");

/**
 * Runs an operation; when it throws (anything but a Response thrown on
 * purpose, such as a not-found), the error is logged under `what` and FAILED
 * comes back for the caller to answer with its catalogue message.
 */
export async function orFailed<T>(what: string, operation: () => Promise<T>): Promise<T | typeof FAILED> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`${what} failed`, error);
    return FAILED;
  }
}

/** The body of the 500 `loadFailed` (errors.server.ts) throws. */
export interface LoadFailureBody {
  /** A namespaced translation key ("namespace:path.to.key") the error boundary shows; the route ships that namespace. */
  loadFailed: string;
  message: string;
}

/** The message key of a load failure an error boundary was handed, when it is one. */
export function loadFailureOf(data: unknown): string | null {
  if (!data || typeof data !== "object" || !("loadFailed" in data)) return null;
  const key = (data as { loadFailed: unknown }).loadFailed;
  return typeof key === "string" && /^[a-z-]+:[\w.]+$/.test(key) ? key : null;
}

/**
 * Where a failed delete leads back to: the confirmation page it was posted
 * from (its path only, so never another site), keeping the page it returns to
 * afterwards. The error toast rides along; nothing was deleted.
 */
export function backToConfirmation(request: Request, returnTo?: string | null) {
  const { pathname } = new URL(request.url);
  return returnTo ? `${pathname}?${new URLSearchParams({ returnTo }).toString()}` : pathname;
}
