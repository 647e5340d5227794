import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What every log line of one piece of work carries: a request's id (the
 * caller's X-Request-Id, or one made here) and, once the gate knows them, the
 * tenant and user; or a job runner tick's own id. Kept in AsyncLocalStorage,
 * so work a request starts (an outbound fetch, a job runner tick it kicks, an
 * email sent after the response) logs under the same id.
 */
export interface WorkContext {
  requestId: string;
  /** The client's address as the server saw it (Express's req.ip); the audit log records it. */
  ip?: string;
  tenantId?: string;
  userId?: string;
  /** A GET or HEAD: nothing this request does changes what its loaders read, so they may share reads (requestMemo). */
  readOnly?: boolean;
  /** Reads shared by the loaders of one read-only request, by key. */
  memo?: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<WorkContext>();

export function runWithContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}

/** The gate (or an API key) has identified who this request is for. */
export function identifyRequest(identity: { tenantId: string; userId?: string }) {
  const context = storage.getStore();
  if (!context) return;
  context.tenantId = identity.tenantId;
  if (identity.userId) context.userId = identity.userId;
}

const INCOMING_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** An incoming X-Request-Id is kept when it is a plausible id (a load balancer's, a client's); anything else is replaced. */
export function requestIdFrom(header: string | null | undefined) {
  return header && INCOMING_ID.test(header) ? header : crypto.randomUUID();
}

/**
 * One read shared by every loader of a GET or HEAD request. Remix gives each
 * loader a Request object of its own (it strips its internal params by making
 * a new one), so a WeakMap on the Request does not reach across them; the
 * request's context does. A request that runs an action computes every time:
 * its loaders must see what the action changed. Without a context (tests,
 * the job runner) it simply computes.
 */
export function requestMemo<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const context = storage.getStore();
  if (!context?.readOnly) return compute();
  context.memo ??= new Map();
  let pending = context.memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = compute();
    context.memo.set(key, pending);
  }
  return pending;
}
