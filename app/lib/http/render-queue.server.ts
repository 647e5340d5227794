import type { RequestHandler } from "express";

/**
 * Lets a few page renders run at once and queues the rest in arrival order.
 *
 * Rendering is CPU work: on a small machine fifty pages rendered side by side
 * finish no sooner than fifty rendered a few at a time, but each holds its
 * data, its HTML and a compressor meanwhile, so memory climbed past half a
 * gigabyte under load (issue 9). Only pages and their data requests queue
 * (GET/HEAD asking for HTML, or Remix's `.data` requests); assets, health
 * checks, audio streams and form posts pass straight through. A request whose
 * client has gone away leaves the queue.
 */
export function renderQueue(maxActive: number): RequestHandler {
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) next();
  };

  return (req, res, next) => {
    const isPage = (req.method === "GET" || req.method === "HEAD") && (req.path.endsWith(".data") || (req.get("accept") ?? "").includes("text/html"));
    if (!isPage) return next();
    const start = () => {
      active += 1;
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        release();
      };
      res.once("finish", done);
      res.once("close", done);
      next();
    };
    if (active < maxActive) {
      start();
      return;
    }
    // The response (not the request, which closes once read) tells when the client has gone away.
    const leave = () => {
      const index = waiting.indexOf(resume);
      if (index !== -1) waiting.splice(index, 1);
    };
    const resume = () => {
      res.off("close", leave);
      start();
    };
    res.once("close", leave);
    waiting.push(resume);
  };
}
