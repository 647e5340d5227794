import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData, type UploadHandler, type UploadHandlerPart } from "@remix-run/node";
import { formProblem } from "./errors.server";

/**
 * The one way a form action reads its body (docs/decisions/0013). Bytes are
 * counted as they arrive, so a body past the limit is refused while it is
 * still coming in, with or without a Content-Length: a 413 the route's error
 * page shows. Fields and parts are counted too, and a post that is not a form
 * (no Content-Type, text/plain, JSON) is a 400, not an exception.
 */

export const FORM_LIMITS = {
  /** Whole body of a form without a file: our largest such form is a few kilobytes. */
  maxBytes: 1024 * 1024,
  /** Multipart parts, files and fields together. */
  maxParts: 200,
  /** Text fields: urlencoded pairs, or multipart parts without a file name. */
  maxFields: 200,
} as const;

/** Room for the multipart boundaries, part headers and text fields around an uploaded file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * After a refusal the rest of the body is still read, and dropped, up to this
 * much and this long: a browser reads the answer only once it has sent its
 * request. Past either the connection is closed.
 */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

export interface FormBodyOptions {
  maxBytes?: number;
  maxParts?: number;
  maxFields?: number;
  /**
   * Without an uploadHandler, files up to this size are kept in memory (a
   * larger one throws Remix's MaxPartSizeExceededError, for a message at the
   * field); without it, file parts are read and dropped.
   */
  maxFileBytes?: number;
  /** Called for every multipart part, as Remix's unstable_parseMultipartFormData would; what it throws is thrown on unchanged. */
  uploadHandler?: UploadHandler;
}

type Limits = FormBodyOptions & { maxBytes: number; maxParts: number; maxFields: number };

class BodyTooLarge extends Error {}
class TooManyParts extends Error {}
/** Carries what an upload handler threw past the parser, so it is not mistaken for a malformed body. */
class HandlerFailure extends Error {
  constructor(readonly original: unknown) {
    super("upload handler failed");
  }
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

function mediaTypeOf(request: Request) {
  return (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export async function readFormData(request: Request, options: FormBodyOptions = {}): Promise<FormData> {
  const limits: Limits = { ...FORM_LIMITS, ...options };
  const mediaType = mediaTypeOf(request);
  if (mediaType !== URLENCODED && mediaType !== MULTIPART) {
    if (request.body && !request.body.locked) void discardRest(request.body.getReader());
    formProblem("unsupportedType");
  }
  if (!request.body) return new FormData();
  const body = new CountedBody(request.body, limits.maxBytes);
  try {
    return mediaType === URLENCODED ? await readUrlEncoded(body, limits.maxFields) : await readMultipart(request, body, limits);
  } catch (error) {
    const cause = error instanceof HandlerFailure ? error.original : error;
    if (cause instanceof BodyTooLarge || cause instanceof TooManyParts) formProblem("tooLarge", { limitBytes: limits.maxBytes });
    if (error instanceof HandlerFailure || cause instanceof Response) throw cause;
    formProblem("malformed");
  } finally {
    body.release();
  }
}

/** Reads the request body chunk by chunk, counting, and leaves whatever it did not read to be drained. */
class CountedBody {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private received = 0;
  private ended = false;
  private released = false;

  constructor(
    source: ReadableStream<Uint8Array>,
    private readonly maxBytes: number,
  ) {
    this.reader = source.getReader();
  }

  /** The next chunk, or null at the end; throws BodyTooLarge once the limit is passed. */
  async read(): Promise<Uint8Array | null> {
    if (this.released) return null;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return null;
    }
    this.received += value.byteLength;
    if (this.received > this.maxBytes) throw new BodyTooLarge();
    return value;
  }

  /** The same bytes as a stream, for the multipart parser. */
  stream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          try {
            const chunk = await this.read();
            if (this.released) return;
            if (chunk) controller.enqueue(chunk);
            else controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
        cancel: () => this.release(),
      },
      { highWaterMark: 0 },
    );
  }

  release() {
    if (this.released) return;
    this.released = true;
    if (!this.ended) void discardRest(this.reader);
  }
}

/** Reads what is left and throws it away, so the client gets to read the answer; gives up (closing the connection) past the drain limits. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const giveUp = () => void reader.cancel().catch(() => undefined);
  const timer = setTimeout(giveUp, DRAIN_MAX_MS);
  timer.unref?.();
  let dropped = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
      if (dropped > DRAIN_MAX_BYTES) return giveUp();
    }
  } catch {
    // The client went away or the drain was given up: nothing is left to read.
  } finally {
    clearTimeout(timer);
  }
}

async function readAll(next: () => Promise<Uint8Array | null>) {
  const chunks: Uint8Array[] = [];
  for (let chunk = await next(); chunk; chunk = await next()) chunks.push(chunk);
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** Counts the pairs before parsing: a million empty pairs fit in a megabyte and would each become an entry. */
function countPairs(text: string) {
  let pairs = 0;
  for (let i = 0; i < text.length; i++) if (text[i] !== "&" && (i === 0 || text[i - 1] === "&")) pairs++;
  return pairs;
}

async function readUrlEncoded(body: CountedBody, maxFields: number) {
  const text = await readAll(() => body.read());
  if (countPairs(text) > maxFields) throw new TooManyParts();
  const formData = new FormData();
  for (const [name, value] of new URLSearchParams(text)) formData.append(name, value);
  return formData;
}

async function readPart(part: UploadHandlerPart) {
  const iterator = part.data[Symbol.asyncIterator]();
  return readAll(async () => {
    const { done, value } = await iterator.next();
    return done ? null : value;
  });
}

async function dropPart(part: UploadHandlerPart) {
  for await (const _chunk of part.data) {
    // A file this form does not take: read past it so the parser moves on.
  }
}

function defaultUploadHandler(maxFileBytes: number | undefined): UploadHandler {
  const keepFile = maxFileBytes ? unstable_createMemoryUploadHandler({ maxPartSize: maxFileBytes }) : null;
  return async (part) => {
    if (typeof part.filename !== "string") return readPart(part);
    if (keepFile) return keepFile(part);
    await dropPart(part);
    return undefined;
  };
}

async function readMultipart(request: Request, body: CountedBody, limits: Limits) {
  const handler = limits.uploadHandler ?? defaultUploadHandler(limits.maxFileBytes);
  let parts = 0;
  let fields = 0;
  const counted: UploadHandler = async (part) => {
    parts++;
    if (typeof part.filename !== "string") fields++;
    if (parts > limits.maxParts || fields > limits.maxFields) throw new TooManyParts();
    try {
      return await handler(part);
    } catch (error) {
      throw new HandlerFailure(error);
    }
  };
  // The parser reads request.body; it gets the counted stream instead, under the same headers.
  const counting = new Request(request.url, { method: request.method, headers: request.headers, body: body.stream(), duplex: "half" } as RequestInit);
  return unstable_parseMultipartFormData(counting, counted);
}
