import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/**
 * An answer written before its request body was read to the end (a 413 for
 * an oversized upload, a 401 to a large body) ends the connection: nothing
 * will read the rest of that body, so the connection cannot carry another
 * request. Closing the socket at once is not enough, though: a socket closed
 * with unread bytes in it sends a reset, and a reset can wipe the answer at
 * the client before the client, still busy sending, has read it (the API's
 * documented 413 reached clients as "connection reset").
 *
 * So the answer says `Connection: close`, and once it is out the server stops
 * sending (FIN) but keeps reading and dropping what still arrives, as nginx's
 * lingering close does, until the body ends, nothing arrives for a while, or
 * the time is up. Only then is the socket closed.
 */

export interface LingerLimits {
  /** Longest the rest of a body is read and dropped. */
  maxMs: number;
  /** Longest wait for the next chunk of it. */
  idleMs: number;
}

const DEFAULT_LIMITS: LingerLimits = { maxMs: 15_000, idleMs: 2_000 };

function linger(req: IncomingMessage, socket: Socket, limits: LingerLimits) {
  const close = () => socket.destroy();
  const timer = setTimeout(close, limits.maxMs);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.setTimeout(limits.idleMs, close);
  // The answer is already queued; end() sends it, then the FIN. HTTP server sockets are half-open, so reading goes on.
  socket.end();
  // Whoever was reading the body (the app's stream of it) has given up; the rest is dropped here.
  req.removeAllListeners("data");
  req.on("data", () => undefined);
  req.once("end", close);
  req.once("error", close);
  req.resume();
}

/** Express middleware: every answer that goes out before its request is read in full closes its connection gently. */
export function closeGentlyAfterEarlyAnswers(limits: LingerLimits = DEFAULT_LIMITS) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
      if (!req.complete) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    } as ServerResponse["writeHead"];

    // Node closes a `Connection: close` socket through destroySoon() when the answer is finished; for a request
    // still arriving, that close becomes the lingering one. Put back afterwards: a socket outlives its requests.
    const socket = req.socket;
    const destroySoon = socket.destroySoon;
    socket.destroySoon = function (this: Socket) {
      if (req.complete) return destroySoon.call(this);
      linger(req, this, limits);
    };
    const restore = () => {
      socket.destroySoon = destroySoon;
    };
    res.once("finish", restore);
    res.once("close", restore);
    next();
  };
}
