import { randomBytes } from "node:crypto";
import path from "node:path";
import { MaxPartSizeExceededError } from "@remix-run/node";
import { getEnv } from "~/config/env.server";
import { MULTIPART_OVERHEAD_BYTES, readFormData } from "~/lib/http/form-body.server";
import { readAll } from "~/lib/storage/object-storage";
import { getStorage } from "~/lib/storage/storage.server";

/**
 * Profile pictures are objects `uploads/avatars/<name>` of the app's store
 * (~/lib/storage: DATA_DIR/uploads/avatars on the local disk), named by the
 * user id and a random suffix so every upload gets a new URL (the avatar route
 * caches for a year). users.profile_picture holds only the file name.
 */
const CONTENT_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", gif: "image/gif" } as const;
export type AvatarExtension = keyof typeof CONTENT_TYPES;

const FILE_NAME = /^[A-Za-z0-9-]+\.(png|jpg|webp|gif)$/;

/** The object key of a stored name; anything that is not one of our own names is refused. */
function avatarKey(fileName: string) {
  return FILE_NAME.test(fileName) ? `uploads/avatars/${fileName}` : null;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type by the file's own first bytes. The browser's MIME type comes
 * from the file name, so a text file renamed to .png would pass that check.
 */
export function sniffImageType(bytes: Uint8Array): AvatarExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

function contentTypeOf(fileName: string) {
  const extension = path.extname(fileName).slice(1) as AvatarExtension;
  return CONTENT_TYPES[extension] ?? null;
}

/**
 * Reads the picture form into memory with the file capped at
 * MAX_AVATAR_BYTES and the whole body just above it. `tooLarge` means the cap was hit: the caller answers with
 * a message at the field rather than letting the error become a 500.
 */
export async function parseAvatarUpload(request: Request): Promise<{ formData: FormData; tooLarge: false } | { formData: null; tooLarge: true }> {
  const maxFileBytes = getEnv().MAX_AVATAR_BYTES;
  try {
    return { formData: await readFormData(request, { maxFileBytes, maxBytes: maxFileBytes + MULTIPART_OVERHEAD_BYTES }), tooLarge: false };
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { formData: null, tooLarge: true };
    // The reader's own refusals (413, 400) carry their page; anything else is a malformed body, the client's fault.
    if (error instanceof Response) throw error;
    throw new Response("Bad Request", { status: 400 });
  }
}

/** Writes the bytes under a fresh name and returns that name. */
export async function saveAvatar(userId: string, bytes: Uint8Array, extension: AvatarExtension) {
  const fileName = `${userId}-${randomBytes(8).toString("hex")}.${extension}`;
  const key = avatarKey(fileName);
  if (!key) throw new Error("user id does not make a safe file name");
  await getStorage().putBytes(key, bytes, CONTENT_TYPES[extension]);
  return fileName;
}

/** Removes a stored picture; a file already gone is not an error. */
export async function deleteAvatar(fileName: string | null | undefined) {
  const key = fileName ? avatarKey(fileName) : null;
  if (!key) return;
  await getStorage().delete(key);
}

export async function readAvatar(fileName: string) {
  const key = avatarKey(fileName);
  const contentType = contentTypeOf(fileName);
  if (!key || !contentType) return null;
  const stream = await getStorage().read(key);
  return stream ? { bytes: await readAll(stream), contentType } : null;
}
