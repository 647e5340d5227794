import type { RequestHandler } from "express";

/**
 * A URL whose path is not valid percent-encoding (/api/v1/appointments/%E0%A4%A)
 * names nothing. Express would decode it for its "*" route and answer its own
 * HTML 400; the API answers JSON and nothing else (issue 22, item 5), so such a
 * request is refused here, before any router sees it: JSON under /api/, plain
 * text elsewhere.
 */
export function refuseUndecodablePaths(): RequestHandler {
  return (req, res, next) => {
    if (isDecodable(req.path)) return next();
    res.set("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) {
      res.status(400).json({
        error: {
          code: "invalid_request",
          message: "The request was not accepted.",
          details: [{ path: "(url)", message: "the path is not valid percent-encoded UTF-8" }],
        },
      });
      return;
    }
    res.status(400).type("text/plain").send("Bad Request: the address is not valid / Ungültige Adresse");
  };
}

function isDecodable(path: string) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
