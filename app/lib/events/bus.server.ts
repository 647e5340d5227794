import type { DB } from "~/db/db.server";
import type { DomainEvent, DomainEventKind, EventOf } from "./events";

/**
 * emit/subscribe (docs/decisions/0028-domain-events.md). The feature that
 * makes a change calls `emit(trx, event)` inside the transaction that makes
 * it; every subscriber runs there and then, with that transaction, and
 * enqueues its durable work in it (integration deliveries, outbox jobs). The
 * change and everything it sets off commit together or not at all; nothing
 * slow or external happens inside (that is the jobs' business, after commit).
 *
 * Subscribers register once at start-up from app/subscriptions.server.ts,
 * which the server and the test setup both load, so a lower feature never
 * imports the higher ones that react to it.
 */

/** What a subscriber returns: how many jobs it queued (the caller may wake the job runner), or nothing. */
export type Handler<K extends DomainEventKind> = (trx: DB, event: EventOf<K>) => Promise<number | void>;

const handlers = new Map<DomainEventKind, Array<Handler<DomainEventKind>>>();
let registered = false;
let loader: (() => Promise<void>) | undefined;
let loading: Promise<void> | undefined;

export function subscribe<K extends DomainEventKind>(kind: K, handler: Handler<K>) {
  const list = handlers.get(kind) ?? [];
  list.push(handler as unknown as Handler<DomainEventKind>);
  handlers.set(kind, list);
}

/** Called by app/subscriptions.server.ts once every subscriber is in: from then on an event may be emitted. */
export function markSubscriptionsRegistered() {
  registered = true;
}

export function subscriptionsRegistered() {
  return registered;
}

/**
 * The test setup's way of registering (tests/setup/test-env.ts): on first
 * use rather than in every test file, since loading every subscriber (the hub
 * validates its templates as it loads) costs seconds a file and most test
 * files never emit.
 */
export function registerOnFirstUse(load: () => Promise<void>) {
  loader = load;
}

/** Registers through the loader given to registerOnFirstUse, if nothing is registered yet. */
export async function ensureSubscriptions() {
  if (registered || !loader) return;
  loading ??= loader();
  await loading;
}

/**
 * Runs the event's subscribers in order inside `trx`; returns how many jobs
 * they queued. A subscriber that throws rolls the caller's transaction back
 * with it: the change is not made without what must follow it.
 */
export async function emit(trx: DB, event: DomainEvent): Promise<number> {
  await ensureSubscriptions();
  // An entry point that forgot to register would drop every CRM delivery, push and email without a word.
  if (!registered) throw new Error(`${event.kind} emitted before the subscriptions were registered (app/subscriptions.server.ts)`);
  let queued = 0;
  for (const handler of handlers.get(event.kind) ?? []) queued += (await handler(trx, event)) ?? 0;
  return queued;
}
