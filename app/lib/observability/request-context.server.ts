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
