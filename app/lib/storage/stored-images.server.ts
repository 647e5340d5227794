import { randomBytes } from "node:crypto";
import path from "node:path";
import { MaxPartSizeExceededError } from "@remix-run/node";
import { MULTIPART_OVERHEAD_BYTES, readFormData } from "~/lib/http/form-body.server";
import { readAll } from "./object-storage";
import { getStorage } from "./storage.server";
import { badRequest } from "~/lib/http/errors.server";

/**
 * Uploaded pictures (profile pictures, organization logos): objects
 * `uploads/<folder>/<name>` of the app's store, named by their owner's id and
 * a random suffix so every upload gets a new URL (the image routes cache for
 * a year). The database keeps only the name.
 */
export const IMAGE_CONTENT_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", gif: "image/gif" } as const;
export type ImageExtension = keyof typeof IMAGE_CONTENT_TYPES;

const FILE_NAME = /^[A-Za-z0-9-]+\.(png|jpg|webp|gif)$/;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type by the file's own first bytes. The browser's MIME type comes
 * from the file name, so a text file renamed to .png would pass that check.
 */
export function sniffImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/**
 * Reads a form with one picture into memory, the file capped at
 * `maxFileBytes` and the whole body just above it. `tooLarge` means the cap
 * was hit: the caller answers with a message at the field rather than letting
 * the error become a 500.
 */
export async function parseImageUpload(
  request: Request,
  maxFileBytes: number,
): Promise<{ formData: FormData; tooLarge: false } | { formData: null; tooLarge: true }> {
  try {
    return { formData: await readFormData(request, { maxFileBytes, maxBytes: maxFileBytes + MULTIPART_OVERHEAD_BYTES }), tooLarge: false };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { formData: null, tooLarge: true };
    // The reader's own refusals (413, 400) carry their page; anything else is a malformed body, the client's fault.
    if (error instanceof Response) throw error;
    badRequest();
  }
}

/** The pictures of one folder of the store: saved under fresh names, read and removed by name; a name that is not one of ours is refused. */
export function storedImages(folder: "avatars" | "logos") {
  const keyOf = (fileName: string) => (FILE_NAME.test(fileName) ? `uploads/${folder}/${fileName}` : null);
  return {
    async save(ownerId: string, bytes: Uint8Array, extension: ImageExtension) {
      const fileName = `${ownerId}-${randomBytes(8).toString("hex")}.${extension}`;
      const key = keyOf(fileName);
      if (!key) throw new Error("the owner id does not make a safe file name");
      await getStorage().putBytes(key, bytes, IMAGE_CONTENT_TYPES[extension]);
      return fileName;
    },
    /** A file already gone is not an error. */
    async remove(fileName: string | null | undefined) {
      const key = fileName ? keyOf(fileName) : null;
      if (key) await getStorage().delete(key);
    },
    async read(fileName: string) {
      const key = keyOf(fileName);
      const contentType = IMAGE_CONTENT_TYPES[path.extname(fileName).slice(1) as ImageExtension] ?? null;
      if (!key || !contentType) return null;
      const stream = await getStorage().read(key);
      return stream ? { bytes: await readAll(stream), contentType } : null;
    },
  };
}
