import { lookup as systemLookup, type LookupAddress } from "node:dns";
import { promisify } from "node:util";
import { isIP, type LookupFunction } from "node:net";
import { Agent, fetch, type RequestInit, type Response } from "undici";
import { getEnv } from "~/config/env.server";
import { judgeAddress, type AddressVerdict } from "./address-policy";

/**
 * Every request the server sends to an address a tenant or a platform chose
 * (call audio now, the integration hub later) goes through guardedFetch, so
 * none can reach the server's own network: loopback admin ports, the cloud
 * metadata service at 169.254.169.254, the LAN (docs/decisions/0012).
 *
 * The address is judged where the connection is made: the agent's `lookup`
 * resolves the name, refuses it when any answer is not public, and hands the
 * checked answers to the socket. There is no second lookup that a DNS server
 * could answer differently (DNS rebinding). Literal addresses, which never
 * reach a lookup, are judged before the request. Redirects are followed by
 * hand, each hop judged the same way.
 */

export class OutboundRefusal extends Error {
  override name = "OutboundRefusal";
}

export type GuardedResponse = Response;
export type GuardedRequestInit = Omit<RequestInit, "redirect" | "dispatcher">;

export interface GuardOptions {
  /** Loopback and private networks allowed too; by default OUTBOUND_ALLOW_PRIVATE. */
  allowPrivate?: boolean;
  maxRedirects?: number;
  /** How host names are resolved; tests pass their own to play DNS tricks without a network. */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
  /** Which addresses count as public; tests pretend one loopback address is, since they have no other network. */
  judge?: (address: string) => AddressVerdict;
}

type Judge = NonNullable<GuardOptions["judge"]>;

const lookupAll = promisify(systemLookup);
const resolveWithSystem = (hostname: string) => lookupAll(hostname, { all: true, verbatim: true });

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Not sent on to another origin after a redirect: they were meant for the first one. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

function refusedAddress(host: string, address: string, range: string) {
  const subject = host === address ? address : `${host} resolves to ${address}, which`;
  return new OutboundRefusal(`${subject} is not a public address (${range})`);
}

function pinnedLookup(resolve: NonNullable<GuardOptions["resolve"]>, judge: Judge, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const wanted = options.family === 4 || options.family === 6 ? answers.filter((answer) => answer.family === options.family) : answers;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
          return;
        }
        if (!allowPrivate) {
          for (const answer of wanted) {
            const verdict = judge(answer.address);
            if (!verdict.allowed) {
              callback(refusedAddress(hostname, answer.address, verdict.range), "", 0);
              return;
            }
          }
        }
        if (options.all) callback(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

function assertFetchable(url: URL, judge: Judge, allowPrivate: boolean) {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRefusal("only http:// and https:// URLs are fetched");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (allowPrivate || isIP(host) === 0) return;
  const verdict = judge(host);
  if (!verdict.allowed) throw refusedAddress(host, host, verdict.range);
}

/** fetch() wraps every failure in "fetch failed"; a refusal from the lookup is the answer, not a detail. */
function unwrapped(error: unknown) {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof OutboundRefusal ? cause : error;
}

const canResend = (body: RequestInit["body"]) =>
  body === undefined || body === null || typeof body === "string" || body instanceof URLSearchParams || ArrayBuffer.isView(body) || body instanceof ArrayBuffer;

/**
 * fetch() for a URL someone else chose. Throws OutboundRefusal for a
 * non-public address (of any hop), another scheme or too many redirects;
 * other failures are fetch's own. The answer's body is the caller's to read
 * or cancel; its connection closes once that is done.
 */
export async function guardedFetch(input: string | URL, init: GuardedRequestInit = {}, options: GuardOptions = {}): Promise<GuardedResponse> {
  const allowPrivate = options.allowPrivate ?? getEnv().OUTBOUND_ALLOW_PRIVATE;
  const maxRedirects = options.maxRedirects ?? 5;
  // One agent per call: its connections were made for this call's checks and go with it.
  const judge = options.judge ?? judgeAddress;
  const agent = new Agent({ connect: { lookup: pinnedLookup(options.resolve ?? resolveWithSystem, judge, allowPrivate) } });
  let target = new URL(input);
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body;
  const headers = new Headers(init.headers as HeadersInit | undefined);
  try {
    for (let hop = 0; ; hop++) {
      assertFetchable(target, judge, allowPrivate);
      let response: Response;
      try {
        response = await fetch(target, { ...init, method, body, headers, redirect: "manual", dispatcher: agent });
      } catch (error) {
        throw unwrapped(error);
      }
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
      if (!location) {
        // Graceful: the connection stays until the caller has read or cancelled the body.
        void agent.close();
        return response;
      }
      await response.body?.cancel().catch(() => undefined);
      if (hop >= maxRedirects) throw new OutboundRefusal(`more than ${maxRedirects} redirects`);
      const next = new URL(location, target);
      if (next.origin !== target.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
      if ((response.status === 303 && method !== "HEAD") || ((response.status === 301 || response.status === 302) && method === "POST")) {
        method = "GET";
        body = undefined;
        headers.delete("content-type");
        headers.delete("content-length");
      } else if (!canResend(body)) {
        throw new OutboundRefusal("a streamed request body cannot be sent again after a redirect");
      }
      target = next;
    }
  } catch (error) {
    void agent.destroy();
    throw error;
  }
}
